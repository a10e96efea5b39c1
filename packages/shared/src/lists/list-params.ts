/**
 * The constants of the list queries (list-queries.ts) without their schemas: the web
 * app's products page reads them before it needs any schema, and a module that builds zod
 * schemas at its top level is kept whole by the bundler wherever one of its names is imported,
 * which put zod in the way of the page's first request.
 */

/** The sorts of `GET /api/products?sort=`: `-price` is the dearest first. */
export const PRODUCT_SORTS = ['price', '-price', 'name', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const productSortLabels: Record<ProductSort, string> = {
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
};

/** A search longer than this is a mistake or an attack, not a product name. */
export const SEARCH_MAX_LENGTH = 100;
/** The page size when `page` comes without `limit`; with neither, every match is answered. */
export const DEFAULT_PAGE_SIZE = 24;
/** The last page a list query may ask for: past it is a mistake, not a catalog. */
export const MAX_LIST_PAGE = 1_000_000;
