import { companyPageMessages } from '@shop/shared';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { CompanyPage } from '../../features/companies/components/company-page';
import type { CompanySection } from '../../features/companies/components/company-sections';
import { CompanyAccountSummary } from '../../features/pay-on-account/components/company-account';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The sections other topics add to a member's company page, in order (paying on account, issue
 * 24, mounts its terms and statement here).
 */
const sections: readonly CompanySection[] = [
  (company) => <CompanyAccountSummary company={company} />,
];

/** /dashboard/company: create a company, or the one the customer belongs to. */
export function CompanyRoute() {
  usePageTitle(companyPageMessages.title);
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <Spinner label="Checking your account" />;
  return <CompanyPage email={auth.user.email} sections={sections} />;
}
