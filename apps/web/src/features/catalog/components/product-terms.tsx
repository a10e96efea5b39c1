import {
  categoryLabels,
  formatPrice,
  productTermsMessages as terms,
  type Product,
} from '@shop/shared';
import { useId } from 'react';

/**
 * A product's trade terms on its card: category, SKU, pack size and volume prices, compact
 * ("100+: $45.00"). What a product leaves at its default (packs of 1, no breaks) is not said.
 */
export function ProductTerms({
  product,
  priceBreaks = true,
}: {
  product: Pick<Product, 'category' | 'sku' | 'increment' | 'priceBreaks'>;
  /** false where the volume prices are shown as a table instead (the product page). */
  priceBreaks?: boolean;
}) {
  const breaksId = useId();
  const breaks = [...product.priceBreaks].sort((a, b) => a.minQty - b.minQty);
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="badge badge-outline badge-sm">{categoryLabels[product.category]}</span>
        {product.sku && (
          <span className="text-base-content/80 font-mono text-xs">{terms.sku(product.sku)}</span>
        )}
        {product.increment > 1 && (
          <span className="font-medium">{terms.packSize(product.increment)}</span>
        )}
      </p>
      {priceBreaks && breaks.length > 0 && (
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span id={breaksId} className="font-medium">
            {terms.volumePrices}:
          </span>
          <ul aria-labelledby={breaksId} className="flex flex-wrap gap-x-3 gap-y-1">
            {breaks.map((b) => (
              <li key={b.minQty} className="bg-base-200 rounded px-1.5">
                {terms.priceBreak(b.minQty, formatPrice(b.price))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
