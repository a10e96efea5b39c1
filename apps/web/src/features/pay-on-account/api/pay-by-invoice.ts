import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from '../../companies/api/company-keys';
import { orderKeys } from '../../orders/api/order-keys';
import { accountKeys } from './account-keys';

/**
 * `POST /orders/{id}/invoice-payment`: pays the order on account (DESIGN.md section 13). A 409
 * (credit_limit_exceeded, credit_hold, approval_required, order_already_invoiced) or 403
 * (no_payment_terms) changes nothing; the payment page says why in its own words.
 */
export function payByInvoice(
  orderId: string,
): Promise<EndpointResponse<'POST /orders/:id/invoice-payment'>> {
  return callApi('POST /orders/:id/invoice-payment', { params: { id: orderId } });
}

export function usePayByInvoice(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => payByInvoice(orderId),
    // The payment page shows the refusal beside the button.
    meta: { ownErrorMessage: true },
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderKeys.detail(orderId), order);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      ]);
    },
  });
}
