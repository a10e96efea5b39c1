import type { ProductListQuery } from '@shop/shared';

/**
 * Every TanStack Query key of products comes from here, but for the /products page's own
 * (product-search-keys.ts, kept out of the home page's JavaScript).
 */
export const productKeys = {
  all: ['products'] as const,
  list: (limit?: number) => [...productKeys.all, 'list', { limit: limit ?? null }] as const,
  /** A page of a search (`?q=&category=&sort=&page=&limit=`). */
  page: (query: ProductListQuery) => [...productKeys.all, 'page', query] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};
