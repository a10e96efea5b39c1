import {
  DEFAULT_PAGE_SIZE,
  productListQuerySchema,
  SEARCH_MAX_LENGTH,
  SPEC_FILTER_MAX_LENGTH,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { searchOf } from '../../lib/api-client';
import {
  NO_SEARCH,
  cleanSearchText,
  isFiltered,
  pageCount,
  productFacetsApiParams,
  productSearchApiParams,
  productSearchHref,
  readProductSearch,
} from './product-search';

const read = (query: string) => readProductSearch(new URLSearchParams(query));
/** The query string `callApiPage` sends for a search. */
const productSearchApiQuery = (search: Parameters<typeof productSearchApiParams>[0]) =>
  searchOf(productSearchApiParams(search));

describe('the search in the address of /products', () => {
  it('reads the search, the category, the sort and the page', () => {
    expect(read('q=atx&category=cases&sort=price&page=2')).toEqual({
      q: 'atx',
      category: 'cases',
      specs: {},
      sort: 'price',
      page: 2,
      view: null,
    });
    expect(read('view=list')).toEqual({ ...NO_SEARCH, view: 'list' });
    expect(read('sort=-price')).toEqual({ ...NO_SEARCH, sort: '-price' });
  });

  it('is the plain catalog without parameters, and with empty ones (a GET form sends them)', () => {
    expect(read('')).toEqual(NO_SEARCH);
    expect(read('q=&category=&sort=&page=')).toEqual(NO_SEARCH);
    expect(read('q=%20%20')).toEqual(NO_SEARCH);
  });

  it('leaves out a value the shop does not know instead of failing the page', () => {
    expect(read('category=toasters&sort=cheap&page=0')).toEqual(NO_SEARCH);
    expect(read('page=-1')).toEqual(NO_SEARCH);
    expect(read('page=1.5')).toEqual(NO_SEARCH);
    expect(read('page=abc')).toEqual(NO_SEARCH);
    expect(read('page=99999999')).toEqual(NO_SEARCH);
    expect(read('q=atx&sort=PRICE')).toEqual({ ...NO_SEARCH, q: 'atx' });
  });

  it('cleans the words: trimmed, no control characters, at most the length the server takes', () => {
    expect(cleanSearchText('  micro atx ')).toBe('micro atx');
    expect(cleanSearchText('atx\u0000tower\n')).toBe('atx tower');
    expect(cleanSearchText('x'.repeat(SEARCH_MAX_LENGTH + 20))).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it('writes only what differs from the plain catalog, always in the same order', () => {
    expect(productSearchHref(NO_SEARCH)).toBe('/products');
    expect(
      productSearchHref({
        q: 'atx',
        category: 'cases',
        specs: {},
        sort: 'price',
        page: 2,
        view: null,
      }),
    ).toBe('/products?q=atx&category=cases&sort=price&page=2');
    expect(productSearchHref({ ...NO_SEARCH, page: 1, sort: 'name' })).toBe('/products?sort=name');
    expect(productSearchHref({ ...NO_SEARCH, q: 'a&b "c"' })).toBe('/products?q=a%26b+%22c%22');
    // Issue 22, defect 18: the list view lives in the address; the cards are the default.
    expect(productSearchHref({ ...NO_SEARCH, view: 'list' })).toBe('/products?view=list');
    expect(read('view=table').view).toBeNull();
    // What it writes, it reads back.
    const search = {
      q: 'a&b "c" 100%',
      category: 'power-supplies',
      specs: { wattage: '750 W', modularity: 'Semi-modular' },
      sort: '-price',
      page: 3,
      view: 'list',
    } as const;
    expect(read(productSearchHref(search).split('?')[1]!)).toEqual(search);
  });

  it('keeps the spec filters in the address, after the category (issue 22)', () => {
    expect(
      productSearchHref({
        ...NO_SEARCH,
        category: 'power-supplies',
        specs: { efficiency: '80 PLUS Gold', wattage: '750 W' },
      }),
    ).toBe('/products?category=power-supplies&wattage=750+W&efficiency=80+PLUS+Gold');
    const psus = 'category=power-supplies&';
    expect(read(`${psus}wattage=750+W`).specs).toEqual({ wattage: '750 W' });
    // Blank, padded, unknown and too long values: left out or cleaned, never refused.
    expect(read(`${psus}wattage=&efficiency=%20%20&colour=red`).specs).toEqual({});
    expect(read('category=cases&formFactor=%20ATX%20').specs).toEqual({ formFactor: 'ATX' });
    expect(read(`${psus}wattage=${'9'.repeat(SPEC_FILTER_MAX_LENGTH + 1)}`).specs).toEqual({});
    const gold = { ...NO_SEARCH, category: 'power-supplies', specs: { wattage: '750 W' } } as const;
    expect(isFiltered(gold)).toBe(true);
    expect(isFiltered(NO_SEARCH)).toBe(false);
    expect(productSearchApiQuery(gold)).toBe(
      `?category=power-supplies&wattage=750+W&limit=${DEFAULT_PAGE_SIZE}`,
    );
    expect(
      productFacetsApiParams({
        ...NO_SEARCH,
        q: 'gold',
        page: 3,
        category: 'cases',
        specs: { formFactor: 'ATX' },
      }),
    ).toEqual({ q: 'gold', category: 'cases', formFactor: 'ATX' });
  });

  it("ux 2026-11-28 #19: keeps only the category's spec filters, none without a category", () => {
    // Another type's filter (left from before the category changed) is not part of the search.
    expect(read('category=cases&wattage=750+W&fanSize=120+mm').specs).toEqual({
      fanSize: '120 mm',
    });
    expect(read('wattage=750+W&formFactor=ATX').specs).toEqual({});
    expect(
      productSearchHref({
        ...NO_SEARCH,
        category: 'cases',
        specs: { wattage: '750 W', gpuLength: '350 mm and up' },
      }),
    ).toBe('/products?category=cases&gpuLength=350+mm+and+up');
    expect(productSearchHref({ ...NO_SEARCH, specs: { wattage: '750 W' } })).toBe('/products');
    expect(isFiltered({ ...NO_SEARCH, specs: { wattage: '750 W' } })).toBe(false);
  });

  it('asks the API for pages of DEFAULT_PAGE_SIZE, and for the first page as a lone limit', () => {
    expect(productSearchApiQuery(NO_SEARCH)).toBe(`?limit=${DEFAULT_PAGE_SIZE}`);
    expect(
      productSearchApiQuery({
        q: 'atx',
        category: 'cases',
        specs: {},
        sort: 'price',
        page: 2,
        view: null,
      }),
    ).toBe(`?q=atx&category=cases&sort=price&page=2&limit=${DEFAULT_PAGE_SIZE}`);
  });

  it('asks only what the server accepts (the shared schema)', () => {
    for (const query of [
      '',
      'q=atx&category=cases&sort=price&page=2',
      'q=%00%22%25*(OR-&page=1000000',
      `q=${'y'.repeat(300)}&sort=newest`,
      'category=bad&sort=bad&page=bad',
    ]) {
      const params = Object.fromEntries(
        new URLSearchParams(productSearchApiQuery(read(query)).slice(1)),
      );
      expect(productListQuerySchema.safeParse(params).success, query).toBe(true);
    }
  });

  it('tells a narrowed search from the plain catalog, and counts pages', () => {
    expect(isFiltered(NO_SEARCH)).toBe(false);
    expect(isFiltered({ ...NO_SEARCH, page: 3 })).toBe(false);
    expect(isFiltered({ ...NO_SEARCH, category: 'cases' })).toBe(true);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(DEFAULT_PAGE_SIZE)).toBe(1);
    expect(pageCount(DEFAULT_PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(312)).toBe(Math.ceil(312 / DEFAULT_PAGE_SIZE));
  });
});
