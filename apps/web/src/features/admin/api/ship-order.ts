import type { Order, ShipInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/**
 * `PUT /ship/{id}`: an admin ships a paid order (a 409 unless its status is 'placed'), with its
 * carrier and tracking number or neither (`{}`).
 */
export function shipOrder(
  id: string,
  details: ShipInput = {},
): Promise<{ modifiedCount: number; order: Order }> {
  return apiFetch<{ modifiedCount: number; order: Order }>(`/ship/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: details,
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: string; details: ShipInput }) => shipOrder(id, details),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
