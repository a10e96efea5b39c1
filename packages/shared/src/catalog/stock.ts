/** Stock rules the server enforces and the web app shows before the customer tries (issue 12). */

export const stockMessages = {
  /** The product's available stock is below its minimum order: nobody can order it now. */
  notEnoughForMinimum: (min: number) => `Not enough stock for the minimum order of ${min}`,
} as const;

/**
 * The error code of an order refused because the stock cannot cover the minimum, and of a stock
 * edit made against a figure that has changed since, with their status.
 */
export const stockErrorStatus = {
  out_of_stock_for_minimum: 409,
  stock_changed: 409,
} as const;

/** Whether the available stock covers the product's minimum order, so it can be ordered at all. */
export function canMeetMinimum(product: { aqty: number; minquantity: number }): boolean {
  return product.aqty >= product.minquantity;
}
