import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productFacetsApiParams, type ProductSearch } from '../product-search';
import { productSearchKeys } from './product-search-keys';

/** The spec filters' values with their counts for a search (issue 22). */
export function productFacetsQuery(search: ProductSearch) {
  return queryOptions({
    queryKey: productSearchKeys.facets(search),
    queryFn: () => callApi('GET /products/facets', { query: productFacetsApiParams(search) }),
  });
}

/** While the next counts load, the last ones stay, so the selects do not empty and refill. */
export function useProductFacets(search: ProductSearch, enabled = true) {
  return useQuery({ ...productFacetsQuery(search), placeholderData: keepPreviousData, enabled });
}
