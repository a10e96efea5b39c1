/** A product can be ordered only when its stock covers its minimum order (issue 12). */
export const stockMessages = {
  notEnoughForMinimum: (min: number) => `Not enough stock for the minimum order of ${min}`,
} as const;

export function canMeetMinimum(product: { aqty: number; minquantity: number }): boolean {
  return product.aqty >= product.minquantity;
}
