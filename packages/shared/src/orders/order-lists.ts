import { z } from 'zod';
import { ONE_LINE_PATTERN } from '../accounts/accounts.js';
import { SKU_MAX_LENGTH } from '../catalog/product-rules.js';
import { productSchema } from '../catalog/products.js';
import { b2bMessages, quantityIssue } from '../catalog/b2b-rules.js';
import { stockMessages } from '../catalog/stock.js';
import { linePrice } from '../catalog/line-price.js';
import { orderQuantityField } from './orders.js';
import { QUICK_ORDER_MAX_LINES } from './quick-order.js';

/*
 * Quick order's lookup and the saved order lists (DESIGN.md section 14).
 */

// ---------------------------------------------------------------------------------------------
// POST /api/products/lookup

/** Why a looked-up line cannot be ordered, the first that applies in this order. */
export const LOOKUP_ERROR_CODES = [
  'unknown_sku',
  'below_minimum',
  'not_pack_multiple',
  'out_of_stock',
] as const;
export type LookupErrorCode = (typeof LOOKUP_ERROR_CODES)[number];

export const lookupMessages = {
  unknownSku: (sku: string) => `No product has the SKU ${sku}`,
  skuRequired: 'SKU is required',
  skuTooLong: `SKU must be at most ${SKU_MAX_LENGTH} characters`,
  noLines: 'Send at least one line: a SKU and a quantity',
  tooManyLines: `At most ${QUICK_ORDER_MAX_LINES} lines can be checked at once`,
} as const;

export const lookupRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        sku: z
          .string({ message: lookupMessages.skuRequired })
          .trim()
          .min(1, lookupMessages.skuRequired)
          .max(SKU_MAX_LENGTH, lookupMessages.skuTooLong),
        quantity: orderQuantityField,
      }),
      { message: lookupMessages.noLines },
    )
    .min(1, lookupMessages.noLines)
    .max(QUICK_ORDER_MAX_LINES, lookupMessages.tooManyLines),
});
export type LookupRequest = z.input<typeof lookupRequestSchema>;

export const lookupLineSchema = z.object({
  /** The SKU as sent (trimmed); the product's own spelling is `product.sku`. */
  sku: z.string(),
  quantity: z.number().int(),
  /** The product the SKU names, also when the quantity cannot be ordered. */
  product: productSchema.optional(),
  /** Dollars, only for a line that can be ordered: the unit price its quantity earns today. */
  unitPrice: z.number().optional(),
  lineTotal: z.number().optional(),
  error: z.object({ code: z.enum(LOOKUP_ERROR_CODES), message: z.string() }).optional(),
});
export type LookupLine = z.infer<typeof lookupLineSchema>;

export const lookupResultSchema = z.object({ lines: z.array(lookupLineSchema) });
export type LookupResult = z.infer<typeof lookupResultSchema>;

/**
 * Why a quantity of a product cannot be ordered, in the lookup's order (below the minimum, not
 * a multiple of the pack size, more than the stock): the order's own rules (`quantityIssue`),
 * which put a stock below the minimum first, read in the contract's order. A product whose stock
 * is below its minimum is out of stock for any quantity that passes the other two.
 */
export function lookupIssue(
  product: { aqty: number; minquantity: number; increment: number },
  quantity: number,
): { code: LookupErrorCode; message: string } | null {
  const issue = quantityIssue(
    { ...product, aqty: Math.max(product.aqty, product.minquantity) },
    quantity,
  );
  if (issue && issue.code !== 'out_of_stock_for_minimum') return issue;
  if (product.aqty < product.minquantity) {
    return {
      code: 'out_of_stock',
      message: stockMessages.notEnoughForMinimum(product.minquantity),
    };
  }
  return null;
}

/** A looked-up line for a product (in the API's shape, dollars) and a quantity. */
export function lookupLine(
  sku: string,
  quantity: number,
  product: z.infer<typeof productSchema> | undefined,
): LookupLine {
  if (!product) {
    return {
      sku,
      quantity,
      error: { code: 'unknown_sku', message: lookupMessages.unknownSku(sku) },
    };
  }
  const error = lookupIssue(product, quantity);
  if (error) return { sku, quantity, product, error };
  const { unitPrice, lineTotal } = linePrice(product, quantity);
  return { sku, quantity, product, unitPrice, lineTotal };
}

// ---------------------------------------------------------------------------------------------
// Saved order lists: GET/POST /api/order-lists, PUT/DELETE /api/order-lists/{id}

/** At most this many lists per customer, the default one included. */
export const MAX_ORDER_LISTS = 20;
/** At most this many lines (products) in one saved list. */
export const MAX_ORDER_LIST_LINES = 200;
export const ORDER_LIST_NAME_MAX_LENGTH = 60;

export const orderListMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${ORDER_LIST_NAME_MAX_LENGTH} characters`,
  nameOneLine: 'Name must be on one line, without line breaks or control characters',
  tooManyLines: `A saved list can have at most ${MAX_ORDER_LIST_LINES} products`,
  tooManyLists: `You can keep at most ${MAX_ORDER_LISTS} order lists, your order list included: delete one first`,
  unknownProduct: 'Unknown product',
  defaultExists: 'You already have an order list: change it with PUT /api/order-lists/{id}',
  defaultNotDeleted: 'Your order list itself cannot be deleted: empty it instead',
  nothingToChange: 'Send a name, lines or both',
  /** ux 2026-11-28 #26: names are unique per customer, in any case. */
  nameTaken: (name: string) =>
    `You already have a saved list named "${name}": choose another name, or open that list and save over it`,
  notFound: 'Order list',
} as const;

const listNameField = z
  .string({ message: orderListMessages.nameRequired })
  .trim()
  .min(1, orderListMessages.nameRequired)
  .max(ORDER_LIST_NAME_MAX_LENGTH, orderListMessages.nameTooLong)
  .regex(ONE_LINE_PATTERN, orderListMessages.nameOneLine);

const listLinesField = z
  .array(
    z.object({
      productId: z.string({ message: 'Choose a product' }).min(1, 'Choose a product').max(64),
      quantity: orderQuantityField,
    }),
    { message: b2bMessages.noLines },
  )
  .max(MAX_ORDER_LIST_LINES, orderListMessages.tooManyLines)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.productId)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'productId'],
          message: b2bMessages.duplicateLine,
        });
      }
      seen.add(line.productId);
    });
  });

/**
 * `POST /api/order-lists`: a named list of products and quantities (may be empty). `isDefault`
 * makes it the customer's order list itself, the one the web app keeps in step (at most one).
 */
export const orderListCreateSchema = z
  .object({
    name: listNameField,
    lines: listLinesField,
    isDefault: z.boolean().optional(),
  })
  // Unknown keys (`userId`, ...) are refused, as in every other body (security 2026-11-28 #16).
  .strict();
export type OrderListCreate = z.input<typeof orderListCreateSchema>;

/** `PUT /api/order-lists/{id}`: a new name, new lines (replacing all of them), or both. */
export const orderListUpdateSchema = z
  .object({ name: listNameField.optional(), lines: listLinesField.optional() })
  // Unknown keys (`userId`, `isDefault`, ...) are refused: 400 naming the key, nothing changed
  // (security 2026-11-28 #16; `isDefault` is chosen at creation only).
  .strict()
  .refine((value) => value.name !== undefined || value.lines !== undefined, {
    message: orderListMessages.nothingToChange,
  });
export type OrderListUpdate = z.input<typeof orderListUpdateSchema>;

export const savedOrderListLineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  /** The product's name (as it was when the line was saved, if the product has gone since). */
  name: z.string(),
});

export const savedOrderListSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The customer's order list itself (the web app's cart), not a named one. */
  isDefault: z.boolean(),
  lines: z.array(savedOrderListLineSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedOrderList = z.infer<typeof savedOrderListSchema>;

export const savedOrderListsSchema = z.array(savedOrderListSchema);
export const orderListCreatedSchema = z.object({
  insertedId: z.string(),
  list: savedOrderListSchema,
});
export const orderListUpdatedSchema = z.object({
  modifiedCount: z.number(),
  list: savedOrderListSchema,
});

/** The refusal a list beyond the limit gets, with its status. */
export const orderListErrorStatus = { too_many_lists: 409, list_name_taken: 409 } as const;
