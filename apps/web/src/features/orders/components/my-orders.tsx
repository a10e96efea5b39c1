import {
  canApplyTo,
  formatPrice,
  formatTimeLeft,
  messages,
  orderLinesTitle,
  orderPageMessages,
  previewText,
  tableMessages,
  type Order,
} from '@shop/shared';
import { Link } from 'react-router';
import { useConfirmedDelete } from '../../../components/ui/confirmed-delete';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { ShortId } from '../../../components/ui/short-id';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useNow } from '../../../lib/use-now';
import { useDeleteOrder } from '../api/delete-order';
import { useMyOrders } from '../api/get-my-orders';
import { paths } from '../../../config/paths';

/** The spec's columns, plus the order's status in a column of its own. */
const COLUMNS = [
  'Name',
  'Product',
  'Quantity',
  'Price',
  'Payment',
  orderPageMessages.transactionId,
  tableMessages.status,
  'Action',
] as const;

/**
 * My Order: the customer's orders, each paid (with its transaction id) or waiting to be paid,
 * each linked to its order page. Pay and Delete are offered when the shared state machine allows
 * them (`canApplyTo`).
 */
export function MyOrders({ email }: { email: string }) {
  const orders = useMyOrders(email);
  const deleteOrder = useConfirmedDelete(useDeleteOrder(), {
    text: () => messages.deleteOrderText,
  });
  const now = useNow();

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">My Order</h1>
      <QueryState query={orders} what="your orders">
        {(list) =>
          list.length === 0 ? (
            <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
              <p>You have not ordered anything yet.</p>
              <Link to={paths.products.to()} className="btn btn-primary">
                Browse Our Tools
              </Link>
            </div>
          ) : (
            <DataTable label="My orders" columns={COLUMNS}>
              <tbody>
                {list.map((order) => (
                  <MyOrderRow
                    key={order._id}
                    order={order}
                    now={now}
                    deleting={deleteOrder.isDeleting(order)}
                    onDelete={() => void deleteOrder.remove(order)}
                  />
                ))}
              </tbody>
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}

interface MyOrderRowProps {
  order: Order;
  now: Date;
  deleting: boolean;
  onDelete: () => void;
}

function MyOrderRow({ order, now, deleting, onDelete }: MyOrderRowProps) {
  const payable = canApplyTo('markPaid', order);
  const timeLeft = payable && order.expiresAt ? formatTimeLeft(order.expiresAt, now) : null;
  return (
    <tr>
      <Cell label="Name">{order.userName}</Cell>
      <RowHeader label="Product">
        <span title={order.orderPName}>{orderLinesTitle(order, previewText)}</span>
        <Link
          to={paths.dashboard.order.to(order._id)}
          className="link link-primary block py-0.5 text-sm font-normal"
          aria-label={orderPageMessages.detailsLabel(order.orderPName)}
        >
          {orderPageMessages.details}
        </Link>
      </RowHeader>
      <Cell label="Quantity">{order.orderQty}</Cell>
      <Cell label="Price">{formatPrice(order.orderPrice)}</Cell>
      <Cell label="Payment">
        {order.paid ? (
          <button type="button" className="btn btn-sm btn-success" disabled>
            Paid
          </button>
        ) : payable && order.orderPrice > 0 ? (
          <>
            <Link
              to={paths.dashboard.payment.to(order._id)}
              className="btn btn-sm btn-primary"
              aria-label={`Pay: ${order.orderPName}`}
            >
              Pay
            </Link>
            {timeLeft && (
              <span className="text-base-content/80 mt-1 block text-xs">
                {orderPageMessages.payWithin(timeLeft)}
              </span>
            )}
          </>
        ) : (
          // A cancelled order says so once, under Status: nothing is left to pay.
          <NoValue />
        )}
      </Cell>
      <Cell label={orderPageMessages.transactionId}>
        {order.transactionId ? (
          <ShortId id={order.transactionId} what="transaction ID" />
        ) : (
          <NoValue />
        )}
      </Cell>
      <Cell label={tableMessages.status}>
        <StatusBadge status={order.orderStatus} />
      </Cell>
      <Cell label="Action">
        {canApplyTo('delete', order) ? (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            disabled={deleting}
            aria-label={`Delete: ${order.orderPName}`}
            onClick={onDelete}
          >
            Delete
          </button>
        ) : (
          <NoValue />
        )}
      </Cell>
    </tr>
  );
}
