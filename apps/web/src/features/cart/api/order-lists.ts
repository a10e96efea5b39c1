import type { EndpointBody, EndpointResponse } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderListKeys } from './order-list-keys';

/** `GET /order-lists`: the order list itself (isDefault) first, then the named ones. */
export function getOrderLists(): Promise<EndpointResponse<'GET /order-lists'>> {
  return callApi('GET /order-lists');
}

export const orderListsQuery = (userId: string) =>
  queryOptions({ queryKey: orderListKeys.mine(userId), queryFn: getOrderLists });

export function useOrderLists(userId: string) {
  return useQuery(orderListsQuery(userId));
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

export function useSaveOrderList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrderList,
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListKeys.all }),
  });
}

export function useRenameOrderList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => updateOrderList(id, { name }),
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListKeys.all }),
  });
}

export function useDeleteOrderList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrderList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListKeys.all }),
  });
}
