import type { Product, ProductListQuery } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApiPage, type ListPage } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/**
 * `GET /products?q=&category=&sort=&page=&limit=`: one page of the products that match and
 * their number (Manage Product). A file of its own, beside get-products.ts, so the home page,
 * which asks for the whole list, does not carry the paging code.
 */
export function getProductPage({
  q,
  category,
  sort,
  page,
  limit,
}: ProductListQuery): Promise<ListPage<Product>> {
  return callApiPage('GET /products', { query: { q, category, sort, page, limit } });
}

/** The page on screen stays while the next one loads (a new search, the next page). */
export function useProductPage(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.page(query),
    queryFn: () => getProductPage(query),
    placeholderData: keepPreviousData,
  });
}
