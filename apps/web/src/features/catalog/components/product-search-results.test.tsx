import { DEFAULT_PAGE_SIZE, productSearchMessages as text, type Product } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, makeProduct, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { NO_SEARCH, type ProductSearch } from '../product-search';
import { ProductSearchResults } from './product-search-results';

/** A page of products as GET /api/products answers a search: the array and the total. */
function page(items: Product[], total: number, match?: 'name' | 'text'): Response {
  return new Response(JSON.stringify(items), {
    headers: {
      'content-type': 'application/json',
      'x-total-count': String(total),
      ...(match && { 'x-search-match': match }),
    },
  });
}

const products = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    makeProduct({
      _id: (from + i).toString(16).padStart(24, '0'),
      name: `Tower ${from + i + 1}`,
    }),
  );

const LIMIT = `limit=${DEFAULT_PAGE_SIZE}`;

function show(search: ProductSearch, onClear = vi.fn()) {
  renderWithProviders(<ProductSearchResults search={search} onClear={onClear} />);
  return onClear;
}

describe('ProductSearchResults', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the whole catalog on one page, with its count and no pages', async () => {
    const fetch = stubApi({ [`GET /api/products?${LIMIT}`]: () => page(products(3), 3) });
    show(NO_SEARCH);
    expect(await screen.findByRole('heading', { level: 2, name: 'Tower 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 products');
    expect(screen.queryByRole('navigation', { name: text.pagesLabel })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows which matches this page holds, and links the other pages of the same search', async () => {
    stubApi({
      [`GET /api/products?q=atx&sort=price&page=2&${LIMIT}`]: () =>
        page(products(DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE), 312),
    });
    show({ q: 'atx', category: null, specs: {}, sort: 'price', page: 2, view: null });
    expect(await screen.findByText(text.count(25, 48, 312))).toBeInTheDocument();
    expect(text.count(25, 48, 312)).toBe('25–48 of 312 products');
    const nav = screen.getByRole('navigation', { name: text.pagesLabel });
    expect(within(nav).getByRole('link', { name: text.nextLabel })).toHaveAttribute(
      'href',
      '/products?q=atx&sort=price&page=3',
    );
    expect(within(nav).getByRole('link', { name: text.pageLabel(1) })).toHaveAttribute(
      'href',
      '/products?q=atx&sort=price',
    );
    expect(within(nav).getByRole('link', { name: text.pageLabel(13) })).toBeInTheDocument();
  });

  it("says nothing matches the words, and 'Clear search' clears the search", async () => {
    stubApi({ [`GET /api/products?q=zzz&category=cases&${LIMIT}`]: () => page([], 0) });
    const onClear = show({ ...NO_SEARCH, q: 'zzz', category: 'cases' });
    expect(
      await screen.findByRole('heading', { name: 'No products match "zzz"' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(text.noMatch('zzz'));
    // Issue 22: what the shop does sell, a category away.
    expect(screen.getByText(text.whatWeMake)).toBeInTheDocument();
    const categories = screen.getByRole('navigation', { name: text.categoriesLabel });
    expect(within(categories).getByRole('link', { name: 'Power supplies' })).toHaveAttribute(
      'href',
      '/products?category=power-supplies',
    );
    await userEvent.click(screen.getByRole('button', { name: text.clear }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('says when the products only mention the words (the shop sells no fans)', async () => {
    stubApi({ [`GET /api/products?q=fan&${LIMIT}`]: () => page(products(2), 2, 'text') });
    show({ ...NO_SEARCH, q: 'fan' });
    expect(await screen.findByText(new RegExp(text.onlyMentioned('fan')))).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: text.categoriesLabel })).toBeInTheDocument();
  });

  it('says nothing more when a product is named by the words', async () => {
    stubApi({ [`GET /api/products?q=psu&${LIMIT}`]: () => page(products(2), 2, 'name') });
    show({ ...NO_SEARCH, q: 'psu' });
    expect(await screen.findByRole('heading', { name: 'Tower 1' })).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(text.onlyMentioned('psu')))).not.toBeInTheDocument();
  });

  it('shows the list view as a table of prices, minimum, pack and stock, with the toggle in the address', async () => {
    stubApi({ [`GET /api/products?${LIMIT}`]: () => page(products(2), 2) });
    show({ ...NO_SEARCH, view: 'list' });
    const table = await screen.findByRole('table', { name: text.listCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      text.productColumn,
      text.priceColumn,
      text.minimumColumn,
      text.packColumn,
      text.stockColumn,
      text.orderColumn,
    ]);
    expect(within(table).getByRole('rowheader', { name: /Tower 2/ })).toBeInTheDocument();
    const toggle = screen.getByRole('navigation', { name: text.viewLabel });
    expect(within(toggle).getByRole('link', { name: text.listView })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(toggle).getByRole('link', { name: text.gridView })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('says a category without matches has none', async () => {
    stubApi({ [`GET /api/products?category=power-supplies&${LIMIT}`]: () => page([], 0) });
    show({ ...NO_SEARCH, category: 'power-supplies' });
    expect(await screen.findByRole('heading', { name: text.noMatchFilters })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.clear })).toBeInTheDocument();
  });

  it('says the filters match nothing when a spec filter narrows the words, and clears them', async () => {
    stubApi({
      [`GET /api/products?q=atx&category=power-supplies&wattage=1200+W&${LIMIT}`]: () =>
        page([], 0),
    });
    const onClear = show({
      ...NO_SEARCH,
      q: 'atx',
      category: 'power-supplies',
      specs: { wattage: '1200 W' },
    });
    expect(await screen.findByRole('heading', { name: text.noMatchFilters })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.clear }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('offers the first page when the address asks for a page past the last', async () => {
    stubApi({ [`GET /api/products?q=atx&page=9&${LIMIT}`]: () => page([], 30) });
    show({ ...NO_SEARCH, q: 'atx', page: 9 });
    expect(await screen.findByRole('heading', { name: text.pastLastPage(9) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.firstPage })).toHaveAttribute(
      'href',
      '/products?q=atx',
    );
  });

  it('keeps the last results on screen while the next ones load', async () => {
    const next = deferred<Response>();
    stubApi({
      [`GET /api/products?q=a&${LIMIT}`]: () => page(products(2), 2),
      [`GET /api/products?q=ab&${LIMIT}`]: () => next.promise,
    });
    function Typing() {
      const [search, setSearch] = useState<ProductSearch>({ ...NO_SEARCH, q: 'a' });
      return (
        <>
          <button type="button" onClick={() => setSearch({ ...NO_SEARCH, q: 'ab' })}>
            type b
          </button>
          <ProductSearchResults search={search} onClear={vi.fn()} />
        </>
      );
    }
    renderWithProviders(<Typing />);
    expect(await screen.findByRole('heading', { name: 'Tower 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'type b' }));
    // Still the old cards, marked busy, not a spinner or an empty grid.
    expect(screen.getByRole('heading', { name: 'Tower 2' })).toBeInTheDocument();
    expect(screen.getByRole('status').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    next.resolve(page(products(1, 7), 1));
    expect(await screen.findByRole('heading', { name: 'Tower 8' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tower 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('status').closest('[aria-busy]')).toBeNull();
  });
});
