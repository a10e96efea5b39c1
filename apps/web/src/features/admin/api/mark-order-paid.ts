import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/** `PUT /order/{id}`: an admin marks an order paid (a 409 when it already is). */
export function markOrderPaid(id: string): Promise<EndpointResponse<'PUT /order/:id'>> {
  return callApi('PUT /order/:id', { params: { id } });
}

export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
