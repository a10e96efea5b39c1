import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export function getProduct(id: string): Promise<Product> {
  return callApi('GET /products/:id', { params: { id } });
}

export function productQuery(id: string) {
  return queryOptions({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) });
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
