import { formatPrice } from '../common/format.js';
import { formatDocumentTime } from './order-mail.js';

/**
 * What one customer's unpaid orders may hold (DESIGN.md section 11, issue 20): a value together
 * (`MAX_UNPAID_VALUE`), no immediate re-order of what an expired order held, and a confirmed
 * email in production. The server refuses with these codes and texts; the web app shows them
 * where the buyer places the order.
 */

/** The error codes of these limits and their statuses (merged into `errorStatus`). */
export const orderLimitErrorStatus = {
  unpaid_value_exceeded: 409,
  hold_cooldown: 409,
  email_not_confirmed: 403,
} as const;

export const orderLimitMessages = {
  unpaidValueExceeded: (maxDollars: number) =>
    `Your unpaid orders may hold at most ${formatPrice(Math.round(maxDollars))} together, and this order would take them past it. Please pay or delete an order first.`,
  /** The whole refusal: which product, and from when it can be ordered again. */
  holdCooldown: (productName: string, until: string) =>
    `Your last order of ${productName} was cancelled (it was not paid in time, or a company admin rejected it). You can order it again from ${formatDocumentTime(until)}.`,
  /** Beside the refused line (it names the product already). */
  holdCooldownLine: (until: string) =>
    `Its last order was cancelled (not paid in time, or rejected): it can be ordered again from ${formatDocumentTime(until)}.`,
  emailNotConfirmed:
    'Please confirm your email address before placing an order: open the link in the confirmation mail we sent you.',
  resendConfirmation: 'Send the confirmation mail again',
  confirmationSent: (email: string) =>
    `A new confirmation mail is on its way to ${email}. Open its link, then place the order again.`,
} as const;
