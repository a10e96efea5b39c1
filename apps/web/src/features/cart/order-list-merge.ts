import type { OrderListLine } from '@shop/shared';

/** At most this many lines in a saved list (MAX_ORDER_LIST_LINES of packages/shared). */
const MAX_LINES = 200;

/** A list's content as a comparable text: products and quantities in order. */
export const contentKey = (lines: readonly Pick<OrderListLine, 'productId' | 'quantity'>[]) =>
  JSON.stringify(lines.map((line) => [line.productId, line.quantity]));

/**
 * The order list kept on the server merged with the one this browser held before sign-in
 * (docs/quick-order.md): the server's lines first, in their order, then the browser's new
 * products. A product in both keeps the LARGER quantity, not the sum: signing in again on the
 * same computer (whose list is already the server's) must not double it, and either quantity
 * was one the buyer chose under the product's pack size, so the larger one still is.
 */
export function mergeOrderLists(
  server: readonly OrderListLine[],
  local: readonly OrderListLine[],
): OrderListLine[] {
  const merged = server.map((line) => ({ ...line }));
  const byId = new Map(merged.map((line) => [line.productId, line]));
  for (const line of local) {
    const same = byId.get(line.productId);
    if (same) {
      same.quantity = Math.max(same.quantity, line.quantity);
      if (!same.name) same.name = line.name;
    } else if (merged.length < MAX_LINES) {
      const added = { ...line };
      merged.push(added);
      byId.set(added.productId, added);
    }
  }
  return merged;
}

/** The products of the lines a 400 named (`lines.3.productId`: a product deleted since). */
export function refusedProducts(
  lines: readonly Pick<OrderListLine, 'productId'>[],
  fields: Record<string, string>,
): string[] {
  return Object.keys(fields).flatMap((field) => {
    const match = /^lines\.(\d+)\.productId$/.exec(field);
    const line = match ? lines[Number(match[1])] : undefined;
    return line ? [line.productId] : [];
  });
}
