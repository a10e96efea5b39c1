import type { ProductSearch } from '../product-search';
import { productKeys } from './product-keys';

/**
 * The /products page's query keys, under `productKeys.all` (so a change to the catalog
 * invalidates them with the rest), in a module of the page's own chunk: the home page's
 * JavaScript has no room for them.
 */
export const productSearchKeys = {
  /** A page of /products' search; its fields in a fixed order, so one search has one key. */
  search: ({ q, category, specs, sort, page }: ProductSearch) =>
    [...productKeys.all, 'search', { q, category, specs, sort, page }] as const,
  /** The spec filters' counts of a search (`GET /products/facets`). */
  facets: ({ q, category, specs }: ProductSearch) =>
    [...productKeys.all, 'facets', { q, category, specs }] as const,
};
