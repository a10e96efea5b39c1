import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/** `PUT /order/{id}`: an admin marks an order paid (a 409 when it already is). */
export function markOrderPaid(id: string): Promise<{ modifiedCount: number; order: Order }> {
  return apiFetch<{ modifiedCount: number; order: Order }>(`/order/${encodeURIComponent(id)}`, {
    method: 'PUT',
  });
}

export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
