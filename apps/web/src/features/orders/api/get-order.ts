import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** `GET /orders/{id}`: one order, for its owner or an admin. */
export function getOrder(id: string): Promise<Order> {
  return callApi('GET /orders/:id', { params: { id } });
}

export function orderQuery(id: string) {
  return queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });
}

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
