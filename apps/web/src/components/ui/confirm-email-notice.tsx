import { orderLimitMessages } from '@shop/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';

interface ConfirmEmailNoticeProps {
  /** Why the shop refused: the server's `email_not_confirmed` message. */
  message: string;
  /** Where the new mail goes, as the notice says once it is sent. */
  email: string;
  /** Asks the shop to send the confirmation mail again. */
  resend: () => Promise<unknown>;
}

/**
 * In place of a refused order whose buyer has not confirmed their email yet: why, and
 * 'Send the confirmation mail again', then that it is on its way (or why not: a limit reached).
 */
export function ConfirmEmailNotice({ message, email, resend }: ConfirmEmailNoticeProps) {
  const [state, setState] = useState<
    { step: 'idle' | 'sending' | 'sent' } | { step: 'failed'; reason: string }
  >({ step: 'idle' });

  async function send() {
    setState({ step: 'sending' });
    try {
      await resend();
      setState({ step: 'sent' });
    } catch (error) {
      setState({ step: 'failed', reason: errorMessage(error) });
    }
  }

  return (
    <div role="alert" className="alert alert-error alert-soft mt-4 flex flex-col items-start gap-3">
      <p>{message}</p>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={state.step === 'sending'}
        onClick={() => void send()}
      >
        {state.step === 'sending' && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {orderLimitMessages.resendConfirmation}
      </button>
      {/* A live region of its own, so the outcome is read out when it arrives. */}
      <p role="status" className="font-semibold">
        {state.step === 'sent' && orderLimitMessages.confirmationSent(email)}
        {state.step === 'failed' && state.reason}
      </p>
    </div>
  );
}
