import type { Product } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from './product-card';

const product: Product = {
  _id: '65a1b2c3d4e5f60718293a4b',
  name: 'Vortex RGB Gaming Case',
  productName: 'Vortex RGB Gaming Case',
  price: 74.5,
  description: 'Mid-tower gaming case with a tempered-glass side panel.',
  imgURL: '/images/products/vortex-rgb-gaming.svg',
  image: '/images/products/vortex-rgb-gaming.svg',
  aqty: 900,
  aQty: 900,
  minquantity: 30,
  category: 'gaming-cases',
  sku: 'CF-VRTX-RGB',
  specs: [],
  increment: 30,
  priceBreaks: [],
};

describe('ProductCard', () => {
  it("shows the product as the spec's card does", () => {
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('heading', { name: product.name })).toBeInTheDocument();
    expect(screen.getByText('$74.50')).toBeInTheDocument();
    expect(screen.getByText(product.description)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute('src', product.imgURL);
    expect(screen.getByText("Min. Qty. - 30 pc's")).toBeInTheDocument();
    expect(screen.getByText("Able. Qty. - 900 pc's")).toBeInTheDocument();
  });

  it("links 'Order Now' to the product's order page", () => {
    renderWithProviders(<ProductCard product={product} />);
    const link = screen.getByRole('link', { name: `Order Now: ${product.name}` });
    expect(link).toHaveTextContent('Order Now');
    expect(link).toHaveAttribute('href', `/order/${product._id}`);
  });

  it('loads its image lazily unless it is above the fold', () => {
    const { unmount } = renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
    unmount();
    renderWithProviders(<ProductCard product={product} eager />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
  });

  it('titles the card one level below the heading above it', () => {
    const { unmount } = renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('heading', { level: 3, name: product.name })).toBeInTheDocument();
    unmount();
    // On the products page the cards sit right under the page's h1.
    renderWithProviders(<ProductCard product={product} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: product.name })).toBeInTheDocument();
  });

  it('offers no Order Now when the stock is below the minimum order, and says why', () => {
    renderWithProviders(<ProductCard product={{ ...product, aqty: 20, aQty: 20 }} />);
    expect(screen.queryByRole('link', { name: /Order Now/ })).not.toBeInTheDocument();
    expect(screen.getByText('Not enough stock for the minimum order of 30')).toBeInTheDocument();
  });

  it('offers Order Now when the stock is exactly the minimum', () => {
    renderWithProviders(<ProductCard product={{ ...product, aqty: 30, aQty: 30 }} />);
    expect(screen.getByRole('link', { name: `Order Now: ${product.name}` })).toBeInTheDocument();
  });

  it("shows the page's 'Add to order list' beside Order Now, but not when the stock is below the minimum", () => {
    // The real control belongs to the cart feature (its own tests); the page passes it in.
    const addToList = (shown: Product) => (
      <button type="button">{`Add to order list: ${shown.name}`}</button>
    );
    const { unmount } = renderWithProviders(
      <ProductCard product={product} addToList={addToList} />,
    );
    expect(
      screen.getByRole('button', { name: `Add to order list: ${product.name}` }),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ProductCard product={{ ...product, aqty: 20, aQty: 20 }} addToList={addToList} />,
    );
    expect(screen.queryByRole('button', { name: /Add to order list/ })).not.toBeInTheDocument();
  });

  it("links the product's name to its page, and keeps 'Order Now'", () => {
    renderWithProviders(<ProductCard product={product} />);
    const heading = screen.getByRole('heading', { name: product.name });
    expect(within(heading).getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/products/${product._id}`,
    );
    expect(screen.getByRole('link', { name: `Order Now: ${product.name}` })).toBeInTheDocument();
  });
});
