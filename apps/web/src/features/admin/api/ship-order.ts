import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/** `PUT /ship/{id}`: an admin ships a paid order (a 409 unless its status is 'placed'). */
export function shipOrder(id: string): Promise<{ modifiedCount: number; order: Order }> {
  return apiFetch<{ modifiedCount: number; order: Order }>(`/ship/${encodeURIComponent(id)}`, {
    method: 'PUT',
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
