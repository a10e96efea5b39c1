import { manageCompaniesMessages as text } from '@shop/shared';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useCompany } from '../api/get-companies';
import { CompanyDetails } from './company-details';
import { CompanyMembers } from './company-members';
import { CompanyOrderList } from './company-orders';
import { CompanySections, type CompanySection } from './company-sections';

/**
 * A shop admin's page of one company: its details (editable), its members (role and limit
 * changed, members removed: all but the last admin, DESIGN.md section 12), its orders, and
 * the sections of other topics (`sections`).
 */
export function AdminCompanyPage({
  companyId,
  sections,
}: {
  companyId: string;
  sections?: readonly CompanySection[] | undefined;
}) {
  const company = useCompany(companyId);
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold wrap-anywhere">{company.data?.name ?? text.title}</h1>
        <Link to={paths.dashboard.manageCompanies.to()} className="btn btn-ghost">
          {text.back}
        </Link>
      </div>
      <QueryState query={company} what="the company">
        {(current) => (
          <div className="space-y-6">
            <CompanyDetails company={current} canEdit />
            <CompanySections
              company={current}
              viewer={{ isCompanyAdmin: false, isShopAdmin: true }}
              sections={sections}
            />
            <CompanyMembers company={current} canManage />
            <section aria-labelledby="company-orders" className="space-y-3">
              <h2 id="company-orders" className="text-xl font-semibold">
                {text.ordersTitle}
              </h2>
              <CompanyOrderList
                companyId={current._id}
                viewer={{ email: null, isCompanyAdmin: false }}
              />
            </section>
          </div>
        )}
      </QueryState>
    </section>
  );
}
