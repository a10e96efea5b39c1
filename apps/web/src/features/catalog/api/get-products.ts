import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export function getProducts(limit?: number): Promise<Product[]> {
  return callApi('GET /products', { query: { limit } });
}

export function productsQuery(limit?: number) {
  return queryOptions({ queryKey: productKeys.list(limit), queryFn: () => getProducts(limit) });
}

/** All products, or the first `limit` in catalog order. */
export function useProducts(limit?: number) {
  return useQuery(productsQuery(limit));
}
