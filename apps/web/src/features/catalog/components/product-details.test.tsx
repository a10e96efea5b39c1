import { productTermsMessages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ProductDetails } from './product-details';

describe('ProductDetails', () => {
  it('tells the buyer the pack size, the volume prices and the specs before they type a quantity', () => {
    renderWithProviders(
      <ProductDetails
        product={makeProduct({
          increment: 10,
          priceBreaks: [{ minQty: 100, price: 45 }],
          specs: [
            { name: 'Form factor', value: 'ATX mid-tower' },
            { name: 'Weight', value: '6.8 kg' },
          ],
        })}
      />,
    );
    expect(screen.getByText(productTermsMessages.packSize(10))).toBeInTheDocument();
    expect(screen.getByText(productTermsMessages.priceBreak(100, '$45'))).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Form factor', 'Weight']);
    expect(values).toEqual(['ATX mid-tower', '6.8 kg']);
  });

  it('says nothing of specs a product does not have', () => {
    const { container } = renderWithProviders(<ProductDetails product={makeProduct()} />);
    expect(container.querySelector('dl')).toBeNull();
  });
});
