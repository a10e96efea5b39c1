import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/** `GET /orders`: every customer's orders, for admins. */
export function getAllOrders(): Promise<Order[]> {
  return apiFetch<Order[]>('/orders');
}

export function allOrdersQuery() {
  return queryOptions({ queryKey: orderKeys.everyone(), queryFn: getAllOrders });
}

export function useAllOrders() {
  return useQuery(allOrdersQuery());
}
