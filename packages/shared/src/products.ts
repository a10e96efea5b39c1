import { z } from 'zod';

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
});

export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
