import {
  companyPageMessages as text,
  companyRoleWords,
  type CompanyWithMembers,
  madeOnFirstUse,
} from '@shop/shared';
import { useState, type ReactNode } from 'react';
import { EditCompanyForm } from './company-form';

const dateFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
);

/** A card of the company pages, titled by a heading the section is named by. */
export function CompanyCard({
  title,
  id,
  actions,
  children,
  className = '',
}: {
  title: string;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`card bg-base-100 border-base-300 border ${className}`}
    >
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="card-title text-lg">
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A date as the company pages write it (no time: an invitation expires on a day). */
export function ShortDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateFormat().format(new Date(iso))}</time>;
}

/**
 * The company's name, VAT ID, billing address and creation day; `canEdit` (a company admin, a
 * shop admin) turns it into the form on 'Edit details'. `role` is the viewer's own, if a member.
 */
export function CompanyDetails({
  company,
  canEdit,
  role,
}: {
  company: CompanyWithMembers;
  canEdit: boolean;
  role?: keyof typeof companyRoleWords | undefined;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <CompanyCard
      title={text.detailsTitle}
      id="company-details"
      actions={
        canEdit &&
        !editing && (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing(true)}>
            {text.edit}
          </button>
        )
      }
    >
      {editing ? (
        <EditCompanyForm company={company} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
          <dt className="text-base-content/80 text-sm font-semibold">{text.nameLabel}</dt>
          <dd className="font-medium wrap-anywhere">{company.name}</dd>
          <dt className="text-base-content/80 text-sm font-semibold">VAT ID</dt>
          <dd>{company.vatId ?? text.noVatId}</dd>
          <dt className="text-base-content/80 text-sm font-semibold">{text.billingAddressLabel}</dt>
          <dd className="wrap-anywhere whitespace-pre-line">{company.billingAddress}</dd>
          <dt className="text-base-content/80 text-sm font-semibold">{text.createdOn}</dt>
          <dd>
            <ShortDate iso={company.createdAt} />
          </dd>
          {role && (
            <>
              <dt className="text-base-content/80 text-sm font-semibold">{text.yourRole}</dt>
              <dd>{companyRoleWords[role]}</dd>
            </>
          )}
        </dl>
      )}
    </CompanyCard>
  );
}
