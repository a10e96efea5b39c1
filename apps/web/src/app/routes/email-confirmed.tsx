import { emailConfirmationMessages } from '@shop/shared';
import { EmailConfirmed } from '../../features/account/components/email-confirmed';
import { usePageTitle } from '../../lib/use-page-title';

/** /email-confirmed: where a confirmation mail's link lands (issue 22, defect 28). */
export function EmailConfirmedRoute() {
  usePageTitle(emailConfirmationMessages.title);
  return <EmailConfirmed />;
}
