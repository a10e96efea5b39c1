import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from './product-card';
import { ProductTerms } from './product-terms';

describe('ProductTerms', () => {
  it('shows the category, the SKU, the pack size and each break, cheapest last', () => {
    renderWithProviders(
      <ProductTerms
        product={makeProduct({
          category: 'power-supplies',
          sku: 'PC-750-GM',
          increment: 10,
          // Out of order on purpose: the card lists them by quantity.
          priceBreaks: [
            { minQty: 250, price: 72.5 },
            { minQty: 100, price: 75 },
          ],
        })}
      />,
    );
    expect(screen.getByText('Power supplies')).toBeInTheDocument();
    expect(screen.getByText('SKU PC-750-GM')).toBeInTheDocument();
    expect(screen.getByText('Sold in packs of 10')).toBeInTheDocument();
    const breaks = screen.getByRole('list', { name: 'Volume prices:' });
    expect(
      within(breaks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['100+: $75', '250+: $72.50']);
  });

  it('says nothing of what a product leaves at its default', () => {
    renderWithProviders(
      <ProductTerms product={makeProduct({ sku: null, increment: 1, priceBreaks: [] })} />,
    );
    expect(screen.getByText('Cases')).toBeInTheDocument();
    expect(screen.queryByText(/^SKU /)).not.toBeInTheDocument();
    expect(screen.queryByText(/Sold in packs/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Volume prices/ })).not.toBeInTheDocument();
  });

  it('is part of the product card', () => {
    renderWithProviders(
      <ProductCard
        product={makeProduct({
          category: 'gaming-cases',
          sku: 'VX-RGB-MT',
          increment: 5,
          priceBreaks: [{ minQty: 60, price: 71 }],
        })}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText('Gaming cases')).toBeInTheDocument();
    expect(within(card).getByText('Sold in packs of 5')).toBeInTheDocument();
    expect(within(card).getByText('60+: $71')).toBeInTheDocument();
  });
});
