import {
  canApplyTo,
  formatPrice,
  formatTimeLeft,
  orderHoldMessages,
  orderPageMessages as text,
  orderTimeline,
  timelineLabels,
  type Order,
  type TimelineStep,
  type User,
} from '@shop/shared';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { ShortId } from '../../../components/ui/short-id';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useNow } from '../../../lib/use-now';
import { useDownloadInvoice } from '../api/download-invoice';
import { useOrder } from '../api/get-order';
import { paths } from '../../../config/paths';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const LINE_COLUMNS = [text.product, text.quantity, text.unitPrice, text.lineTotal] as const;

export type OrderViewer = Pick<User, 'email' | 'role'>;

/**
 * The order page: what was ordered, by whom, where it is (placed, paid, shipped, with the
 * tracking number), its invoice, and 'Pay now' while its owner still can. The API decides who
 * may see it: another customer gets the permission message, an unknown order the not-found page.
 */
export function OrderPage({
  orderId,
  viewer,
  putBack,
}: {
  orderId: string;
  viewer: OrderViewer;
  /** For an order cancelled unpaid: the cart's way to put its products back (issue 22). */
  putBack?: ((order: Order) => ReactNode) | undefined;
}) {
  const order = useOrder(orderId);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{text.title(orderId)}</h1>
      <QueryState query={order} what="the order">
        {(current) => <OrderDetails order={current} viewer={viewer} putBack={putBack} />}
      </QueryState>
    </section>
  );
}

function OrderDetails({
  order,
  viewer,
  putBack,
}: {
  order: Order;
  viewer: OrderViewer;
  putBack?: ((order: Order) => ReactNode) | undefined;
}) {
  const isAdmin = viewer.role === 'admin';
  const now = useNow();
  const canPay =
    order.userEmail === viewer.email && canApplyTo('markPaid', order) && order.orderPrice > 0;
  const timeLeft = canPay && order.expiresAt ? formatTimeLeft(order.expiresAt, now) : null;

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={order.orderStatus} />
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
          <InvoiceButton orderId={order._id} />
          <Link
            to={isAdmin ? paths.dashboard.manageOrders.to() : paths.dashboard.root.to()}
            className="btn btn-ghost"
          >
            {isAdmin ? text.backToManageOrder : text.backToMyOrder}
          </Link>
        </div>
      </div>

      {order.orderStatus === 'cancelled' && (
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
            <Fact term={text.orderId}>
              <ShortId id={order._id} what="order ID" />
            </Fact>
            <Fact term={text.placedOn}>
              <DateTime iso={order.placedAt} />
            </Fact>
            <Fact term={text.poNumber}>{order.poNumber ?? '—'}</Fact>
          </dl>
        </Card>
        <Card title={text.buyer} id="order-buyer">
          <address className="space-y-1 not-italic">
            <p className="font-semibold">{order.userName}</p>
            <p className="wrap-anywhere">{order.userEmail}</p>
            <p>{order.phone}</p>
            <p className="wrap-anywhere whitespace-pre-line">{order.address}</p>
          </address>
        </Card>
        <Card title={text.timeline} id="order-timeline" className="md:col-span-2 xl:col-span-1">
          <Timeline order={order} />
        </Card>
      </div>

      <section aria-labelledby="order-products" className="space-y-3">
        <h2 id="order-products" className="text-xl font-semibold">
          {text.products}
        </h2>
        <DataTable label={text.lines} columns={LINE_COLUMNS}>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={line.productId ?? `line-${index}`}>
                <RowHeader label={text.product}>{line.productName}</RowHeader>
                <Cell label={text.quantity}>{line.quantity}</Cell>
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
  return <time dateTime={iso}>{dateTime.format(new Date(iso))}</time>;
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
            {text.trackingNumber}:{' '}
            <span className="font-mono text-xs wrap-anywhere">{order.shipment.trackingNumber}</span>
          </p>
        </>
      )}
    </div>
  );
}

function InvoiceButton({ orderId }: { orderId: string }) {
  const invoice = useDownloadInvoice(orderId);
  const download = async () => {
    try {
      await invoice.mutateAsync();
      toast.success(text.invoiceDownloaded);
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
      {invoice.isPending ? text.downloadingInvoice : text.downloadInvoice}
    </button>
  );
}
