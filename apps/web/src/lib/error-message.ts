import { messages } from '@shop/shared';
import { ApiRequestError, NETWORK_FAILURE } from './api-client';

/** What a failure no one explained says. */
export const UNEXPECTED_FAILURE = 'Something went wrong. Please try again.';

/** An order refused until the buyer confirms their email: it says so, and offers the mail. */
export function isEmailNotConfirmed(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code === 'email_not_confirmed';
}

/**
 * What the person reads about a failed call: the spec's permission message for a refusal
 * (unless it is one the person can cure, a confirmation of their email), the server's own
 * reason otherwise (a conflict, a missing order, a full disk), and the network's failure when
 * the shop could not be reached.
 */
export function errorMessage(error: unknown, fallback = UNEXPECTED_FAILURE): string {
  if (error instanceof ApiRequestError) {
    return error.status === 403 && !isEmailNotConfirmed(error)
      ? messages.noPermission
      : error.message;
  }
  // fetch itself throws a TypeError when the network is down (outside the API client's own guard).
  if (error instanceof TypeError) return NETWORK_FAILURE;
  return fallback;
}

/** A failure that asking again may cure: the network or the server, not the request itself. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status >= 500;
}

/** Raises an error toast; react-hot-toast is loaded on demand, as the toaster itself is. */
export function toastError(message: string): void {
  // One toast per message: the same failure twice in a row does not stack two toasts.
  void import('react-hot-toast').then(({ default: toast }) =>
    toast.error(message, { id: `error:${message}` }),
  );
}
