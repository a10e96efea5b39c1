import { formatQuantity } from '../common/format.js';
import { messages } from '../common/messages.js';
import { stockMessages } from './stock.js';

/**
 * B2B ordering's rules without schemas (DESIGN.md section 9): pack sizes, volume price breaks,
 * the limits of an order and what a refusal says. Free of zod, so the product page takes its
 * order form over without loading the schemas (docs/performance.md); the schemas are in
 * `b2b.ts`.
 */

/** At most this many lines in one order, and price breaks / specs on one product. */
export const MAX_ORDER_LINES = 50;
export const MAX_PRICE_BREAKS = 10;
export const MAX_SPECS = 30;

/**
 * The unit price a quantity earns: the price of the largest break whose `minQty` it reaches,
 * else the base price. Unit-agnostic: the server passes cents, the web app dollars.
 */
export function unitPriceFor(
  basePrice: number,
  breaks: readonly { minQty: number; price: number }[],
  quantity: number,
): number {
  let price = basePrice;
  let reached = 0;
  for (const b of breaks) {
    if (quantity >= b.minQty && b.minQty > reached) {
      reached = b.minQty;
      price = b.price;
    }
  }
  return price;
}

/** The next break a larger quantity would reach ("order 100 for $45 each"), if any. */
export function nextPriceBreak<T extends { minQty: number; price: number }>(
  breaks: readonly T[],
  quantity: number,
): T | undefined {
  return [...breaks].sort((a, b) => a.minQty - b.minQty).find((b) => b.minQty > quantity);
}

/** Why a quantity cannot be ordered, by the product's rules; null when it can. */
export type QuantityIssue =
  | { code: 'out_of_stock_for_minimum'; message: string }
  | { code: 'below_minimum'; message: string }
  | { code: 'not_pack_multiple'; message: string }
  | { code: 'out_of_stock'; message: string };

export const b2bMessages = {
  /**
   * With the nearest quantities that can be ordered (ux 2026-11-28 #37): `... packs of 10: order
   * 50 or 60`; without them, a multiple of the pack.
   */
  notPackMultiple: (increment: number, nearest: readonly number[] = []) =>
    nearest.length === 0
      ? `This product is sold in packs of ${increment}: order a multiple of ${increment}`
      : `This product is sold in packs of ${formatQuantity(increment)}: order ${nearest.map(formatQuantity).join(' or ')}`,
  nextBreak: (minQty: number, price: string) => `Order ${formatQuantity(minQty)} for ${price} each`,
  duplicateLine: 'Each product can be in the order only once',
  tooManyLines: `One order can have at most ${MAX_ORDER_LINES} products`,
  noLines: 'Add at least one product to the order',
  poNumberTooLong: 'PO number must be at most 50 characters',
  poNumberOneLine: 'PO number must be on one line, without line breaks or control characters',
  carrierRequired: 'Carrier is required with a tracking number',
  trackingRequired: 'Tracking number is required with a carrier',
  orderNotPaid: 'Only a paid order can be shipped.',
  orderAlreadyShipped: 'This order has already been shipped.',
  orderNotShipped: 'Only a shipped order has tracking to correct.',
  moreProducts: (first: string, more: number) => `${first} + ${more} more`,
} as const;

export function quantityIssue(
  product: { aqty: number; minquantity: number; increment: number },
  quantity: number,
): QuantityIssue | null {
  const increment = Math.max(1, product.increment);
  if (product.aqty < product.minquantity) {
    return {
      code: 'out_of_stock_for_minimum',
      message: stockMessages.notEnoughForMinimum(product.minquantity),
    };
  }
  if (quantity < product.minquantity) {
    return { code: 'below_minimum', message: messages.orderMinimum(product.minquantity) };
  }
  if (quantity % increment !== 0) {
    return {
      code: 'not_pack_multiple',
      message: b2bMessages.notPackMultiple(increment, nearestQuantities(product, quantity)),
    };
  }
  if (quantity > product.aqty) {
    return { code: 'out_of_stock', message: messages.orderMaximum(product.aqty) };
  }
  return null;
}

/**
 * The quantities next to `quantity` that the product's rules allow (ux 2026-11-28 #37): the
 * pack multiples just below and above it, within the minimum and the stock; the smallest
 * allowed one below the minimum; none when the stock cannot cover the minimum.
 */
export function nearestQuantities(
  product: { aqty: number; minquantity: number; increment: number },
  quantity: number,
): number[] {
  const increment = Math.max(1, product.increment);
  const lowest = Math.ceil(Math.max(1, product.minquantity) / increment) * increment;
  const highest = Math.floor(product.aqty / increment) * increment;
  if (lowest > highest) return [];
  if (quantity <= lowest) return [lowest];
  if (quantity >= highest) return [highest];
  const below = Math.floor(quantity / increment) * increment;
  return below === quantity ? [quantity] : [below, below + increment];
}

/** The error codes that name why an order or a state change was refused, with their status. */
export const b2bErrorStatus = {
  below_minimum: 400,
  not_pack_multiple: 400,
  out_of_stock: 409,
  order_already_paid: 409,
  order_not_paid: 409,
  order_already_shipped: 409,
  order_not_shipped: 409,
} as const;

/** `orderPName` of an order: the product's name for one line, `<first> + N more` for several. */
export function orderTitle(lineNames: readonly string[]): string {
  const [first = ''] = lineNames;
  return lineNames.length > 1 ? b2bMessages.moreProducts(first, lineNames.length - 1) : first;
}
