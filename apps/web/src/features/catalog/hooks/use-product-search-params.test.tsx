import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NO_SEARCH } from '../product-search';
import { useProductSearchParams } from './use-product-search-params';

type Hook = ReturnType<typeof useProductSearchParams>;

/** /products in a memory router, with the hook's latest answer and the router's history. */
function setup(start = '/products') {
  const seen: { current: Hook | null } = { current: null };
  function Page() {
    seen.current = useProductSearchParams();
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/', Component: () => null },
      { path: '/products', Component: Page },
    ],
    { initialEntries: ['/', start], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  const hook = () => seen.current!;
  const address = () => `${router.state.location.pathname}${router.state.location.search}`;
  const back = () => act(() => router.navigate(-1));
  return { router, hook, address, back };
}

describe('useProductSearchParams', () => {
  it('reads the search from the address', () => {
    const { hook } = setup('/products?q=atx&category=cases&page=2');
    expect(hook().search).toEqual({
      q: 'atx',
      category: 'cases',
      specs: {},
      sort: null,
      page: 2,
      view: null,
    });
  });

  it('gives typing one history entry: Back returns to the search before the typing', async () => {
    const { hook, address, back, router } = setup('/products?category=cases');
    await act(() => hook().setSearch({ ...hook().search, q: 'at' }, 'typing'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(hook().changedElsewhere).toBe(false);
    await act(() => hook().setSearch({ ...hook().search, q: 'atx' }, 'typing'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(address()).toBe('/products?q=atx&category=cases');
    await back();
    expect(address()).toBe('/products?category=cases');
    expect(hook().changedElsewhere).toBe(true);
  });

  it('gives each filter, Enter and Clear search an entry of its own', async () => {
    const { hook, address, back } = setup('/products?q=atx');
    await act(() => hook().setSearch({ ...hook().search, sort: 'price' }, 'commit'));
    await act(() => hook().setSearch(NO_SEARCH, 'commit'));
    expect(address()).toBe('/products');
    expect(hook().changedElsewhere).toBe(true);
    await back();
    expect(address()).toBe('/products?q=atx&sort=price');
    await back();
    expect(address()).toBe('/products?q=atx');
  });

  it('after Enter on what typing already shows, adds no entry, and the next typing starts one', async () => {
    const { hook, address, back, router } = setup();
    await act(() => hook().setSearch({ ...hook().search, q: 'psu' }, 'typing'));
    await act(() => hook().setSearch({ ...hook().search, q: 'psu' }, 'commit'));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => hook().setSearch({ ...hook().search, q: 'psu 750' }, 'typing'));
    expect(router.state.historyAction).toBe('PUSH');
    await back();
    expect(address()).toBe('/products?q=psu');
    await back();
    expect(address()).toBe('/products');
  });

  it('after Back, typing starts a new entry instead of replacing the one gone back to', async () => {
    const { hook, address, back } = setup();
    await act(() => hook().setSearch({ ...hook().search, q: 'atx' }, 'typing'));
    await act(() => hook().setSearch({ ...hook().search, q: 'psu' }, 'commit'));
    await back();
    expect(address()).toBe('/products?q=atx');
    await act(() => hook().setSearch({ ...hook().search, q: 'atx case' }, 'typing'));
    await back();
    expect(address()).toBe('/products?q=atx');
  });

  it('does not navigate when typing leaves the search as it is', async () => {
    const { hook, router } = setup('/products?q=atx');
    const before = router.state.location.key;
    await act(() => hook().setSearch({ ...hook().search }, 'typing'));
    expect(router.state.location.key).toBe(before);
  });
});
