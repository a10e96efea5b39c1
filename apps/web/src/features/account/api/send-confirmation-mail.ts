import type { EndpointResponse } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * `POST /api/auth/send-verification-email`: the identity service mails the address a new link
 * that confirms it; the link brings the browser back to `callbackURL` (a path of the shop).
 */
export function sendConfirmationMail(
  email: string,
  callbackURL: string,
): Promise<EndpointResponse<'POST /auth/send-verification-email'>> {
  return callApi('POST /auth/send-verification-email', { body: { email, callbackURL } });
}

export function useSendConfirmationMail() {
  return useMutation({
    mutationFn: ({ email, callbackURL }: { email: string; callbackURL: string }) =>
      sendConfirmationMail(email, callbackURL),
    // Where it is offered, the answer (a limit reached) is shown beside the button.
    meta: { ownErrorMessage: true },
  });
}
