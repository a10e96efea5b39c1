import {
  formatQuantity,
  adminListNouns,
  canApplyTo,
  formatPrice,
  formatTimeLeft,
  messages,
  orderListQuerySchema,
  orderPageMessages,
  refusalOfOrder,
  tableMessages,
  type Order,
} from '@shop/shared';
import { Link } from 'react-router';
import { useConfirmedDelete } from '../../../components/ui/confirmed-delete';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { ShortId } from '../../../components/ui/short-id';
import { SearchBox } from '../../../components/ui/paged-list';
import { ApprovalBadge, PaymentBadge, StatusBadge } from '../../../components/ui/status-badge';
import { useListParams } from '../../../lib/use-list-params';
import { useNow } from '../../../lib/use-now';
import { useDeleteOrder } from '../api/delete-order';
import { useMyOrders } from '../api/get-my-orders';
import {
  OrderNumberLink,
  OrderProducts,
  PlacedDate,
  PoNumber,
} from '../../../components/ui/order-reference';
import { paths } from '../../../config/paths';

const { columns } = orderPageMessages;

/**
 * The spec's columns, plus the order's number (linked to its page), the day it was placed and its
 * PO number (issue 22), and its status in a column of its own.
 */
const COLUMNS = [
  columns.order,
  columns.date,
  'Name',
  'Product',
  columns.po,
  'Quantity',
  'Price',
  'Payment',
  orderPageMessages.transactionId,
  tableMessages.status,
  'Action',
] as const;

const listParams = orderListQuerySchema.pick({ q: true });

/**
 * My Order: the customer's orders, each paid (with its transaction id) or waiting to be paid,
 * each linked to its order page by its number; found by order or PO number (the search is kept
 * in the address). Pay and Delete are offered when the shared state machine allows them
 * (`canApplyTo`).
 */
export function MyOrders({ email }: { email: string }) {
  const [{ q }, setParams] = useListParams(listParams);
  const orders = useMyOrders(email, q);
  const deleteOrder = useConfirmedDelete(useDeleteOrder(), {
    text: () => messages.deleteOrderText,
  });
  const now = useNow();
  const search = (
    <SearchBox
      noun={adminListNouns.orders}
      q={q}
      onSearch={(next) => setParams({ q: next }, { replace: true })}
      label={orderPageMessages.searchMine}
      hint={orderPageMessages.searchMineHint}
    />
  );

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">My Order</h1>
      <QueryState query={orders} what="your orders">
        {(list) =>
          list.length === 0 && !q ? (
            <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
              <p>You have not ordered anything yet.</p>
              <Link to={paths.products.to()} className="btn btn-primary">
                Browse Our Tools
              </Link>
            </div>
          ) : (
            <div className={`space-y-4 ${orders.isPlaceholderData ? 'opacity-60' : ''}`}>
              {search}
              {list.length === 0 && q ? (
                <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
                  <p role="status">{orderPageMessages.noneMatch(q)}</p>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setParams({ q: undefined })}
                  >
                    {orderPageMessages.showAll}
                  </button>
                </div>
              ) : (
                <DataTable label="My orders" columns={COLUMNS} stickyLast dense>
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
              )}
            </div>
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
  // Why it cannot be paid, if it cannot: the state table's refusal, as the server answers it.
  const refusal = refusalOfOrder('markPaid', order);
  const payable = refusal === undefined;
  const timeLeft = payable && order.expiresAt ? formatTimeLeft(order.expiresAt, now) : null;
  return (
    <tr>
      <Cell label={columns.order}>
        <OrderNumberLink order={order} />
      </Cell>
      <Cell label={columns.date}>
        <PlacedDate order={order} />
      </Cell>
      <Cell label="Name">{order.userName}</Cell>
      <RowHeader label="Product">
        <OrderProducts order={order} />
      </RowHeader>
      <Cell label={columns.po}>
        <PoNumber order={order} />
      </Cell>
      <Cell label="Quantity">{formatQuantity(order.orderQty)}</Cell>
      <Cell label="Price">{formatPrice(order.orderPrice)}</Cell>
      <Cell label="Payment">
        {refusal?.code === 'order_already_paid' ? (
          // The spec's "Paid", read as the order's state (a label, as Status is), not as a
          // button that looks disabled (review defect 13).
          <PaymentBadge status="paid" />
        ) : refusal?.code === 'order_already_invoiced' ? (
          // Paid on account (DESIGN.md section 13): placed, its invoice open.
          <PaymentBadge status="invoiced" />
        ) : payable && order.orderPrice > 0 ? (
          <>
            <Link
              to={paths.dashboard.payment.to(order._id)}
              className="btn btn-sm btn-primary"
              aria-label={orderPageMessages.payLabel(order.orderNumber)}
            >
              Pay
            </Link>
            {timeLeft && (
              <span className="text-base-content/80 mt-1 block text-xs">
                {orderPageMessages.payWithin(timeLeft)}
              </span>
            )}
          </>
        ) : refusal?.code === 'approval_required' ? (
          // Over the buyer's limit: no Pay until a company admin approves it (section 12).
          <ApprovalBadge status={order.approvalStatus} />
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
        <StatusBadge status={order.orderStatus} paymentStatus={order.paymentStatus} />
      </Cell>
      <Cell label="Action">
        {canApplyTo('delete', order) ? (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            disabled={deleting}
            aria-label={orderPageMessages.deleteLabel(order.orderNumber)}
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
