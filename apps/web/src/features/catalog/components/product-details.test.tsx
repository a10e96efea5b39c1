import { productPageMessages, productTermsMessages } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ProductDetails } from './product-details';

const tradeProduct = makeProduct({
  price: 48,
  minquantity: 20,
  increment: 10,
  priceBreaks: [
    { minQty: 500, price: 42 },
    { minQty: 100, price: 45 },
  ],
  specs: [
    { name: 'Form factor', value: 'ATX mid-tower' },
    { name: 'Weight', value: '6.8 kg' },
  ],
});

describe('ProductDetails', () => {
  it('tells the buyer the pack size, the volume prices and the specs before they type a quantity', () => {
    renderWithProviders(<ProductDetails product={tradeProduct} />);
    expect(screen.getByText(productTermsMessages.packSize(10))).toBeInTheDocument();
    expect(screen.getByText(productTermsMessages.priceBreak(100, '$45'))).toBeInTheDocument();
    const specs = screen.getByRole('table', { name: productPageMessages.specsCaption });
    expect(
      within(specs)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Form factor', 'Weight']);
    expect(
      within(specs)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ATX mid-tower', '6.8 kg']);
  });

  it('says nothing of specs a product does not have', () => {
    renderWithProviders(<ProductDetails product={makeProduct()} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('on the product page, gives the price and the volume prices as a table of quantity ranges', () => {
    renderWithProviders(
      <ProductDetails product={tradeProduct} variant="page">
        <button type="button">Order it</button>
      </ProductDetails>,
    );
    expect(screen.getByRole('heading', { level: 1, name: tradeProduct.name })).toBeInTheDocument();
    expect(screen.getByText(productPageMessages.perPiece).parentElement).toHaveTextContent(
      /^\$48\s*per piece$/,
    );
    expect(screen.getByText("Minimum order: 20 pc's")).toBeInTheDocument();
    expect(screen.getByText("Available: 100 pc's")).toBeInTheDocument();
    const prices = screen.getByRole('table', { name: productPageMessages.priceBreaksCaption });
    const rows = within(prices)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'QuantityUnit price',
      "20–99 pc's$48",
      "100–499 pc's$45",
      "500+ pc's$42",
    ]);
    // The table says them once: not a second time in the compact list the cards show.
    expect(screen.queryByText(productTermsMessages.priceBreak(100, '$45'))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order it' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: tradeProduct.name })).toHaveAttribute(
      'fetchpriority',
      'high',
    );
  });

  it('has no volume-price table for a product with one price', () => {
    renderWithProviders(<ProductDetails product={makeProduct()} variant="page" />);
    expect(
      screen.queryByRole('table', { name: productPageMessages.priceBreaksCaption }),
    ).not.toBeInTheDocument();
  });
});
