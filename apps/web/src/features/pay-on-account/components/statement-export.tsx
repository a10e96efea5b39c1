import {
  accountPageMessages as text,
  csvTime,
  statementCsvHeaders,
  statementDay,
  type StatementInvoice,
} from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { csvColumns, toCsv } from '../../../lib/csv';
import { saveFile } from '../../../lib/save-file';
import type { Statement } from '../api/get-statement';

/** The statement's CSV columns: one per heading of `statementCsvHeaders`, money in dollars. */
export const statementCsvColumns = csvColumns<StatementInvoice, keyof typeof statementCsvHeaders>(
  statementCsvHeaders,
  {
    invoiceNumber: (row) => row.invoiceNumber,
    orderNumber: (row) => row.orderNumber,
    poNumber: (row) => row.poNumber,
    issuedAt: (row) => csvTime(row.issuedAt),
    dueAt: (row) => csvTime(row.dueAt),
    total: (row) => row.total,
    amountDue: (row) => row.amountDue,
    daysOverdue: (row) => row.daysOverdue,
  },
);

/** Saves the statement's open invoices as `statement-<company>-<day>.csv`; says the file's name. */
export async function exportStatement(statement: Statement): Promise<string> {
  const name = text.csvName(statement.companyName, statementDay(new Date()));
  const csv = await toCsv(statementCsvColumns, statement.invoices);
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
  return text.exported(statement.invoices.length, name);
}

/** 'Export CSV' of the statement on screen (the web app makes the file; no CSV endpoint). */
export function StatementExport({ statement }: { statement: Statement }) {
  const exportCsv = useMutation({
    mutationFn: () => exportStatement(statement),
    onSuccess: (done) => toast.success(done),
  });
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      disabled={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
    >
      {exportCsv.isPending ? text.exporting : text.exportCsv}
    </button>
  );
}
