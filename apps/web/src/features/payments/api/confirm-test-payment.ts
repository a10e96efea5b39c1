import type { TestCard } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface TestPaymentResult {
  status: 'succeeded';
  paymentIntentId: string;
}

/**
 * `POST /payments/test/confirm`: the built-in test gateway charges a test card (Stripe's test
 * numbers) against the intent; a declined card answers 402 with the gateway's message.
 */
export function confirmTestPayment(card: TestCard): Promise<TestPaymentResult> {
  return apiFetch<TestPaymentResult>('/payments/test/confirm', { method: 'POST', json: card });
}

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}
