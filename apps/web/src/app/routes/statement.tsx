import { accountPageMessages, companyOrdersMessages } from '@shop/shared';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/account/hooks/use-auth';
import { useMyMembership } from '../../features/companies/api/get-my-company';
import { CompanyStatement } from '../../features/pay-on-account/components/statement';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /dashboard/statement: the statement of the customer's company (DESIGN.md section 13); a
 * customer in none is told so and pointed to My Company.
 */
export function StatementRoute() {
  usePageTitle(accountPageMessages.statementMenu);
  const auth = useAuth();
  const email = auth.status === 'signed-in' ? auth.user.email : undefined;
  const { query, company } = useMyMembership(email);
  if (email === undefined || query.isPending) return <Spinner label="Loading your company" />;
  if (!company) {
    return (
      <section className="space-y-6">
        <h1 className="text-3xl font-bold">{accountPageMessages.statementMenu}</h1>
        <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
          <p role="status">{accountPageMessages.statementNoCompany}</p>
          <Link to={paths.dashboard.company.to()} className="btn btn-primary">
            {companyOrdersMessages.toCompany}
          </Link>
        </div>
      </section>
    );
  }
  return <CompanyStatement key={company._id} companyId={company._id} />;
}
