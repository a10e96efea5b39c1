import {
  DEFAULT_PAGE_SIZE,
  MAX_LIST_PAGE,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  SPEC_FILTER_MAX_LENGTH,
  facetsFor,
  type EndpointQuery,
  type ProductCategory,
  type ProductSort,
  type SpecFilters,
} from '@shop/shared';
import { paths } from '../../config/paths';

/**
 * What /products shows, as its address says it (`/products?q=atx&category=cases&sort=price&page=2`):
 * the address is the one place the search lives, so a search can be shared, bookmarked and
 * walked with Back and Forward. Read with the shared constants `productListQuerySchema` checks
 * on the server (no zod here: this runs before the products page is drawn).
 */
export interface ProductSearch {
  /** The search words, trimmed; '' for none. */
  q: string;
  category: ProductCategory | null;
  /**
   * The spec filters (issue 22) of the category's facets (ux 2026-11-28 #19): `wattage=750 W`,
   * `formFactor=E-ATX`; {} for none, and always without a category.
   */
  specs: SpecFilters;
  /** null: the catalog's own order. */
  sort: ProductSort | null;
  /** From 1. */
  page: number;
  /** How the products show (issue 22, defect 18): null for cards, `list` for the table. */
  view: ProductView | null;
}

/** The views besides the cards: `view=list` in the address. */
export const PRODUCT_VIEWS = ['list'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

export const NO_SEARCH: ProductSearch = {
  q: '',
  category: null,
  specs: {},
  sort: null,
  page: 1,
  view: null,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((known) => known === value) ?? null;

/**
 * Cleans a search typed or pasted: no control characters (the server refuses them), trimmed, at
 * most SEARCH_MAX_LENGTH characters (the box holds no more).
 */
export function cleanSearchText(text: string): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
}

/** A spec value from the address: as the search, cleaned; '' (none) past the server's length. */
function cleanSpecValue(text: string | null): string {
  const value = (text ?? '').replace(/\p{Cc}/gu, ' ').trim();
  return value.length > SPEC_FILTER_MAX_LENGTH ? '' : value;
}

/**
 * The spec filters an address asks for, each facet's chosen value (none when blank), of the
 * category's facets only: another type's filter (left from before the category changed) is
 * dropped, and the address without it is the page's one spelling.
 */
export function readSpecFilters(
  params: URLSearchParams,
  category: ProductCategory | null,
): SpecFilters {
  const filters: SpecFilters = {};
  for (const { name } of facetsFor(category)) {
    const value = cleanSpecValue(params.get(name));
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * The search an address asks for. A value the shop does not know (a hand-edited `sort=cheap`,
 * `page=0`) is left out rather than refused: the page shows what the rest of the address asks.
 */
export function readProductSearch(params: URLSearchParams): ProductSearch {
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,7}$/.test(pageText) ? Number(pageText) : 1;
  const category = oneOf(PRODUCT_CATEGORIES, params.get('category'));
  return {
    q: cleanSearchText(params.get('q') ?? ''),
    category,
    specs: readSpecFilters(params, category),
    sort: oneOf(PRODUCT_SORTS, params.get('sort')),
    page: page >= 1 && page <= MAX_LIST_PAGE ? page : 1,
    view: oneOf(PRODUCT_VIEWS, params.get('view')),
  };
}

/** The address's query of a search: only what differs from the plain catalog, in one order. */
export function productSearchParams(search: ProductSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.category) params.set('category', search.category);
  for (const { name } of facetsFor(search.category)) {
    const value = search.specs[name];
    if (value) params.set(name, value);
  }
  if (search.sort) params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.view) params.set('view', search.view);
  return params;
}

/** The /products address of a search: `/products` for the plain catalog. */
export function productSearchHref(search: ProductSearch): string {
  const query = productSearchParams(search).toString();
  return query ? `${paths.products.to()}?${query}` : paths.products.to();
}

/**
 * The API's query for a search (`GET /products`): pages of DEFAULT_PAGE_SIZE. The first page of
 * the plain catalog is `?limit=24` alone, the first products in catalog order, which the server
 * keeps ready.
 */
export function productSearchApiParams(search: ProductSearch): EndpointQuery<'GET /products'> {
  return {
    q: search.q || undefined,
    category: search.category ?? undefined,
    ...specsOf(search),
    sort: search.sort ?? undefined,
    page: search.page > 1 ? search.page : undefined,
    limit: DEFAULT_PAGE_SIZE,
  };
}

/** The API's query for the spec filters' counts (`GET /products/facets`) of a search. */
export function productFacetsApiParams(
  search: ProductSearch,
): EndpointQuery<'GET /products/facets'> {
  return { q: search.q || undefined, category: search.category ?? undefined, ...specsOf(search) };
}

/** The search's spec filters of its category's facets (those the address keeps). */
function specsOf(search: ProductSearch): SpecFilters {
  return Object.fromEntries(
    facetsFor(search.category).flatMap(({ name }) =>
      search.specs[name] ? [[name, search.specs[name]]] : [],
    ),
  ) as SpecFilters;
}

/** Whether any spec filter is chosen. */
export const hasSpecFilters = (search: ProductSearch): boolean =>
  facetsFor(search.category).some(({ name }) => Boolean(search.specs[name]));

/** Whether the search narrows or reorders the catalog, i.e. whether there is anything to clear. */
export function isFiltered(search: ProductSearch): boolean {
  return (
    search.q !== '' || search.category !== null || search.sort !== null || hasSpecFilters(search)
  );
}

/** How many pages `total` matches fill. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));
}
