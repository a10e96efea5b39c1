import type { EndpointResponse } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export type InvoicePayments = EndpointResponse<'GET /orders/:id/invoice-payments'>;

/** `GET /orders/{id}/invoice-payments`: the money recorded against an invoice, oldest first. */
export function getInvoicePayments(orderId: string): Promise<InvoicePayments> {
  return callApi('GET /orders/:id/invoice-payments', { params: { id: orderId } });
}

export function invoicePaymentsQuery(orderId: string, enabled = true) {
  return queryOptions({
    queryKey: accountKeys.payments(orderId),
    queryFn: () => getInvoicePayments(orderId),
    enabled,
  });
}

/** Asked only for an order paid on account (`enabled`). */
export function useInvoicePayments(orderId: string, enabled = true) {
  return useQuery(invoicePaymentsQuery(orderId, enabled));
}
