import type { EndpointResponse, ShipInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/**
 * `PUT /ship/{id}`: an admin ships a paid order (a 409 unless its status is 'placed'), with its
 * carrier and tracking number or neither (`{}`).
 */
export function shipOrder(
  id: string,
  details: ShipInput = {},
): Promise<EndpointResponse<'PUT /ship/:id'>> {
  return callApi('PUT /ship/:id', { params: { id }, body: details });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: string; details: ShipInput }) => shipOrder(id, details),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
