import { quantityIssue, readOrderQuantity, readTypedNumber, type Product } from '@shop/shared';

/**
 * The quantity as typed: a whole number in range, or why it is not one. Read without the order
 * schemas, which the product page does not load (packages/shared/src/orders/order-quantity.ts).
 */
export const parseQuantity = readOrderQuantity;

/**
 * What is wrong with a quantity as the buyer types it: not a whole number, then the product's
 * rules (shared `quantityIssue`: minimum, pack size with the nearest quantities allowed, stock).
 * A whole number below 1 is below the product's minimum, and says so (ux 2026-11-28 #37).
 * Undefined when it can be ordered.
 */
export function quantityProblem(text: string, product: Product): string | undefined {
  const { quantity, problem } = parseQuantity(text);
  if (quantity !== undefined) return quantityIssue(product, quantity)?.message;
  const read = readTypedNumber(text, { whole: true });
  if (read.ok && read.value < 1) return quantityIssue(product, read.value)?.message ?? problem;
  return problem;
}
