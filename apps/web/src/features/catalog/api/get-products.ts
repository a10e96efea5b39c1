import type { Product, ProductListQuery } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchPage, type ListPage } from '../../../lib/api-client';
import { listSearch } from '../../../lib/list-query';
import { productKeys } from './product-keys';

export function getProducts(limit?: number): Promise<Product[]> {
  return apiFetch<Product[]>(limit === undefined ? '/products' : `/products?limit=${limit}`);
}

export function productsQuery(limit?: number) {
  return queryOptions({ queryKey: productKeys.list(limit), queryFn: () => getProducts(limit) });
}

/** All products, or the first `limit` in catalog order. */
export function useProducts(limit?: number) {
  return useQuery(productsQuery(limit));
}

/**
 * `GET /products?q=&page=&limit=`: one page of the products that match, in catalog order, and
 * their number (Manage Product).
 */
export function getProductPage({
  q,
  category,
  sort,
  page,
  limit,
}: ProductListQuery): Promise<ListPage<Product>> {
  return apiFetchPage<Product>(`/products${listSearch({ q, category, sort, page, limit })}`);
}

/** The page on screen stays while the next one loads (a new search, the next page). */
export function useProductPage(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.page(query),
    queryFn: () => getProductPage(query),
    placeholderData: keepPreviousData,
  });
}
