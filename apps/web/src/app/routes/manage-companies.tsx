import { manageCompaniesMessages } from '@shop/shared';
import { ManageCompanies } from '../../features/companies/components/manage-companies';
import { usePageTitle } from '../../lib/use-page-title';

export function ManageCompaniesRoute() {
  usePageTitle(manageCompaniesMessages.title);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{manageCompaniesMessages.title}</h1>
      <ManageCompanies />
    </section>
  );
}
