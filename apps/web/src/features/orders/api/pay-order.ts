import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * `PATCH /order/{id}`: records a card payment on the order. The server asks the gateway whether
 * the payment intent really succeeded for this order before it marks the order paid.
 */
export function payOrder(
  id: string,
  transactionId: string,
): Promise<EndpointResponse<'PATCH /order/:id'>> {
  return callApi('PATCH /order/:id', { params: { id }, body: { transactionId } });
}

export function usePayOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => payOrder(id, transactionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
