import { messages, productPageMessages } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeProduct, stubApi } from '../../test/api-mock';
import { createQueryClient } from '../../lib/query-client';
import { ProductRoute } from './product';

const product = makeProduct({
  _id: '65a1b2c3d4e5f60718293a4b',
  name: 'Vortex RGB Gaming Case',
  price: 74.5,
  minquantity: 30,
  increment: 30,
  aqty: 900,
  priceBreaks: [{ minQty: 300, price: 69 }],
  specs: [{ name: 'Fans', value: '3 x 120 mm RGB' }],
});

function open(path: string) {
  const router = createMemoryRouter([{ path: '/products/:productId', Component: ProductRoute }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the product page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Unmounted first: React takes its own tags out of the head.
    cleanup();
    document.head.innerHTML = '';
  });

  it('shows the product, its prices, terms and specs, and both ways to order it', async () => {
    stubApi({ [`GET /api/products/${product._id}`]: () => json(product) });
    open(`/products/${product._id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: product.name }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute('src', product.imgURL);
    expect(
      screen.getByRole('table', { name: productPageMessages.priceBreaksCaption }),
    ).toHaveTextContent("30–299 pc's$74.50300+ pc's$69");
    expect(screen.getByText("Available: 900 pc's")).toBeInTheDocument();
    expect(screen.getByText("Minimum order: 30 pc's")).toBeInTheDocument();
    expect(screen.getByText('Sold in packs of 30')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: productPageMessages.specsCaption })).toHaveTextContent(
      'Fans3 x 120 mm RGB',
    );
    expect(screen.getByRole('link', { name: `Order Now: ${product.name}` })).toHaveAttribute(
      'href',
      `/order/${product._id}`,
    );
    expect(
      await screen.findByRole('button', { name: `Add to order list: ${product.name}` }),
    ).toBeEnabled();
    expect(document.title).toBe(`${product.name} | CaseForge`);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      product.description,
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/products/${product._id}`,
    );
    // The product's drawing is an SVG: link previews get the shop's raster image (#31).
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${window.location.origin}/images/og/caseforge.jpg`,
    );
  });

  it('offers no order when the stock cannot cover the minimum, and says why', async () => {
    stubApi({ [`GET /api/products/${product._id}`]: () => json({ ...product, aqty: 10 }) });
    open(`/products/${product._id}`);
    expect(
      await screen.findByText('Not enough stock for the minimum order of 30'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Order Now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to order list/ })).not.toBeInTheDocument();
  });

  it('is the not-found page for an unknown id', async () => {
    stubApi({
      'GET /api/products/0123456789abcdef01234567': () =>
        apiError(404, 'not_found', 'Product not found'),
    });
    open('/products/0123456789abcdef01234567');
    expect(await screen.findByRole('heading', { name: messages.notFound })).toBeInTheDocument();
  });

  it('is the not-found page for a malformed id', async () => {
    stubApi({
      'GET /api/products/not-an-id': () => apiError(404, 'not_found', 'Product not found'),
    });
    open('/products/not-an-id');
    expect(await screen.findByRole('heading', { name: messages.notFound })).toBeInTheDocument();
  });
});
