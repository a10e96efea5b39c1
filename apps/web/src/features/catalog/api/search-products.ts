import { facetsFor, SEARCH_MATCH_HEADER, type Product, type SearchMatch } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApiPage, type ListPage } from '../../../lib/api-client';
import { productSearchApiParams, readProductSearch, type ProductSearch } from '../product-search';
import { productFacetsQuery } from './get-product-facets';
import { productSearchKeys } from './product-search-keys';

/** One page of the products a search matches, how many match in all, and how the first did. */
export async function searchProducts(
  search: ProductSearch,
): Promise<ListPage<Product> & { match: SearchMatch | null }> {
  const { items, total, headers } = await callApiPage('GET /products', {
    query: productSearchApiParams(search),
  });
  const match = headers?.get(SEARCH_MATCH_HEADER);
  return { items, total, match: match === 'text' || match === 'name' ? match : null };
}

export function productSearchQuery(search: ProductSearch) {
  return queryOptions({
    queryKey: productSearchKeys.search(search),
    queryFn: () => searchProducts(search),
  });
}

/**
 * The products page's results. While the next search or page loads, the last results stay on
 * screen (marked as placeholder data) instead of the grid emptying and refilling.
 */
export function useProductSearch(search: ProductSearch) {
  return useQuery({ ...productSearchQuery(search), placeholderData: keepPreviousData });
}

/**
 * Starts loading the results an address of /products asks for and its spec filters' counts (the
 * route's loader); settles when both have (the server draws the page once they are there).
 */
export function prefetchProductSearch(client: QueryClient, params: URLSearchParams) {
  const search = readProductSearch(params);
  return Promise.all([
    client.prefetchQuery(productSearchQuery(search)),
    // Spec filters come with a category (ux 2026-11-28 #19): none to count without one.
    ...(facetsFor(search.category).length > 0
      ? [client.prefetchQuery(productFacetsQuery(search))]
      : []),
  ]);
}
