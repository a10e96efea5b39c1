import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createOrderList,
  deleteOrderList,
  getOrderLists,
  updateOrderList,
} from './order-list-calls';
import { orderListKeys } from './order-list-keys';

export const orderListsQuery = (userId: string) =>
  queryOptions({ queryKey: orderListKeys.mine(userId), queryFn: getOrderLists });

export function useOrderLists(userId: string) {
  return useQuery(orderListsQuery(userId));
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
