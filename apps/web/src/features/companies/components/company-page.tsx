import { companyPageMessages as text, type CompanyWithMembers } from '@shop/shared';
import { QueryState } from '../../../components/ui/query-state';
import { useMyCompany } from '../api/get-my-company';
import { CompanyDetails } from './company-details';
import { CreateCompanyForm } from './company-form';
import { InviteForm, PendingInvitations } from './company-invitations';
import { CompanyMembers } from './company-members';
import { CompanySections, type CompanySection } from './company-sections';

/**
 * /dashboard/company: a customer in no company creates one; a member sees the details, the
 * members with their role and limit, and may leave; a company admin also edits the details,
 * changes and removes members, invites colleagues and revokes pending invitations. Sections of
 * other topics render under the details (`sections`).
 */
export function CompanyPage({
  email,
  sections,
}: {
  email: string;
  sections?: readonly CompanySection[] | undefined;
}) {
  const company = useMyCompany();
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{text.title}</h1>
      <QueryState query={company} what="your company">
        {(mine) =>
          mine ? <MemberView company={mine} email={email} sections={sections} /> : <NoCompany />
        }
      </QueryState>
    </section>
  );
}

function NoCompany() {
  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <section
        aria-labelledby="no-company"
        className="card bg-base-100 border-base-300 border md:order-last"
      >
        <div className="card-body gap-3">
          <h2 id="no-company" className="card-title">
            {text.noCompanyTitle}
          </h2>
          <p>{text.noCompanyText}</p>
          <p className="text-base-content/80 text-sm">{text.noCompanyInvited}</p>
        </div>
      </section>
      <CreateCompanyForm />
    </div>
  );
}

function MemberView({
  company,
  email,
  sections,
}: {
  company: CompanyWithMembers;
  email: string;
  sections?: readonly CompanySection[] | undefined;
}) {
  const me = company.members.find((member) => member.email === email);
  const isAdmin = me?.role === 'admin';
  return (
    <div className="space-y-6">
      <CompanyDetails company={company} canEdit={isAdmin} role={me?.role} />
      <CompanySections
        company={company}
        viewer={{ isCompanyAdmin: isAdmin, isShopAdmin: false }}
        sections={sections}
      />
      <CompanyMembers company={company} canManage={isAdmin} myEmail={email} />
      {isAdmin && (
        <>
          <InviteForm companyId={company._id} email={email} />
          <PendingInvitations companyId={company._id} />
        </>
      )}
    </div>
  );
}
