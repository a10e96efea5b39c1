import {
  cutOrderId,
  formatPrice,
  formatTimeLeft,
  messages,
  orderHoldMessages,
  orderPageMessages,
  paymentLineText,
  type Order,
} from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { PAGE_HEADING_ATTRIBUTE, useFocusHeading } from '../../../lib/use-focus-heading';
import { useOrder } from '../../orders/api/get-order';
import { usePayOrder } from '../../orders/api/pay-order';
import { Checkout } from './checkout';
import { paths } from '../../../config/paths';

interface PaymentPageProps {
  orderId: string;
  customerName: string;
}

/**
 * The payment page: what is paid for beside the card form; once paid (just now, or opened
 * later), only the paid state with its transaction id.
 */
export function PaymentPage({ orderId, customerName }: PaymentPageProps) {
  const order = useOrder(orderId);
  const payOrder = usePayOrder(orderId);
  const [paidWith, setPaidWith] = useState<string | null>(null);

  const recordPayment = async (paymentIntentId: string) => {
    const { order: paid } = await payOrder.mutateAsync(paymentIntentId);
    setPaidWith(paid.transactionId ?? paymentIntentId);
  };

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold break-all">pay for {cutOrderId(orderId)}</h1>
      {/* The spec's heading stays; the number the buyer's mails and lists use is said under it. */}
      {order.data && (
        <p className="text-lg font-semibold">
          {orderPageMessages.payingOrder(order.data.orderNumber)}
        </p>
      )}
      <QueryState query={order} what="the order">
        {(current) =>
          paidWith || current.paid ? (
            <PaymentCompleted order={current} transactionId={paidWith ?? current.transactionId} />
          ) : (
            <div className="grid items-start gap-6 md:grid-cols-2">
              <OrderSummary order={current} customerName={customerName} />
              <section
                aria-labelledby="card-payment"
                className="card bg-base-100 border-base-300 border"
              >
                <div className="card-body">
                  <h2 id="card-payment" className="card-title">
                    Card payment
                  </h2>
                  {current.paymentStatus === 'cancelled' ? (
                    <Cancelled />
                  ) : (
                    <Checkout orderId={current._id} onPaid={recordPayment} />
                  )}
                </div>
              </section>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

function OrderSummary({ order, customerName }: { order: Order; customerName: string }) {
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
        {/* A cancelled order cannot be paid: its total is not asked for. */}
        <p className="text-2xl font-bold">
          {order.paymentStatus === 'cancelled' ? 'Total' : 'Please Pay'}:{' '}
          {formatPrice(order.orderPrice)}
        </p>
        {!order.paid && order.expiresAt && formatTimeLeft(order.expiresAt) && (
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
          Paid for &quot;{order.orderPName}&quot;: {order.orderQty} pc&apos;s,{' '}
          {formatPrice(order.orderPrice)}
        </p>
        <Link to={paths.dashboard.root.to()} className="btn btn-primary self-start">
          {orderPageMessages.backToMyOrder}
        </Link>
      </div>
    </section>
  );
}

function Cancelled() {
  return (
    <div className="space-y-3">
      <p role="alert" className="text-xl font-bold">
        {orderHoldMessages.orderCancelled}
      </p>
      <Link to={paths.dashboard.root.to()} className="btn btn-primary">
        {orderPageMessages.backToMyOrder}
      </Link>
    </div>
  );
}
