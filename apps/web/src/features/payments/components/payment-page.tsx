import {
  formatQuantity,
  cutOrderId,
  formatDocumentTime,
  formatPrice,
  formatTimeLeft,
  messages,
  orderApprovalMessages,
  orderHoldMessages,
  orderPageMessages,
  refusalOfOrder,
  paymentLineText,
  type Order,
} from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { PAGE_HEADING_ATTRIBUTE, useFocusHeading } from '../../../lib/use-focus-heading';
import { orderQuery, useOrder } from '../../orders/api/get-order';
import { usePayOrder } from '../../orders/api/pay-order';
import { Checkout } from './checkout';
import { paths } from '../../../config/paths';

interface PaymentPageProps {
  orderId: string;
  customerName: string;
  /**
   * The way to put a cancelled order's products back into the order list (the cart feature's
   * PutBackButton, given by the page).
   */
  putBack?: ((order: Order) => ReactNode) | undefined;
  /**
   * Other ways to pay beside the card, given by the page: 'Pay by invoice' for a member of a
   * company with payment terms (the pay-on-account feature, DESIGN.md section 13).
   */
  otherMethods?: ((order: Order) => ReactNode) | undefined;
  /** What the page shows once the order is paid on account (invoiced, not paid yet). */
  invoiced?: ((order: Order) => ReactNode) | undefined;
}

/** setTimeout's longest wait; a later end is checked again when it is reached. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Whether the order's hold has ended: true from the moment `expiresAt` passes, while the page
 * is open (the card form must not stay on screen for an order the server no longer takes).
 */
export function useHoldEnded(expiresAt: string | null): boolean {
  const end = expiresAt === null ? Number.NaN : Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(end) || now >= end) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(end - now + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [end, now]);
  return end <= now;
}

/**
 * The payment page: what is paid for beside the card form; once paid (just now, or opened
 * later), only the paid state with its transaction id.
 */
export function PaymentPage({
  orderId,
  customerName,
  putBack,
  otherMethods,
  invoiced,
}: PaymentPageProps) {
  const order = useOrder(orderId);
  const payOrder = usePayOrder(orderId);
  const [paidWith, setPaidWith] = useState<string | null>(null);

  const recordPayment = async (paymentIntentId: string) => {
    const { order: paid } = await payOrder.mutateAsync(paymentIntentId);
    setPaidWith(paid.transactionId ?? paymentIntentId);
  };

  return (
    <section className="space-y-6">
      {/* The spec's words, with the number the buyer's mails and lists use instead of a
          fragment of the id (ux 2026-11-28 #9; docs/decisions/2026-11-28-payment-heading-order-number.md). */}
      <h1 className="text-3xl font-bold break-all">
        pay for {order.data ? order.data.orderNumber : cutOrderId(orderId)}
      </h1>
      <QueryState query={order} what="the order">
        {(current) =>
          paidWith || current.paid ? (
            <PaymentCompleted order={current} transactionId={paidWith ?? current.transactionId} />
          ) : current.paymentStatus === 'invoiced' && invoiced ? (
            invoiced(current)
          ) : (
            <Unpaid
              order={current}
              customerName={customerName}
              onPaid={recordPayment}
              putBack={putBack}
              otherMethods={otherMethods}
            />
          )
        }
      </QueryState>
    </section>
  );
}

/**
 * An unpaid order: the summary beside the card form while its hold lasts; cancelled (by the
 * server, or the hold ended while the page was open) the form is gone and the page says why,
 * with the way to put its products back into the order list (issue 22, defect 5).
 */
function Unpaid({
  order,
  customerName,
  onPaid,
  putBack,
  otherMethods,
}: {
  order: Order;
  customerName: string;
  onPaid: (paymentIntentId: string) => Promise<void>;
  putBack: PaymentPageProps['putBack'];
  otherMethods: PaymentPageProps['otherMethods'];
}) {
  const queryClient = useQueryClient();
  const holdEnded = useHoldEnded(order.expiresAt);
  // Why the order cannot be paid now, as the server would refuse it (the state table's refusal).
  const refusal = refusalOfOrder('markPaid', order)?.code;
  const cancelled = refusal === 'order_cancelled' || holdEnded;
  const awaitingApproval = refusal === 'approval_required';
  // The hold ended on screen: the order is read again, so every page shows it cancelled.
  useEffect(() => {
    if (holdEnded && order.paymentStatus !== 'cancelled') {
      void queryClient.invalidateQueries({ queryKey: orderQuery(order._id).queryKey });
    }
  }, [holdEnded, order._id, order.paymentStatus, queryClient]);
  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <OrderSummary order={order} customerName={customerName} cancelled={cancelled} />
      <div className="space-y-6">
        <section aria-labelledby="card-payment" className="card bg-base-100 border-base-300 border">
          <div className="card-body">
            <h2 id="card-payment" className="card-title">
              {cancelled
                ? orderHoldMessages.cancelled
                : awaitingApproval
                  ? orderApprovalMessages.term
                  : 'Card payment'}
            </h2>
            {cancelled ? (
              <Cancelled order={order} putBack={putBack} />
            ) : awaitingApproval ? (
              // Over the buyer's limit: the server refuses to take the payment (409
              // approval_required) until a company admin approves it (DESIGN.md section 12).
              <>
                <p role="status" className="alert alert-warning">
                  {order.paymentMethod === 'on_account'
                    ? orderApprovalMessages.awaitingBuyerOnAccount
                    : orderApprovalMessages.awaitingBuyer}
                </p>
                <Link
                  to={paths.dashboard.order.to(order._id)}
                  className="btn btn-outline self-start"
                >
                  {orderPageMessages.details}
                </Link>
              </>
            ) : (
              <Checkout orderId={order._id} onPaid={onPaid} />
            )}
          </div>
        </section>
        {/* Paying on account, beside the card (DESIGN.md section 13): not before approval. */}
        {!cancelled && !awaitingApproval && otherMethods?.(order)}
      </div>
    </div>
  );
}

function OrderSummary({
  order,
  customerName,
  cancelled,
}: {
  order: Order;
  customerName: string;
  cancelled: boolean;
}) {
  const awaiting = order.approvalStatus === 'awaiting_approval';
  const approved = order.approvalStatus === 'approved';
  return (
    <section aria-labelledby="order-summary" className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-3">
        <h2 id="order-summary" className="sr-only">
          Order summary
        </h2>
        <p className="text-xl font-semibold">Hello, {customerName}</p>
        <p>Please pay for &quot;{order.orderPName}&quot;</p>
        <ul aria-label={orderPageMessages.lines} className="divide-base-300 divide-y text-sm">
          {order.lines.map((line, index) => (
            <li
              key={line.productId ?? `line-${index}`}
              className="flex flex-wrap justify-between gap-x-4 py-1.5"
            >
              <span className="min-w-0 font-medium wrap-anywhere">{line.productName}</span>
              <span className="text-base-content/80 whitespace-nowrap">
                {paymentLineText(line.quantity, formatPrice(line.unitPrice))}
              </span>
            </li>
          ))}
        </ul>
        {/* A cancelled order cannot be paid, nor one awaiting approval (#9): no amount asked. */}
        <p className="text-2xl font-bold">
          {cancelled ? 'Total' : awaiting ? orderApprovalMessages.awaitingTotal : 'Please Pay'}:{' '}
          {formatPrice(order.orderPrice)}
        </p>
        {/* Approved: kept until a moment the buyer can plan by, not a countdown (#1). */}
        {!cancelled && !awaiting && approved && order.expiresAt && (
          <p className="text-base-content/80 text-sm">
            {orderApprovalMessages.approvedPayBy(formatDocumentTime(order.expiresAt))}
          </p>
        )}
        {!cancelled &&
          !awaiting &&
          !approved &&
          order.expiresAt &&
          formatTimeLeft(order.expiresAt) && (
            <p className="text-base-content/80 text-sm">
              Pay within {formatTimeLeft(order.expiresAt)}, or the order is cancelled and its stock
              released.
            </p>
          )}
      </div>
    </section>
  );
}

/** The paid state: the spec's message, the transaction id and what was paid for. */
function PaymentCompleted({
  order,
  transactionId,
}: {
  order: Order;
  transactionId: string | null;
}) {
  // Paying swaps the form for this state: focus moves to its heading, so it is read out.
  const heading = useFocusHeading<HTMLHeadingElement>();
  return (
    <section
      aria-labelledby="payment-completed"
      className="card bg-base-100 border-base-300 max-w-2xl border"
    >
      <div role="status" className="card-body gap-3">
        <h2
          id="payment-completed"
          ref={heading}
          className="text-xl font-bold"
          {...{ [PAGE_HEADING_ATTRIBUTE]: '' }}
        >
          {messages.paymentCompleted}
        </h2>
        {transactionId && (
          <p>
            Your transaction Id: <span className="font-mono break-all">{transactionId}</span>
          </p>
        )}
        <p className="text-base-content/80">
          Paid for &quot;{order.orderPName}&quot;: {formatQuantity(order.orderQty)} pc&apos;s,{' '}
          {formatPrice(order.orderPrice)}
        </p>
        <Link to={paths.dashboard.root.to()} className="btn btn-primary self-start">
          {orderPageMessages.backToMyOrder}
        </Link>
      </div>
    </section>
  );
}

function Cancelled({ order, putBack }: { order: Order; putBack: PaymentPageProps['putBack'] }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="alert alert-warning text-base font-semibold">
        {orderHoldMessages.orderCancelled}
      </p>
      {putBack?.(order)}
      <Link to={paths.dashboard.root.to()} className="btn btn-ghost">
        {orderPageMessages.backToMyOrder}
      </Link>
    </div>
  );
}
