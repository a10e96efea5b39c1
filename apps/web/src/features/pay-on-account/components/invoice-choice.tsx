import {
  accountPageMessages as text,
  companyMessages,
  formatPrice,
  onAccountLabels,
  onAccountMessages,
  orderPageMessages,
  type Order,
} from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { PAGE_HEADING_ATTRIBUTE, useFocusHeading } from '../../../lib/use-focus-heading';
import { useMyMembership } from '../../companies/api/get-my-company';
import { orderQuery } from '../../orders/api/get-order';
import { useDownloadInvoice } from '../../orders/api/download-invoice';
import { usePayByInvoice } from '../api/pay-by-invoice';
import { formatDay } from './due-state';

/**
 * Why the API refused to place the order on account, in the buyer's words (the shared
 * messages of DESIGN.md section 13); anything else as the app says it.
 */
export function invoiceRefusal(error: unknown): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      // The server's message carries the order's total and the credit left.
      case 'credit_limit_exceeded':
        return error.message;
      case 'credit_hold':
        return onAccountMessages.creditHold;
      case 'approval_required':
        return companyMessages.approvalRequired;
      case 'order_already_invoiced':
        return onAccountMessages.orderAlreadyInvoiced;
      case 'no_payment_terms':
        return onAccountMessages.noPaymentTerms;
      default:
        break;
    }
  }
  return errorMessage(error);
}

/**
 * 'Pay by invoice (net N days)' beside the card form, for a member of the order's company when
 * the company has payment terms: the available credit, why the choice cannot be used now (on
 * hold, over the credit, awaiting approval) and, when it can, the button. Nothing for anyone
 * else. A refusal the page could not foresee (another order took the credit meanwhile) is said
 * in words beside the button, and nothing changes.
 */
export function InvoiceChoice({ order, email }: { order: Order; email: string }) {
  const membership = useMyMembership(email);
  const company = membership.company;
  const queryClient = useQueryClient();
  const pay = usePayByInvoice(order._id);
  const [refusal, setRefusal] = useState<string | null>(null);

  const account = company && order.companyId === company._id ? company : null;
  const terms = account?.terms;
  if (!account || !terms) return null;
  const blocker = account.onHold
    ? text.onHoldNotice
    : order.approvalStatus === 'awaiting_approval'
      ? companyMessages.approvalRequired
      : order.orderPrice > account.availableCredit
        ? text.overCredit(order.orderPrice, account.availableCredit)
        : null;

  const submit = async () => {
    setRefusal(null);
    try {
      await pay.mutateAsync();
    } catch (error) {
      setRefusal(invoiceRefusal(error));
      // A second payment of an invoiced order: the page shows it invoiced.
      if (error instanceof ApiRequestError && error.code === 'order_already_invoiced') {
        await queryClient.invalidateQueries({ queryKey: orderQuery(order._id).queryKey });
      }
    }
  };

  return (
    <section aria-labelledby="invoice-payment" className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-3">
        <h2 id="invoice-payment" className="card-title">
          {onAccountLabels.payByInvoice(terms.days)}
        </h2>
        <p className="text-base-content/80">{text.invoiceChoiceIntro(terms.days)}</p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="text-base-content/80 text-sm font-semibold">
            {onAccountLabels.availableCredit}
          </dt>
          <dd className="font-semibold">
            {text.creditLeft(account.availableCredit, terms.creditLimit)}
          </dd>
          <dt className="text-base-content/80 text-sm font-semibold">{onAccountLabels.balance}</dt>
          <dd>{formatPrice(account.balance)}</dd>
        </dl>
        {blocker ? (
          <p role="status" className="alert alert-warning">
            {blocker}
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-primary self-start"
            disabled={pay.isPending}
            onClick={() => void submit()}
          >
            {pay.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {pay.isPending ? text.payingByInvoice : text.payByInvoiceButton}
          </button>
        )}
        {refusal && (
          <p role="alert" className="alert alert-error alert-soft text-error font-medium">
            {refusal}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * The payment page of an order paid on account: invoiced, with the invoice's number and due
 * date, the invoice to download, and the ways on (the order, the statement). Focus moves to its
 * heading when it replaces the choice, so it is read out.
 */
export function InvoicedNotice({ order }: { order: Order }) {
  const heading = useFocusHeading<HTMLHeadingElement>();
  const download = useDownloadInvoice(order._id);
  const invoice = order.invoice;
  return (
    <section
      aria-labelledby="order-invoiced"
      className="card bg-base-100 border-base-300 max-w-2xl border"
    >
      <div role="status" className="card-body gap-3">
        <h2
          id="order-invoiced"
          ref={heading}
          className="text-xl font-bold"
          {...{ [PAGE_HEADING_ATTRIBUTE]: '' }}
        >
          {text.invoicedTitle}
        </h2>
        {invoice && <p>{text.invoicedText(invoice.number, formatDay(invoice.dueAt))}</p>}
        <p className="text-base-content/80">
          {text.amountDue}: {formatPrice(invoice?.amountDue ?? order.orderPrice)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.dashboard.order.to(order._id)} className="btn btn-primary">
            {text.viewOrder}
          </Link>
          <button
            type="button"
            className="btn btn-outline"
            disabled={download.isPending}
            onClick={() =>
              download.mutate(undefined, {
                onSuccess: () => toast.success(orderPageMessages.invoiceDownloaded),
              })
            }
          >
            {download.isPending
              ? orderPageMessages.downloadingInvoice
              : orderPageMessages.downloadInvoice}
          </button>
          <Link to={paths.dashboard.statement.to()} className="btn btn-ghost">
            {text.viewStatement}
          </Link>
        </div>
      </div>
    </section>
  );
}
