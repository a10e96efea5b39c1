import { orderCreateSchema, quantityIssue, readTypedNumber, type Product } from '@shop/shared';

const quantitySchema = orderCreateSchema.shape.orderQty;

/** The quantity as typed: a whole number in range, or why it is not one. */
export function parseQuantity(
  text: string,
): { quantity: number; problem?: undefined } | { quantity?: undefined; problem: string } {
  const parsed = quantitySchema.safeParse(text);
  if (parsed.success) return { quantity: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Quantity must be a whole number' };
}

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
