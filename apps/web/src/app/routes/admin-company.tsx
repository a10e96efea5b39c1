import { manageCompaniesMessages } from '@shop/shared';
import { useParams } from 'react-router';
import { AdminCompanyPage } from '../../features/companies/components/admin-company-page';
import type { CompanySection } from '../../features/companies/components/company-sections';
import { CompanyAccountAdmin } from '../../features/pay-on-account/components/company-account';
import { usePageTitle } from '../../lib/use-page-title';

/** The sections other topics add to a shop admin's company page (issue 24: terms, hold). */
const sections: readonly CompanySection[] = [
  (company) => <CompanyAccountAdmin company={company} />,
];

/** /dashboard/companies/{companyId}: one company for a shop admin. */
export function AdminCompanyRoute() {
  const { companyId = '' } = useParams();
  usePageTitle(manageCompaniesMessages.title);
  return <AdminCompanyPage key={companyId} companyId={companyId} sections={sections} />;
}
