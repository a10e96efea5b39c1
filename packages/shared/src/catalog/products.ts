import { z } from 'zod';
import { priceBreakSchema, specSchema } from './b2b.js';
import { PRODUCT_CATEGORIES } from './categories.js';

/**
 * A product as the API serves it. Field names are the spec's; `image`, `aQty` and `productName`
 * repeat `imgURL`, `aqty` and `name` because the spec's client reads those names in places.
 */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  productName: z.string(),
  /** Unit price in dollars. */
  price: z.number(),
  description: z.string(),
  imgURL: z.string(),
  image: z.string(),
  /** Available quantity (stock). */
  aqty: z.number().int(),
  aQty: z.number().int(),
  /** Minimum order quantity. */
  minquantity: z.number().int(),
  /** DESIGN.md section 9. */
  category: z.enum(PRODUCT_CATEGORIES),
  sku: z.string().nullable(),
  specs: z.array(specSchema),
  /** Pack size: an order quantity (and `minquantity`) is a multiple of it. */
  increment: z.number().int(),
  /** Volume prices (dollars), ascending `minQty`, each cheaper than the one before. */
  priceBreaks: z.array(priceBreakSchema),
});

export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/**
 * `DELETE /api/products/{id}`: a product that has orders is archived instead (gone from the
 * catalog, kept for its orders), and its unpaid orders are cancelled.
 */
export const productDeletedSchema = z.object({
  deletedCount: z.number().int(),
  archived: z.boolean(),
  cancelledOrders: z.number().int(),
});
export type ProductDeleted = z.infer<typeof productDeletedSchema>;

/** `GET /api/products/{id}/open-orders` (admins): what deleting the product would do. */
export const productOpenOrdersSchema = z.object({
  /** Orders of this product of any state: with any, the product is archived, not deleted. */
  orders: z.number().int(),
  /** Unpaid orders that deleting the product cancels. */
  unpaidOrders: z.number().int(),
});
export type ProductOpenOrders = z.infer<typeof productOpenOrdersSchema>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * What the admin's delete dialog says under the spec's text (SPEC section 8 fixes 'You are
 * deleting orderID: …' and 'Yes, delete it!'), from `GET /products/{id}/open-orders`: in a
 * paragraph of its own, what will really happen (issue 22, review defect 21).
 */
export const productRemovalMessages = {
  impact: ({ orders, unpaidOrders }: ProductOpenOrders): string =>
    orders === 0
      ? 'It has no orders, so it will be deleted.'
      : `It has ${plural(orders, 'order')}, so it will be archived, not deleted: removed from the catalog and kept for its orders.${
          unpaidOrders > 0
            ? ` ${plural(unpaidOrders, 'unpaid order')} will be cancelled, and ${unpaidOrders === 1 ? 'its customer is' : 'their customers are'} not charged.`
            : ''
        }`,
  unknownImpact:
    'If it has orders it will be archived instead, and its unpaid orders will be cancelled.',
  archived: ({ cancelledOrders }: { cancelledOrders: number }) =>
    `The product was archived.${cancelledOrders > 0 ? ` ${plural(cancelledOrders, 'unpaid order')} cancelled.` : ''}`,
} as const;
