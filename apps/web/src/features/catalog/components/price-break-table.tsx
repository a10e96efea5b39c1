import { formatPrice, productPageMessages as text, type Product } from '@shop/shared';

/** The quantity ranges of a product's prices: from its minimum at its price, then each break. */
export function priceTiers(product: Pick<Product, 'price' | 'minquantity' | 'priceBreaks'>) {
  const breaks = [...product.priceBreaks].sort((a, b) => a.minQty - b.minQty);
  const tiers = [
    { from: product.minquantity, price: product.price },
    ...breaks.map((b) => ({ from: b.minQty, price: b.price })),
  ];
  return tiers.map((tier, i) => {
    const next = tiers[i + 1];
    return { ...tier, to: next === undefined ? null : next.from - 1 };
  });
}

/**
 * A product's volume prices as a table, the unit price for each quantity range ("20–99 pc's:
 * $48"). A product without breaks has one price, which the page already says.
 */
export function PriceBreakTable({
  product,
}: {
  product: Pick<Product, 'price' | 'minquantity' | 'priceBreaks'>;
}) {
  if (product.priceBreaks.length === 0) return null;
  return (
    <table className="table-sm table max-w-md">
      <caption className="mb-1 text-left font-semibold">{text.priceBreaksCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{text.quantityColumn}</th>
          <th scope="col" className="text-right">
            {text.unitPriceColumn}
          </th>
        </tr>
      </thead>
      <tbody>
        {priceTiers(product).map((tier) => (
          <tr key={tier.from}>
            <th scope="row" className="font-normal">
              {tier.to === null
                ? text.quantityFrom(tier.from)
                : text.quantityRange(tier.from, tier.to)}
            </th>
            <td className="text-right font-semibold tabular-nums">{formatPrice(tier.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
