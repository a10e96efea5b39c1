import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export interface OrderModified {
  modifiedCount: number;
  order: Order;
}

/**
 * `PATCH /order/{id}`: records a card payment on the order. The server asks the gateway whether
 * the payment intent really succeeded for this order before it marks the order paid.
 */
export function payOrder(id: string, transactionId: string): Promise<OrderModified> {
  return apiFetch<OrderModified>(`/order/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { transactionId },
  });
}

export function usePayOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => payOrder(id, transactionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
