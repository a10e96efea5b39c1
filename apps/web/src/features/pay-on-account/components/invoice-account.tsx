import {
  accountPageMessages as text,
  daysOverdue,
  formatPrice,
  onAccountLabels,
  type Order,
} from '@shop/shared';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { useNow } from '../../../lib/use-now';
import { useInvoicePayments } from '../api/get-invoice-payments';
import { DueState, formatDay } from './due-state';

const PAYMENT_COLUMNS = [
  text.paymentColumns.received,
  text.paymentColumns.amount,
  text.paymentColumns.reference,
] as const;

/**
 * The order page's section of an order paid on account (DESIGN.md section 13): the invoice's
 * number, issue and due dates (overdue said in words), what is still due, and every payment
 * received. An order paid at once (by card, or marked paid) has no such section.
 */
export function InvoiceAccount({ order }: { order: Order }) {
  const invoice = order.invoice;
  const onAccount = invoice?.onAccount ?? null;
  const payments = useInvoicePayments(order._id, onAccount !== null);
  const now = useNow();
  if (!invoice || !onAccount) return null;
  const open = order.paymentStatus === 'invoiced';
  return (
    <section
      aria-labelledby="order-invoice-account"
      className="card bg-base-100 border-base-300 border"
    >
      <div className="card-body gap-4">
        <h2 id="order-invoice-account" className="card-title text-lg">
          {text.invoiceSection} {invoice.number}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
          <dt className="text-base-content/80 text-sm font-semibold">{text.issued}</dt>
          <dd>
            <time dateTime={invoice.issuedAt}>{formatDay(invoice.issuedAt)}</time>
          </dd>
          <dt className="text-base-content/80 text-sm font-semibold">{text.dueBy}</dt>
          <dd className="flex flex-wrap items-center gap-x-2">
            <time dateTime={invoice.dueAt}>{formatDay(invoice.dueAt)}</time>
            {open && (
              <DueState
                dueAt={invoice.dueAt}
                daysOverdue={daysOverdue(invoice.dueAt, now)}
                now={now}
              />
            )}
          </dd>
          <dt className="text-base-content/80 text-sm font-semibold">{text.amountDue}</dt>
          <dd className="font-semibold">
            {open ? formatPrice(invoice.amountDue) : text.paidInFull}
          </dd>
          <dt className="text-base-content/80 text-sm font-semibold">{onAccountLabels.terms}</dt>
          <dd>{onAccountLabels.termsValue(onAccount.termsDays)}</dd>
        </dl>
        {open && <p className="text-base-content/80 text-sm">{text.bankTransferHint}</p>}
        <h3 className="font-semibold">{text.payments}</h3>
        {payments.data && payments.data.length > 0 ? (
          <DataTable label={text.payments} columns={PAYMENT_COLUMNS}>
            <tbody>
              {payments.data.map((payment) => (
                <tr key={payment._id}>
                  <RowHeader label={text.paymentColumns.received}>
                    <time dateTime={payment.receivedAt}>{formatDay(payment.receivedAt)}</time>
                  </RowHeader>
                  <Cell label={text.paymentColumns.amount}>{formatPrice(payment.amount)}</Cell>
                  <Cell label={text.paymentColumns.reference}>
                    <span className="wrap-anywhere">{payment.reference}</span>
                  </Cell>
                </tr>
              ))}
            </tbody>
          </DataTable>
        ) : (
          <p className="text-base-content/80 text-sm">
            {payments.isPending ? text.loadingPayments : text.noPayments}
          </p>
        )}
      </div>
    </section>
  );
}
