import {
  canApplyTo,
  carrierMessages,
  formatPrice,
  formatQuantity,
  formatTimeLeft,
  timelineLabels,
  invoiceDocumentKind,
  madeOnFirstUse,
  type Order,
  orderApprovalMessages,
  orderHoldMessages,
  orderPageMessages as text,
  orderTimeline,
  trackingUrl,
  type TimelineStep,
  type User,
} from '@shop/shared';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { ShortId } from '../../../components/ui/short-id';
import { ApprovalBadge, StatusBadge } from '../../../components/ui/status-badge';
import { useNow } from '../../../lib/use-now';
import { useDownloadInvoice } from '../api/download-invoice';
import { useOrder } from '../api/get-order';
import { paths } from '../../../config/paths';

const dateTime = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

const LINE_COLUMNS = [text.product, text.quantity, text.unitPrice, text.lineTotal] as const;

export type OrderViewer = Pick<User, 'email' | 'role'> & {
  /** The company the viewer is an admin of: they may pay its members' orders (section 12). */
  companyAdminOf?: string | null | undefined;
};

/** What the page passes in for an admin: Manage Order's actions on this order (features/admin). */
export type OrderActions = (order: Order) => ReactNode;

/**
 * The order page: what was ordered, by whom, where it is (placed, paid, shipped, with the
 * tracking number linked to the carrier's page), its invoice, and 'Pay now' while its owner
 * still can; for an admin, `adminActions` (Mark Paid, Ship Order, Edit tracking). The API
 * decides who may see it: another customer gets the permission message, an unknown order the
 * not-found page.
 */
export function OrderPage({
  orderId,
  viewer,
  adminActions,
  approvalActions,
  putBack,
  orderAgain,
  invoiceAccount,
}: {
  orderId: string;
  viewer: OrderViewer;
  adminActions?: OrderActions | undefined;
  /** A company admin's Approve / Reject (features/companies), shown to whom they apply. */
  approvalActions?: OrderActions | undefined;
  /** For an order cancelled unpaid: the cart's way to put its products back (issue 22). */
  putBack?: ((order: Order) => ReactNode) | undefined;
  /** For its owner, any other order: 'Order again' (DESIGN.md section 14). */
  orderAgain?: ((order: Order) => ReactNode) | undefined;
  /**
   * For an order paid on account: its invoice's due date, amount due and the payments received
   * (the pay-on-account feature, given by the page; DESIGN.md section 13).
   */
  invoiceAccount?: ((order: Order) => ReactNode) | undefined;
}) {
  const order = useOrder(orderId);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">
        {order.data ? text.numberTitle(order.data.orderNumber) : text.title(orderId)}
      </h1>
      <QueryState query={order} what="the order">
        {(current) => (
          <OrderDetails
            order={current}
            viewer={viewer}
            adminActions={adminActions}
            approvalActions={approvalActions}
            putBack={putBack}
            orderAgain={orderAgain}
            invoiceAccount={invoiceAccount}
          />
        )}
      </QueryState>
    </section>
  );
}

function OrderDetails({
  order,
  viewer,
  adminActions,
  approvalActions,
  putBack,
  orderAgain,
  invoiceAccount,
}: {
  order: Order;
  viewer: OrderViewer;
  adminActions?: OrderActions | undefined;
  approvalActions?: OrderActions | undefined;
  /** For an order cancelled unpaid: the cart's way to put its products back (issue 22). */
  putBack?: ((order: Order) => ReactNode) | undefined;
  orderAgain?: ((order: Order) => ReactNode) | undefined;
  invoiceAccount?: ((order: Order) => ReactNode) | undefined;
}) {
  const cancelledUnpaid = order.orderStatus === 'cancelled' && !order.paid;
  const isAdmin = viewer.role === 'admin';
  const now = useNow();
  const isPlacer = order.userEmail === viewer.email;
  const isCompanyAdmin = order.companyId !== null && viewer.companyAdminOf === order.companyId;
  const canPay =
    (isPlacer || isCompanyAdmin) && canApplyTo('markPaid', order) && order.orderPrice > 0;
  // A member's view of a colleague's order goes back to the company's list.
  const backToCompany = !isAdmin && !isPlacer && order.companyId !== null;
  const timeLeft = canPay && order.expiresAt ? formatTimeLeft(order.expiresAt, now) : null;

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={order.orderStatus} paymentStatus={order.paymentStatus} />
        {order.approvalStatus !== 'not_required' && <ApprovalBadge status={order.approvalStatus} />}
        {order.refundNeeded && (
          <span className="badge badge-warning whitespace-nowrap">
            {orderHoldMessages.refundNeeded}
          </span>
        )}
        {timeLeft && (
          <span className="text-base-content/80 text-sm">{text.payWithin(timeLeft)}</span>
        )}
        <div className="ms-auto flex flex-wrap gap-2">
          {canPay && (
            <Link to={paths.dashboard.payment.to(order._id)} className="btn btn-primary">
              {text.payNow}
            </Link>
          )}
          {isAdmin && adminActions?.(order)}
          {approvalActions?.(order)}
          {/* The owner orders the same again (a cancelled unpaid order has its put-back below). */}
          {isPlacer && !cancelledUnpaid && orderAgain?.(order)}
          <InvoiceButton order={order} />
          <Link
            to={
              isAdmin
                ? paths.dashboard.manageOrders.to()
                : backToCompany
                  ? paths.dashboard.companyOrders.to()
                  : paths.dashboard.root.to()
            }
            className="btn btn-ghost"
          >
            {isAdmin
              ? text.backToManageOrder
              : backToCompany
                ? orderApprovalMessages.backToCompanyOrders
                : text.backToMyOrder}
          </Link>
        </div>
      </div>

      <ApprovalNotice order={order} isPlacer={isPlacer} isCompanyAdmin={isCompanyAdmin} />
      {order.orderStatus === 'cancelled' && order.approvalStatus !== 'rejected' && (
        <p className="alert alert-warning">
          {order.paid ? text.cancelledRefund : text.cancelledUnpaid}
        </p>
      )}
      {/* Its owner may order the same again: the products go back into the order list. */}
      {order.orderStatus === 'cancelled' &&
        !order.paid &&
        order.userEmail === viewer.email &&
        putBack?.(order)}

      <div className="grid items-start gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Card title="Order" id="order-facts">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <Fact term={text.orderNumber}>
              <span className="font-semibold">{order.orderNumber}</span>
            </Fact>
            <Fact term={text.orderId}>
              <ShortId id={order._id} what="order ID" />
            </Fact>
            <Fact term={text.placedOn}>
              <DateTime iso={order.placedAt} />
            </Fact>
            <Fact term={text.poNumber}>{order.poNumber ?? '—'}</Fact>
            {order.invoice && <Fact term={text.invoiceNumber}>{order.invoice.number}</Fact>}
          </dl>
        </Card>
        <Card title={text.buyer} id="order-buyer">
          <address className="space-y-1 not-italic">
            <p className="font-semibold">{order.userName}</p>
            <p className="wrap-anywhere">{order.userEmail}</p>
            <p>{order.phone}</p>
            <p className="wrap-anywhere whitespace-pre-line">{order.address}</p>
          </address>
          <BillingFacts billing={order.billing} />
        </Card>
        <Card title={text.timeline} id="order-timeline" className="md:col-span-2 xl:col-span-1">
          <Timeline order={order} />
        </Card>
      </div>

      {order.invoice && invoiceAccount?.(order)}

      <section aria-labelledby="order-products" className="space-y-3">
        <h2 id="order-products" className="text-xl font-semibold">
          {text.products}
        </h2>
        <DataTable label={text.lines} columns={LINE_COLUMNS}>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={line.productId ?? `line-${index}`}>
                <RowHeader label={text.product}>{line.productName}</RowHeader>
                <Cell label={text.quantity}>{formatQuantity(line.quantity)}</Cell>
                <Cell label={text.unitPrice}>{formatPrice(line.unitPrice)}</Cell>
                <Cell label={text.lineTotal}>{formatPrice(line.lineTotal)}</Cell>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <p className="flex flex-wrap items-baseline justify-end gap-x-3 text-right">
          <span className="text-base-content/80 text-sm">{text.totalPieces(order.orderQty)}</span>
          <span className="text-xl font-bold">
            {text.orderTotal}: {formatPrice(order.orderPrice)}
          </span>
        </p>
      </section>
    </>
  );
}

/**
 * A company order's approval (DESIGN.md section 12): waiting (said to the buyer, to a company
 * admin who may decide, or to another member), or who decided and, for a rejection, why.
 */
function ApprovalNotice({
  order,
  isPlacer,
  isCompanyAdmin,
}: {
  order: Order;
  isPlacer: boolean;
  isCompanyAdmin: boolean;
}) {
  if (order.approvalStatus === 'awaiting_approval') {
    return (
      <p role="status" className="alert alert-warning">
        {isCompanyAdmin
          ? orderApprovalMessages.awaitingAdmin
          : isPlacer
            ? orderApprovalMessages.awaitingBuyer
            : orderApprovalMessages.awaitingOther}
      </p>
    );
  }
  if (!order.approval) return null;
  const { decidedBy, reason } = order.approval;
  const rejected = order.approvalStatus === 'rejected';
  return (
    <div className={`alert ${rejected ? 'alert-warning' : 'alert-success alert-soft'} block`}>
      <p className="font-semibold">
        {rejected
          ? orderApprovalMessages.rejectedBy(decidedBy.name)
          : orderApprovalMessages.approvedBy(decidedBy.name)}
      </p>
      {rejected && reason && (
        <p className="wrap-anywhere">
          {orderApprovalMessages.reason}: {reason}
        </p>
      )}
    </div>
  );
}

function Card({
  title,
  id,
  className = '',
  children,
}: {
  title: string;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`card bg-base-100 border-base-300 border ${className}`}
    >
      <div className="card-body gap-3">
        <h2 id={id} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-base-content/80 text-sm font-semibold">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateTime().format(new Date(iso))}</time>;
}

/** Placed, paid and shipped as an ordered list: each with its date, or 'Not yet'. */
function Timeline({ order }: { order: Order }) {
  const steps = orderTimeline(order);
  // The step the order is at now: the last one reached.
  const current = steps.findLast((step) => step.done);
  return (
    <ol className="space-y-4">
      {steps.map((step) => (
        <li
          key={step.kind}
          className="flex gap-3"
          aria-current={step === current ? 'step' : undefined}
        >
          <StepMark step={step} />
          <div className="min-w-0">
            <p className="font-semibold">
              {timelineLabels[step.kind]}
              {!step.done && <span className="sr-only">: {text.notYet}</span>}
            </p>
            <StepDetails step={step} order={order} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function StepMark({ step }: { step: TimelineStep }) {
  const tone = !step.done
    ? 'border-base-content/40 border-2 border-dashed'
    : step.kind === 'cancelled'
      ? 'bg-error text-error-content'
      : 'bg-success text-success-content';
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${tone}`}
    >
      {step.done ? (step.kind === 'cancelled' ? '✕' : '✓') : ''}
    </span>
  );
}

function StepDetails({ step, order }: { step: TimelineStep; order: Order }) {
  if (!step.done) {
    return (
      <p aria-hidden="true" className="text-base-content/70 text-sm">
        {text.notYet}
      </p>
    );
  }
  return (
    <div className="text-base-content/80 space-y-1 text-sm">
      {step.at && (
        <p>
          <DateTime iso={step.at} />
        </p>
      )}
      {step.kind === 'paid' && order.transactionId && (
        <p>
          {text.transactionId}: <ShortId id={order.transactionId} what="transaction ID" />
        </p>
      )}
      {step.kind === 'shipped' && order.shipment && (
        <>
          <p>
            {text.carrier}: <span className="font-medium">{order.shipment.carrier}</span>
          </p>
          <p>
            {text.trackingNumber}: <TrackingNumber shipment={order.shipment} />
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The tracking number, linked to the carrier's tracking page (a new tab) when the carrier is
 * one of the list; an 'Other' carrier's number is plain text.
 */
function TrackingNumber({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  const number = <span className="font-mono text-xs wrap-anywhere">{shipment.trackingNumber}</span>;
  if (!url) return number;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="link link-primary"
      aria-label={carrierMessages.trackingLinkLabel(shipment.carrier, shipment.trackingNumber)}
    >
      {number}
    </a>
  );
}

/** Whom the invoice is made out to, when the buyer gave it at checkout. */
function BillingFacts({ billing }: { billing: Order['billing'] }) {
  if (!billing.company && !billing.vatNumber && !billing.address) return null;
  return (
    <div className="border-base-300 mt-3 border-t pt-3">
      <h3 className="font-semibold">{text.billedTo}</h3>
      <address className="space-y-1 not-italic">
        {billing.company && <p className="wrap-anywhere">{billing.company}</p>}
        {billing.vatNumber && (
          <p>
            {text.vatNumber}: {billing.vatNumber}
          </p>
        )}
        {billing.address && <p className="wrap-anywhere whitespace-pre-line">{billing.address}</p>}
      </address>
    </div>
  );
}

/**
 * The order's document: its invoice once paid, a pro-forma while unpaid, none once it was
 * cancelled unpaid (issue 22, defect 20).
 */
function InvoiceButton({ order }: { order: Order }) {
  const invoice = useDownloadInvoice(order._id);
  const kind = invoiceDocumentKind(order);
  if (kind === 'none') return null;
  const proForma = kind === 'pro-forma';
  const download = async () => {
    try {
      await invoice.mutateAsync();
      toast.success(proForma ? text.proFormaDownloaded : text.invoiceDownloaded);
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={invoice.isPending}
      onClick={() => void download()}
    >
      {invoice.isPending
        ? text.downloadingInvoice
        : proForma
          ? text.downloadProForma
          : text.downloadInvoice}
    </button>
  );
}
