import {
  SEARCH_DEBOUNCE_MS,
  categoryLabels,
  productSearchMessages as text,
  productSortLabels,
} from '@shop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SEARCH, type ProductSearch } from '../product-search';
import { ProductSearchForm } from './product-search-form';

function setup(search: ProductSearch = NO_SEARCH) {
  const onSearch = vi.fn();
  const view = render(
    <ProductSearchForm search={search} onSearch={onSearch} changedElsewhere={false} />,
  );
  const box = () => screen.getByRole('searchbox', { name: text.searchLabel });
  const type = (value: string) => fireEvent.change(box(), { target: { value } });
  const rerender = (next: ProductSearch, changedElsewhere: boolean) =>
    view.rerender(
      <ProductSearchForm search={next} onSearch={onSearch} changedElsewhere={changedElsewhere} />,
    );
  return { onSearch, box, type, rerender };
}

describe('ProductSearchForm', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a search landmark with a labelled search box, category and sort', () => {
    setup();
    expect(screen.getByRole('search', { name: text.formLabel })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: text.searchLabel })).toHaveAttribute(
      'type',
      'search',
    );
    const category = screen.getByRole('combobox', { name: text.categoryLabel });
    expect([...category.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      text.allCategories,
      ...Object.values(categoryLabels),
    ]);
    const sort = screen.getByRole('combobox', { name: text.sortLabel });
    expect([...sort.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      text.catalogOrder,
      ...Object.values(productSortLabels),
    ]);
  });

  it('calls the default order of a search its best matches (issue 22)', () => {
    setup({ ...NO_SEARCH, q: 'psu' });
    const sort = screen.getByRole('combobox', { name: text.sortLabel });
    expect(sort.querySelector('option')?.textContent).toBe(text.bestMatch);
  });

  it('shows the search of the address', () => {
    setup({ q: 'atx', category: 'cases', specs: {}, sort: '-price', page: 3, view: null });
    expect(screen.getByRole('searchbox')).toHaveValue('atx');
    expect(screen.getByRole('combobox', { name: text.categoryLabel })).toHaveValue('cases');
    expect(screen.getByRole('combobox', { name: text.sortLabel })).toHaveValue('-price');
  });

  it('searches once typing pauses, not at every key, from the first page', () => {
    const { onSearch, type } = setup({ ...NO_SEARCH, page: 4 });
    type('a');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    type('at');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    type('atx ');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ ...NO_SEARCH, q: 'atx', page: 1 }, 'typing');
  });

  it('does not search again for the same words, nor for spaces around them', () => {
    const { onSearch, type } = setup({ ...NO_SEARCH, q: 'atx' });
    type(' atx  ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches at once on Enter, and a filter or a sort applies at once with what is typed', () => {
    const { onSearch, type, box, rerender } = setup({ ...NO_SEARCH, page: 2 });
    type('tower');
    fireEvent.submit(box().closest('form')!);
    expect(onSearch).toHaveBeenLastCalledWith({ ...NO_SEARCH, q: 'tower' }, 'commit');

    fireEvent.change(screen.getByRole('combobox', { name: text.categoryLabel }), {
      target: { value: 'gaming-cases' },
    });
    expect(onSearch).toHaveBeenLastCalledWith(
      { ...NO_SEARCH, q: 'tower', category: 'gaming-cases' },
      'commit',
    );
    fireEvent.change(screen.getByRole('combobox', { name: text.sortLabel }), {
      target: { value: 'newest' },
    });
    expect(onSearch).toHaveBeenLastCalledWith(
      { ...NO_SEARCH, q: 'tower', sort: 'newest' },
      'commit',
    );
    // The address now sorts by newest: back to the catalog's order.
    rerender({ ...NO_SEARCH, q: 'tower', sort: 'newest' }, false);
    fireEvent.change(screen.getByRole('combobox', { name: text.sortLabel }), {
      target: { value: '' },
    });
    expect(onSearch).toHaveBeenLastCalledWith({ ...NO_SEARCH, q: 'tower' }, 'commit');
  });

  it('commits no category or sort the address has already (a change React replays on taking a form over)', () => {
    const { onSearch } = setup({ ...NO_SEARCH, category: 'cases' });
    const category = screen.getByRole<HTMLSelectElement>('combobox', { name: text.categoryLabel });
    const sort = screen.getByRole<HTMLSelectElement>('combobox', { name: text.sortLabel });
    // What React last saw in each select is another value (as a choice made before it took the
    // form over), so the change events below reach onChange, with the address's own values.
    category.value = 'power-supplies';
    sort.value = 'newest';
    fireEvent.change(category, { target: { value: 'cases' } });
    fireEvent.change(sort, { target: { value: '' } });
    expect(onSearch).not.toHaveBeenCalled();
    // A real change is committed.
    fireEvent.change(category, { target: { value: 'gaming-cases' } });
    expect(onSearch).toHaveBeenLastCalledWith({ ...NO_SEARCH, category: 'gaming-cases' }, 'commit');
  });

  it('follows the address when it changes elsewhere (Back, Clear search), not its own typing', () => {
    const { type, box, rerender } = setup();
    type('atx ');
    // The box's own search arrives in the address: the space being typed stays.
    rerender({ ...NO_SEARCH, q: 'atx' }, false);
    expect(box()).toHaveValue('atx ');
    // Back to an earlier search.
    rerender({ ...NO_SEARCH, q: 'psu' }, true);
    expect(box()).toHaveValue('psu');
    // Clear search.
    rerender(NO_SEARCH, true);
    expect(box()).toHaveValue('');
  });
});
