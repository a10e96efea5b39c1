import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export interface PaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
}

/** `POST /create-payment-intent`: the server prices the intent from the stored order. */
export function createPaymentIntent(orderId: string): Promise<PaymentIntent> {
  return apiFetch<PaymentIntent>('/create-payment-intent', {
    method: 'POST',
    json: { orderId },
  });
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
