/**
 * The page an email-confirmation link lands on (issue 22, defect 28): Better Auth confirms the
 * address, then redirects here, with `error` when the link was refused.
 */
export const emailConfirmationMessages = {
  title: 'Email address confirmed',
  confirmed: 'Your email address is confirmed. Thank you!',
  failedTitle: 'This confirmation link did not work',
  expired: 'This confirmation link has expired.',
  invalid: 'This confirmation link is invalid or was already used.',
  failedNext:
    'Log in and place your order: if the shop still needs your address confirmed, it offers to send a new mail.',
  continue: 'Continue',
  logIn: 'Log in',
} as const;

/** Where every confirmation link lands; `next` is where the buyer was heading. */
export const EMAIL_CONFIRMED_PATH = '/email-confirmed';
