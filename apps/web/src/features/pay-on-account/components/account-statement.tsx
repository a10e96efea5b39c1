import {
  accountPageMessages as text,
  formatPrice,
  statementEntryCsvHeaders,
  statementQuerySchema,
  type AccountStatement,
  type StatementEntry,
  type StatementQuery,
} from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { OrderNumberLink } from '../../../components/ui/order-reference';
import { csvColumns, toCsv } from '../../../lib/csv';
import { saveFile } from '../../../lib/save-file';
import { formatDay } from './due-state';

const COLUMNS = [
  text.entryColumns.date,
  text.entryColumns.entry,
  text.entryColumns.order,
  text.entryColumns.reference,
  text.entryColumns.charge,
  text.entryColumns.payment,
  text.entryColumns.balance,
] as const;

/** One row of the account CSV: an entry, or the opening or closing balance around them. */
type AccountCsvRow = Partial<StatementEntry> & { label: string; balance: number; day?: string };

/** What an entry is, in words (never by colour alone). */
function entryLabel(entry: StatementEntry): string {
  if (entry.kind === 'payment') return text.entryPayment(entry.invoiceNumber);
  if (entry.paidAtOnce) return text.entryInvoicePaidAtOnce(entry.invoiceNumber);
  return text.entryInvoice(entry.invoiceNumber, entry.status === 'paid');
}

/** The account CSV's columns (`statementEntryCsvHeaders`), money in dollars. */
export const accountCsvColumns = csvColumns<AccountCsvRow, keyof typeof statementEntryCsvHeaders>(
  statementEntryCsvHeaders,
  {
    date: (row) => row.day ?? row.at?.slice(0, 10) ?? '',
    entry: (row) => row.label,
    invoiceNumber: (row) => row.invoiceNumber ?? '',
    orderNumber: (row) => row.orderNumber ?? '',
    reference: (row) => row.reference ?? '',
    charge: (row) => (row.kind ? row.charge : ''),
    payment: (row) => (row.kind ? row.payment : ''),
    balance: (row) => row.balance,
  },
);

/** The CSV's rows: the opening balance, every entry, the closing balance. */
export function accountCsvRows(account: AccountStatement): AccountCsvRow[] {
  return [
    { label: text.openingRow, day: account.from, balance: account.openingBalance },
    ...account.entries.map((entry) => ({ ...entry, label: entryLabel(entry) })),
    { label: text.closingRow, day: account.to, balance: account.closingBalance },
  ];
}

/**
 * The account statement of a period (issue 33 point 4, ux 2026-11-28 #17): the period's form,
 * the opening and closing balances, every invoice and payment with the balance after it, and
 * its CSV. `onPeriod` asks for another period (checked by the API's own schema first).
 */
export function AccountStatementSection({
  account,
  companyName,
  page,
  onPeriod,
}: {
  account: AccountStatement;
  companyName: string;
  page: boolean;
  onPeriod: (period: StatementQuery) => void;
}) {
  const Sub = page ? 'h2' : 'h3';
  return (
    <section aria-labelledby="statement-account" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Sub id="statement-account" className={page ? 'text-xl font-semibold' : 'font-semibold'}>
          {text.accountHeading}
        </Sub>
        <AccountExport account={account} companyName={companyName} />
      </div>
      <p className="text-base-content/80 max-w-3xl text-sm">{text.accountIntro}</p>
      <PeriodForm account={account} onPeriod={onPeriod} />
      <dl className="bg-base-100 border-base-300 rounded-box grid grid-cols-1 gap-4 border p-4 sm:grid-cols-2">
        <div>
          <dt className="text-base-content/80 text-sm font-semibold">
            {text.openingBalance(formatDay(account.from))}
          </dt>
          <dd className="text-xl font-bold">{formatPrice(account.openingBalance)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80 text-sm font-semibold">
            {text.closingBalance(formatDay(account.to))}
          </dt>
          <dd className="text-xl font-bold">{formatPrice(account.closingBalance)}</dd>
        </div>
      </dl>
      {account.entries.length === 0 ? (
        <p className="bg-base-100 border-base-300 rounded-box border p-6 text-center">
          {text.noEntries}
        </p>
      ) : (
        <EntryTable entries={account.entries} />
      )}
    </section>
  );
}

function PeriodForm({
  account,
  onPeriod,
}: {
  account: AccountStatement;
  onPeriod: (period: StatementQuery) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(account.from);
  const [to, setTo] = useState(account.to);
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = statementQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      const found: Partial<Record<'from' | 'to', string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'to' ? 'to' : 'from';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onPeriod(parsed.data);
  };
  const field = (name: 'from' | 'to', label: string, value: string, set: (v: string) => void) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="date"
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={`input input-sm ${errors[name] ? 'input-error' : ''}`}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-error mt-1 text-sm">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 text-sm font-semibold">{text.periodLegend}</legend>
        {field('from', text.periodFrom, from, setFrom)}
        {field('to', text.periodTo, to, setTo)}
        <button type="submit" className="btn btn-sm btn-primary">
          {text.showPeriod}
        </button>
      </fieldset>
    </form>
  );
}

function EntryTable({ entries }: { entries: readonly StatementEntry[] }) {
  return (
    <DataTable label={text.accountTable} columns={COLUMNS} dense>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={`${entry.kind}-${entry.orderId}-${String(index)}`}>
            <RowHeader label={text.entryColumns.date}>
              <time dateTime={entry.at} className="whitespace-nowrap">
                {formatDay(entry.at)}
              </time>
            </RowHeader>
            <Cell label={text.entryColumns.entry}>{entryLabel(entry)}</Cell>
            <Cell label={text.entryColumns.order}>
              <OrderNumberLink order={{ _id: entry.orderId, orderNumber: entry.orderNumber }} />
            </Cell>
            <Cell label={text.entryColumns.reference}>
              {entry.reference ? (
                <span className="wrap-anywhere">{entry.reference}</span>
              ) : (
                <NoValue />
              )}
            </Cell>
            <Cell label={text.entryColumns.charge}>
              {entry.charge > 0 ? formatPrice(entry.charge) : <NoValue />}
            </Cell>
            <Cell label={text.entryColumns.payment}>
              {entry.payment > 0 ? formatPrice(entry.payment) : <NoValue />}
            </Cell>
            <Cell label={text.entryColumns.balance} className="font-semibold">
              {formatPrice(entry.balance)}
            </Cell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** Saves the account statement as `account-<company>-<from>-to-<to>.csv`; says the file's name. */
export async function exportAccount(account: AccountStatement, companyName: string) {
  const name = text.accountCsvName(companyName, account.from, account.to);
  const csv = await toCsv(accountCsvColumns, accountCsvRows(account));
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
  return text.exportedAccount(account.entries.length, name);
}

function AccountExport({
  account,
  companyName,
}: {
  account: AccountStatement;
  companyName: string;
}) {
  const exportCsv = useMutation({
    mutationFn: () => exportAccount(account, companyName),
    onSuccess: (done) => toast.success(done),
  });
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      disabled={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
    >
      {exportCsv.isPending ? text.exporting : text.exportAccountCsv}
    </button>
  );
}
