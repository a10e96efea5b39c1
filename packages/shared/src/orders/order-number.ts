/**
 * The order number a person reads (issue 22, review defects 8 and 14): a short sequential
 * number, `CF-10001`, `CF-10002`, ..., on every list, page and mail. The database assigns it
 * (migration 0016; modules/orders/README.md, "The order number"); this is its one spelling.
 */

/** What every order number starts with. */
export const ORDER_NUMBER_PREFIX = 'CF-';

/** The first order's number (existing orders were numbered from it by their placing time). */
export const FIRST_ORDER_NUMBER = 10_001;

/** The stored number as people read it: 10234 -> "CF-10234". */
export function formatOrderNumber(number: number): string {
  return `${ORDER_NUMBER_PREFIX}${number}`;
}

/** Searches that name one order number: "CF-10234", "cf-10234", "CF 10234", "#10234", "10234". */
const ORDER_NUMBER_SEARCH = /^\s*(?:cf[\s-]*|#)?(\d{1,9})\s*$/i;

/**
 * The order number a search text names, or undefined when it names none: "CF-10234",
 * "cf-10234" and "10234" all name order 10234 (a list search matches it exactly, beside its
 * other fields).
 */
export function orderNumberSearched(q: string): number | undefined {
  const match = ORDER_NUMBER_SEARCH.exec(q);
  if (!match?.[1]) return undefined;
  const number = Number(match[1]);
  return Number.isSafeInteger(number) && number <= 2_147_483_647 ? number : undefined;
}
