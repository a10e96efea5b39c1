import { productSearchMessages as text } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { pageWindow, ProductPagination } from './product-pagination';

describe('pageWindow', () => {
  it('offers the first, the last and the neighbours of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 14)).toEqual([1, null, 5, 6, 7, null, 14]);
    expect(pageWindow(1, 14)).toEqual([1, 2, null, 14]);
    expect(pageWindow(14, 14)).toEqual([1, null, 13, 14]);
    // A gap of one page shows that page rather than "…".
    expect(pageWindow(4, 14)).toEqual([1, 2, 3, 4, 5, null, 14]);
  });
});

describe('ProductPagination', () => {
  const hrefOf = (page: number) => `/products?q=atx&page=${page}`;

  it('is nothing when everything fits on one page', () => {
    renderWithProviders(<ProductPagination page={1} pages={1} hrefOf={hrefOf} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('links every page offered, marks the current one, and says where it is', () => {
    const onNavigate = vi.fn();
    renderWithProviders(
      <ProductPagination page={2} pages={5} hrefOf={hrefOf} onNavigate={onNavigate} />,
    );
    const nav = screen.getByRole('navigation', { name: text.pagesLabel });
    expect(within(nav).getByRole('link', { name: text.previousLabel })).toHaveAttribute(
      'href',
      hrefOf(1),
    );
    expect(within(nav).getByRole('link', { name: text.nextLabel })).toHaveAttribute(
      'href',
      hrefOf(3),
    );
    expect(within(nav).getByRole('link', { name: text.pageLabel(2) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: text.pageLabel(5) })).toHaveAttribute(
      'href',
      hrefOf(5),
    );
    expect(within(nav).getByText(text.pageOf(2, 5))).toBeInTheDocument();
    within(nav).getByRole('link', { name: text.nextLabel }).click();
    expect(onNavigate).toHaveBeenCalled();
  });

  it('has no Previous on the first page and no Next on the last', () => {
    const { unmount } = renderWithProviders(
      <ProductPagination page={1} pages={3} hrefOf={hrefOf} />,
    );
    expect(screen.queryByRole('link', { name: text.previousLabel })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ProductPagination page={3} pages={3} hrefOf={hrefOf} />);
    expect(screen.queryByRole('link', { name: text.nextLabel })).not.toBeInTheDocument();
  });
});
