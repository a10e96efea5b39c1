import type { EndpointBody, EndpointResponse } from '@shop/shared';
import { callApi } from '../../../lib/api-client';

/*
 * The saved order list calls without React Query, so the signed-in order list's sync
 * (order-list-sync.ts) loads nothing more than them; the hooks are in order-lists.ts.
 */

/** `GET /order-lists`: the order list itself (isDefault) first, then the named ones. */
export function getOrderLists(): Promise<EndpointResponse<'GET /order-lists'>> {
  return callApi('GET /order-lists');
}

export function createOrderList(
  body: EndpointBody<'POST /order-lists'>,
): Promise<EndpointResponse<'POST /order-lists'>> {
  return callApi('POST /order-lists', { body });
}

export function updateOrderList(
  id: string,
  body: EndpointBody<'PUT /order-lists/:id'>,
): Promise<EndpointResponse<'PUT /order-lists/:id'>> {
  return callApi('PUT /order-lists/:id', { params: { id }, body });
}

export function deleteOrderList(id: string): Promise<EndpointResponse<'DELETE /order-lists/:id'>> {
  return callApi('DELETE /order-lists/:id', { params: { id } });
}
