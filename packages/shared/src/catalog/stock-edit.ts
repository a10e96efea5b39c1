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
