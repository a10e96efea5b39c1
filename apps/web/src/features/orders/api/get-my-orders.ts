import type { Order } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * `GET /order?userEmail=&q=`: the signed-in customer's own orders, newest first; with `q`, those
 * whose order number or PO number it names.
 */
export function getMyOrders(email: string, q?: string): Promise<Order[]> {
  return callApi('GET /order', { query: { userEmail: email, ...(q ? { q } : {}) } });
}

export function myOrdersQuery(email: string, q?: string) {
  return queryOptions({
    queryKey: q ? [...orderKeys.mine(email), { q }] : orderKeys.mine(email),
    queryFn: () => getMyOrders(email, q),
  });
}

/** The customer's orders; a new search keeps the last list on screen until it is answered. */
export function useMyOrders(email: string, q?: string) {
  return useQuery({ ...myOrdersQuery(email, q), placeholderData: keepPreviousData });
}
