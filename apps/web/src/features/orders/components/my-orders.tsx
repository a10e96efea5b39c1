import {
  formatPrice,
  formatTimeLeft,
  messages,
  orderHoldMessages,
  previewText,
  type Order,
} from '@shop/shared';
import { Link } from 'react-router';
import { alertDeleted, confirmDelete } from '../../../components/ui/confirm-delete';
import { QueryState } from '../../../components/ui/query-state';
import { useNow } from '../../../lib/use-now';
import { useDeleteOrder } from '../api/delete-order';
import { TableRegion } from '../../../components/ui/table-region';
import { useMyOrders } from '../api/get-my-orders';

/** My Order: the customer's orders, each paid (with its transaction id) or waiting to be paid. */
export function MyOrders({ email }: { email: string }) {
  const orders = useMyOrders(email);
  const deleteOrder = useDeleteOrder();
  const now = useNow();

  const remove = async (order: Order) => {
    if (!(await confirmDelete(messages.deleteOrderText))) return;
    // A failure is said by the app's error toast.
    deleteOrder.mutate(order._id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount) void alertDeleted();
      },
    });
  };

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">My Order</h1>
      <QueryState query={orders} what="your orders">
        {(list) =>
          list.length === 0 ? (
            <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
              <p>You have not ordered anything yet.</p>
              <Link to="/products" className="btn btn-primary">
                Browse Our Tools
              </Link>
            </div>
          ) : (
            <TableRegion label="My orders">
              <thead>
                <tr>
                  <th scope="col" className="hidden md:table-cell">
                    Name
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col" className="hidden md:table-cell">
                    Quantity
                  </th>
                  <th scope="col">Price</th>
                  <th scope="col">Payment</th>
                  <th scope="col" className="hidden md:table-cell">
                    Transaction ID
                  </th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {list.map((order) => (
                  <MyOrderRow
                    key={order._id}
                    order={order}
                    now={now}
                    deleting={deleteOrder.isPending && deleteOrder.variables === order._id}
                    onDelete={() => void remove(order)}
                  />
                ))}
              </tbody>
            </TableRegion>
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

/** A status badge; 'cancelled' reads as the word the customer was mailed. */
function StatusBadge({ status }: { status: Order['orderStatus'] }) {
  const style =
    status === 'shipped'
      ? 'badge-success'
      : status === 'cancelled'
        ? 'badge-ghost badge-sm'
        : 'badge-outline';
  return (
    <span className={`badge ${style}`}>
      {status === 'cancelled' ? orderHoldMessages.cancelled : status}
    </span>
  );
}

function MyOrderRow({ order, now, deleting, onDelete }: MyOrderRowProps) {
  const unpaid = order.paymentStatus === 'pending';
  const timeLeft = unpaid && order.expiresAt ? formatTimeLeft(order.expiresAt, now) : null;
  return (
    <tr>
      <td className="hidden md:table-cell">{order.userName}</td>
      <th scope="row" className="font-medium">
        <span title={order.orderPName}>{previewText(order.orderPName)}</span>
        {/* On a phone the hidden columns' facts sit under the product. */}
        <span className="text-base-content/80 block text-sm font-normal md:hidden">
          Quantity: {order.orderQty}
        </span>
        {order.transactionId && (
          <span className="text-base-content/80 block font-mono text-xs font-normal break-all md:hidden">
            {order.transactionId}
          </span>
        )}
      </th>
      <td className="hidden md:table-cell">{order.orderQty}</td>
      <td>{formatPrice(order.orderPrice)}</td>
      <td>
        {order.paid ? (
          <button type="button" className="btn btn-sm btn-success" disabled>
            Paid
          </button>
        ) : order.paymentStatus === 'cancelled' ? (
          <span className="badge badge-ghost badge-sm">{orderHoldMessages.cancelled}</span>
        ) : (
          order.orderPrice > 0 && (
            <>
              <Link
                to={`/dashboard/payment/${order._id}`}
                className="btn btn-sm btn-primary"
                aria-label={`Pay: ${order.orderPName}`}
              >
                Pay
              </Link>
              {timeLeft && (
                <span className="text-base-content/80 mt-1 block text-xs">
                  Pay within {timeLeft}
                </span>
              )}
            </>
          )
        )}
      </td>
      <td className="hidden font-mono text-xs break-all md:table-cell">
        {order.transactionId ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None</span>
          </>
        )}
      </td>
      <td>
        {unpaid ? (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            disabled={deleting}
            aria-label={`Delete: ${order.orderPName}`}
            onClick={onDelete}
          >
            Delete
          </button>
        ) : order.paymentStatus === 'cancelled' ? (
          // Said once, under Payment: nothing is left to do.
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None</span>
          </>
        ) : (
          <StatusBadge status={order.orderStatus} />
        )}
      </td>
    </tr>
  );
}
