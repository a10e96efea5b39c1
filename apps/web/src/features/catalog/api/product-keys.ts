import type { ProductListQuery } from '@shop/shared';
import type { ProductSearch } from '../product-search';

/** Every TanStack Query key of products comes from here. */
export const productKeys = {
  all: ['products'] as const,
  list: (limit?: number) => [...productKeys.all, 'list', { limit: limit ?? null }] as const,
  /** A page of a search (`?q=&category=&sort=&page=&limit=`). */
  page: (query: ProductListQuery) => [...productKeys.all, 'page', query] as const,
  /** A page of /products' search; its fields in a fixed order, so one search has one key. */
  search: ({ q, category, specs, sort, page }: ProductSearch) =>
    [...productKeys.all, 'search', { q, category, specs, sort, page }] as const,
  /** The spec filters' counts of a search (`GET /products/facets`). */
  facets: ({ q, category, specs }: ProductSearch) =>
    [...productKeys.all, 'facets', { q, category, specs }] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};
