import { companyPageMessages as text, type CompanyWithMembers } from '@shop/shared';
import { Fragment, type ReactNode } from 'react';

/** Who looks at a company page: a member of the company (with their role) or a shop admin. */
export interface CompanyViewer {
  isCompanyAdmin: boolean;
  isShopAdmin: boolean;
}

/**
 * A section another topic adds to the company pages (paying on account: terms, hold,
 * statement; issue 24). The route pages pass them in (`app/routes/company.tsx`,
 * `app/routes/admin-company.tsx`), so this feature imports none of them; each renders its own
 * card (CompanyCard) or nothing for a viewer it does not apply to.
 */
export type CompanySection = (company: CompanyWithMembers, viewer: CompanyViewer) => ReactNode;

/** Where the sections render: under the details, above the members. */
export function CompanySections({
  company,
  viewer,
  sections = [],
}: {
  company: CompanyWithMembers;
  viewer: CompanyViewer;
  sections?: readonly CompanySection[] | undefined;
}) {
  if (sections.length === 0) return null;
  return (
    <div aria-label={text.sectionsLabel} role="group" className="space-y-6">
      {sections.map((section, index) => (
        <Fragment key={index}>{section(company, viewer)}</Fragment>
      ))}
    </div>
  );
}
