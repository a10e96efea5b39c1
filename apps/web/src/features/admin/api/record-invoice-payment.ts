import type { EndpointResponse, InvoicePaymentInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from '../../companies/api/company-keys';
import { orderKeys } from '../../orders/api/order-keys';
import { accountKeys } from '../../pay-on-account/api/account-keys';

/**
 * `POST /orders/{id}/invoice-payments {amount, reference, receivedAt}` (shop admins): money
 * received for an order paid on account. More than the amount due is a 400 on `amount`.
 */
export function recordInvoicePayment(
  id: string,
  payment: InvoicePaymentInput,
): Promise<EndpointResponse<'POST /orders/:id/invoice-payments'>> {
  return callApi('POST /orders/:id/invoice-payments', { params: { id }, body: payment });
}

export function useRecordInvoicePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payment }: { id: string; payment: InvoicePaymentInput }) =>
      recordInvoicePayment(id, payment),
    // The admin's actions say why a payment was refused (the amount's own words).
    meta: { ownErrorMessage: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      ]),
  });
}
