import type { PaymentsConfig } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/** `GET /payments/config`: which gateway takes cards (and Stripe's publishable key). */
export function getPaymentsConfig(): Promise<PaymentsConfig> {
  return callApi('GET /payments/config');
}

export function paymentsConfigQuery() {
  return queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: getPaymentsConfig,
    // Chosen when the server starts: it does not change while the page is open.
    staleTime: Infinity,
  });
}

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}
