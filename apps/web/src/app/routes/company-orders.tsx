import { approvalMessages, companyMessages, companyOrdersMessages } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/account/hooks/use-auth';
import { useMyMembership } from '../../features/companies/api/get-my-company';
import { Approvals } from '../../features/companies/components/approvals';
import { CompanyOrderList } from '../../features/companies/components/company-orders';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The page of a company list: its heading, and the list once the viewer's company is known; a
 * customer in none (or not its admin, for Approvals) is told so and pointed to My Company.
 */
function CompanyListPage({
  title,
  adminOnly,
  children,
}: {
  title: string;
  adminOnly: boolean;
  children: (
    companyId: string,
    membership: { email: string; isCompanyAdmin: boolean },
  ) => ReactNode;
}) {
  usePageTitle(title);
  const auth = useAuth();
  const email = auth.status === 'signed-in' ? auth.user.email : undefined;
  const { query, company, isCompanyAdmin, mayApprove } = useMyMembership(email);
  let body: ReactNode;
  if (email === undefined || query.isPending) body = <Spinner label="Loading your company" />;
  // Approvals: company admins and approvers (ux 2026-11-28 #7).
  else if (!company || (adminOnly && !mayApprove)) {
    body = (
      <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
        <p role="status">
          {company ? companyMessages.notCompanyApprover : companyMessages.notInCompany}
        </p>
        <Link to={paths.dashboard.company.to()} className="btn btn-primary">
          {companyOrdersMessages.toCompany}
        </Link>
      </div>
    );
  } else body = children(company._id, { email, isCompanyAdmin });
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      {body}
    </section>
  );
}

/** /dashboard/company-orders: every order of the customer's company, with who placed each. */
export function CompanyOrdersRoute() {
  return (
    <CompanyListPage title={companyOrdersMessages.title} adminOnly={false}>
      {(companyId, viewer) => <CompanyOrderList companyId={companyId} viewer={viewer} />}
    </CompanyListPage>
  );
}

/** /dashboard/approvals: the company's orders awaiting a company admin. */
export function ApprovalsRoute() {
  return (
    <CompanyListPage title={approvalMessages.title} adminOnly>
      {(companyId) => <Approvals companyId={companyId} />}
    </CompanyListPage>
  );
}
