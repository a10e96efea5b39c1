import type { EndpointResponse, TestCard } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * `POST /payments/test/confirm`: the built-in test gateway charges a test card (Stripe's test
 * numbers) against the intent; a declined card answers 402 with the gateway's message.
 */
export function confirmTestPayment(
  card: TestCard,
): Promise<EndpointResponse<'POST /payments/test/confirm'>> {
  return callApi('POST /payments/test/confirm', { body: card });
}

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}
