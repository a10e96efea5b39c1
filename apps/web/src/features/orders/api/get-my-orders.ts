import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** `GET /order?userEmail=`: the signed-in customer's own orders, newest first. */
export function getMyOrders(email: string): Promise<Order[]> {
  return callApi('GET /order', { query: { userEmail: email } });
}

export function myOrdersQuery(email: string) {
  return queryOptions({ queryKey: orderKeys.mine(email), queryFn: () => getMyOrders(email) });
}

export function useMyOrders(email: string) {
  return useQuery(myOrdersQuery(email));
}
