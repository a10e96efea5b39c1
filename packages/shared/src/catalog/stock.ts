/** Stock rules the server enforces and the web app shows before the customer tries (issue 12). */

export const stockMessages = {
  /** The product's available stock is below its minimum order: nobody can order it now. */
  notEnoughForMinimum: (min: number) => `Not enough stock for the minimum order of ${min}`,
} as const;

/**
 * The Edit Product form's stock: it sends the figure it opened with, and the server writes a new
 * figure only if the stock is still that (issue 22, review defect 6).
 */
export const stockEditMessages = {
  expectedWhole: 'The stock the form opened with must be a whole number from 0',
  /** The 409's message, said under Available Quantity and in the form's alert. */
  changed: (current: number) =>
    `Stock changed to ${current} since you opened this form. Check Available Quantity and save again to set it.`,
  /** Under the field: the figure now, what the admin decides from. */
  changedField: (current: number) => `Stock is now ${current}`,
  /** The alert's button: the figure now into Available Quantity. */
  useCurrent: (current: number) => `Use ${current}`,
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
