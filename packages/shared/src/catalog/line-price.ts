import { unitPriceFor } from './b2b-rules.js';

/**
 * A line's unit price and total in dollars for a product's price and volume breaks (dollars),
 * as the server computes them in cents: the web app shows it on the order form and the order
 * list before the buyer orders.
 */
export function linePrice(
  product: { price: number; priceBreaks: readonly { minQty: number; price: number }[] },
  quantity: number,
) {
  const unitPrice = unitPriceFor(product.price, product.priceBreaks, quantity);
  const unitCents = Math.round(unitPrice * 100);
  return { unitPrice, lineTotal: (unitCents * quantity) / 100, lineCents: unitCents * quantity };
}
