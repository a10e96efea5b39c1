import { billingLabels } from '@shop/shared';

/** What a company member's order is billed to: My Company's invoice details. */
export interface CompanyBillingDetails {
  name: string;
  vatId: string | null;
  billingAddress: string;
}

/**
 * The billing part of a company member's order form (checkout and Order Now; ux 2026-11-28 #2):
 * the company, its VAT number and billing address as My Company has them, shown, not typed. The
 * server bills every member's order to the company whatever a form sends, so these are read
 * here only; a company admin changes them on My Company. Plain text, so no read-only field is a
 * tab stop; `company` undefined: still being read (a line says so, in the same place).
 */
export function CompanyBilling({ company }: { company: CompanyBillingDetails | undefined }) {
  return (
    <section aria-labelledby="company-billing" className="mt-4">
      <h3 id="company-billing" className="text-lg font-semibold">
        {billingLabels.companyHeading}
      </h3>
      {company ? (
        <>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">{billingLabels.companyName}</dt>
            <dd>{company.name}</dd>
            <dt className="font-medium">{billingLabels.companyVat}</dt>
            <dd>{company.vatId ?? billingLabels.companyNoVat}</dd>
            <dt className="font-medium">{billingLabels.companyAddress}</dt>
            <dd className="whitespace-pre-line">{company.billingAddress}</dd>
          </dl>
          <p className="text-base-content/80 mt-1 text-sm">
            {billingLabels.fromCompany(company.name)}
          </p>
        </>
      ) : (
        <p role="status" className="text-base-content/80 text-sm">
          {billingLabels.companyLoading}
        </p>
      )}
    </section>
  );
}
