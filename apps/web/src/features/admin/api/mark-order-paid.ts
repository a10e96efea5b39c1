import type { EndpointResponse, MarkPaidInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/**
 * `PUT /order/{id}`: an admin marks an order paid for the bank transfer received (its amount,
 * reference and date: ux 2026-11-28 #15); a 409 when it is paid already, a 400 naming the field
 * when the amount is not the total or the date is out of range.
 */
export function markOrderPaid(
  id: string,
  transfer: MarkPaidInput,
): Promise<EndpointResponse<'PUT /order/:id'>> {
  return callApi('PUT /order/:id', { params: { id }, body: transfer });
}

export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transfer }: { id: string; transfer: MarkPaidInput }) =>
      markOrderPaid(id, transfer),
    // The admin's actions say why it was refused (the field's own words).
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
