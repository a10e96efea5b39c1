import type { AdminOrderListQuery, Order } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage, type ListPage } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/**
 * `GET /orders?q=&status=&page=&limit=`: one page of every customer's orders that match, for
 * admins, with the number of matches.
 */
export function getAllOrders({
  q,
  status,
  page,
  limit,
}: AdminOrderListQuery): Promise<ListPage<Order>> {
  return callApiPage('GET /orders', { query: { q, status, page, limit } });
}

/** The page on screen stays while the next one loads (a new search, the next page). */
export function allOrdersQuery(query: AdminOrderListQuery) {
  return queryOptions({
    queryKey: orderKeys.everyone(query),
    queryFn: () => getAllOrders(query),
    placeholderData: keepPreviousData,
  });
}

export function useAllOrders(query: AdminOrderListQuery) {
  return useQuery(allOrdersQuery(query));
}
