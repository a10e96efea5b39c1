import type { EndpointResponse } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/** `POST /create-payment-intent`: the server prices the intent from the stored order. */
export function createPaymentIntent(
  orderId: string,
): Promise<EndpointResponse<'POST /create-payment-intent'>> {
  return callApi('POST /create-payment-intent', { body: { orderId } });
}

export function paymentIntentQuery(orderId: string) {
  return queryOptions({
    queryKey: paymentKeys.intent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    // One intent per visit to the payment page: never asked again behind the customer's back,
    // and dropped when they leave, so the next visit starts a fresh one.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The client secret of a new payment intent for the order, once `enabled`. */
export function usePaymentIntent(orderId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...paymentIntentQuery(orderId), enabled });
}
