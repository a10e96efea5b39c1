import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api/product-keys';
import { orderKeys } from './order-keys';

/** `DELETE /orders/{id}`: only while the order is unpaid; its stock goes back to the product. */
export function deleteOrder(id: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(`/orders/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
