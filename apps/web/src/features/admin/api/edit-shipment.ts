import type { EndpointResponse, ShipInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/**
 * `PUT /orders/{id}/shipment`: an admin corrects a shipped order's carrier and tracking number
 * (a 409 unless it is shipped), or removes them (`{}`).
 */
export function editShipment(
  id: string,
  details: ShipInput,
): Promise<EndpointResponse<'PUT /orders/:id/shipment'>> {
  return callApi('PUT /orders/:id/shipment', { params: { id }, body: details });
}

export function useEditShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: string; details: ShipInput }) => editShipment(id, details),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
