import { formatQuantity } from '../common/format.js';
/** A product's trade terms as the card and the product form say them. No zod here (home page). */
export const productTermsMessages = {
  packSize: (increment: number) => `Sold in packs of ${increment}`,
  sku: (sku: string) => `SKU ${sku}`,
  volumePrices: 'Volume prices',
  priceBreak: (minQty: number, price: string) => `${formatQuantity(minQty)}+: ${price}`,
} as const;
