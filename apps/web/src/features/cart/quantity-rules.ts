import { orderCreateSchema, quantityIssue, unitPriceFor, type Product } from '@shop/shared';

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
 * rules (shared `quantityIssue`: minimum, pack size, stock). Undefined when it can be ordered.
 */
export function quantityProblem(text: string, product: Product): string | undefined {
  const { quantity, problem } = parseQuantity(text);
  if (quantity === undefined) return problem;
  return quantityIssue(product, quantity)?.message;
}

/** A line's unit price and total in dollars, as the server will compute them (in cents). */
export function linePrice(product: Product, quantity: number) {
  const unitPrice = unitPriceFor(product.price, product.priceBreaks, quantity);
  const unitCents = Math.round(unitPrice * 100);
  return { unitPrice, lineTotal: (unitCents * quantity) / 100, lineCents: unitCents * quantity };
}
