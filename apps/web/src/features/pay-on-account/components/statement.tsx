import {
  accountPageMessages as text,
  formatPrice,
  madeOnFirstUse,
  onAccountLabels,
  type StatementInvoice,
  type StatementQuery,
} from '@shop/shared';
import { useState, type ReactNode } from 'react';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { OrderNumberLink } from '../../../components/ui/order-reference';
import { QueryState } from '../../../components/ui/query-state';
import { useNow } from '../../../lib/use-now';
import { useStatement, type Statement } from '../api/get-statement';
import { AccountStatementSection } from './account-statement';
import { DueState, formatDay } from './due-state';
import { StatementExport } from './statement-export';

const COLUMNS = [
  text.columns.invoice,
  text.columns.order,
  text.columns.po,
  text.columns.issued,
  text.columns.due,
  text.columns.total,
  text.columns.amountDue,
  text.columns.status,
] as const;

const asOf = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

/**
 * A company's statement (DESIGN.md section 13): its terms, credit limit, balance and available
 * credit, the hold when there is one, and every open invoice with its order, dates, amount due
 * and days overdue (in words); exported as CSV. Members read it on their dashboard, shop admins on
 * the company's page (`headingLevel` 2 there, under the page's own heading).
 */
export function CompanyStatement({
  companyId,
  headingLevel = 1,
  admin = false,
}: {
  companyId: string;
  headingLevel?: 1 | 2;
  /** Read by a shop admin: the hold notice speaks of the company, not of "your" company. */
  admin?: boolean;
}) {
  const [period, setPeriod] = useState<StatementQuery>({});
  const statement = useStatement(companyId, true, period);
  return (
    <QueryState query={statement} what="the statement">
      {(current) => (
        <StatementView
          statement={current}
          headingLevel={headingLevel}
          admin={admin}
          onPeriod={setPeriod}
        />
      )}
    </QueryState>
  );
}

function StatementView({
  statement,
  headingLevel,
  admin,
  onPeriod,
}: {
  statement: Statement;
  headingLevel: 1 | 2;
  admin: boolean;
  onPeriod: (period: StatementQuery) => void;
}) {
  const page = headingLevel === 1;
  const Heading = page ? 'h1' : 'h2';
  const Sub = page ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby="statement-title"
      // On a company page it is a card among the page's cards.
      className={page ? 'space-y-6' : 'card bg-base-100 border-base-300 card-body gap-4 border'}
    >
      <header className="space-y-2">
        <Heading
          id="statement-title"
          className={page ? 'text-3xl font-bold' : 'card-title text-lg'}
        >
          {headingLevel === 1 ? text.statementTitle(statement.companyName) : text.companyStatement}
        </Heading>
        {!admin && <p className="text-base-content/80 max-w-3xl">{text.statementIntro}</p>}
        <p className="text-base-content/80 text-sm">
          {text.generatedAt(asOf().format(new Date(statement.generatedAt)))}
        </p>
      </header>

      {statement.onHold && (
        <p role="status" className="alert alert-warning font-semibold">
          {admin ? text.onHoldAdminNotice : text.onHoldNotice}
        </p>
      )}
      {!statement.terms && !admin && (
        <p className="alert alert-info alert-soft">{text.statementNoTerms}</p>
      )}

      {/* A shop admin's company page shows the figures in its account card above. */}
      {!admin && <AccountFacts statement={statement} />}

      <AccountStatementSection
        account={statement.account}
        companyName={statement.companyName}
        page={page}
        onPeriod={onPeriod}
      />

      <section aria-labelledby="statement-invoices" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Sub id="statement-invoices" className={page ? 'text-xl font-semibold' : 'font-semibold'}>
            {text.openInvoices}
          </Sub>
          <StatementExport statement={statement} />
        </div>
        {statement.invoices.length === 0 ? (
          <p className="bg-base-100 border-base-300 rounded-box border p-6 text-center">
            {text.noOpenInvoices}
          </p>
        ) : (
          <InvoiceTable invoices={statement.invoices} />
        )}
      </section>
    </section>
  );
}

/** Terms, credit limit, balance and available credit, as a row of figures. */
export function AccountFacts({
  statement,
}: {
  statement: Pick<Statement, 'terms' | 'balance' | 'availableCredit' | 'onHold'>;
}) {
  const { terms } = statement;
  return (
    <dl className="bg-base-100 border-base-300 rounded-box grid grid-cols-2 gap-4 border p-4 md:grid-cols-4">
      <Figure term={onAccountLabels.terms}>
        {terms ? onAccountLabels.termsValue(terms.days) : text.noTerms}
      </Figure>
      <Figure term={onAccountLabels.creditLimit}>
        {terms ? formatPrice(terms.creditLimit) : <NoValue />}
      </Figure>
      <Figure term={onAccountLabels.balance}>{formatPrice(statement.balance)}</Figure>
      <Figure term={onAccountLabels.availableCredit}>
        {formatPrice(statement.availableCredit)}
        {statement.onHold && (
          <span className="badge badge-warning ms-2 border-transparent align-middle font-semibold">
            {onAccountLabels.onHold}
          </span>
        )}
      </Figure>
    </dl>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-base-content/80 text-sm font-semibold">{term}</dt>
      <dd className="text-xl font-bold">{children}</dd>
    </div>
  );
}

function InvoiceTable({ invoices }: { invoices: readonly StatementInvoice[] }) {
  const now = useNow();
  return (
    <DataTable label={text.invoiceTable} columns={COLUMNS} dense>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.orderId} className={invoice.overdue ? 'bg-warning/10' : undefined}>
            <RowHeader label={text.columns.invoice}>
              <span className="whitespace-nowrap">{invoice.invoiceNumber}</span>
            </RowHeader>
            <Cell label={text.columns.order}>
              <OrderNumberLink order={{ _id: invoice.orderId, orderNumber: invoice.orderNumber }} />
            </Cell>
            <Cell label={text.columns.po}>
              {invoice.poNumber ? (
                <span className="wrap-anywhere">{invoice.poNumber}</span>
              ) : (
                <NoValue />
              )}
            </Cell>
            <Cell label={text.columns.issued}>
              <time dateTime={invoice.issuedAt} className="whitespace-nowrap">
                {formatDay(invoice.issuedAt)}
              </time>
            </Cell>
            <Cell label={text.columns.due}>
              <time dateTime={invoice.dueAt} className="whitespace-nowrap">
                {formatDay(invoice.dueAt)}
              </time>
            </Cell>
            <Cell label={text.columns.total}>{formatPrice(invoice.total)}</Cell>
            <Cell label={text.columns.amountDue} className="font-semibold">
              {formatPrice(invoice.amountDue)}
            </Cell>
            <Cell label={text.columns.status}>
              <DueState
                dueAt={invoice.dueAt}
                overdue={invoice.overdue}
                daysOverdue={invoice.daysOverdue}
                now={now}
              />
            </Cell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
