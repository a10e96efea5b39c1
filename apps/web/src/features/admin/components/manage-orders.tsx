import {
  formatPrice,
  formatTimeLeft,
  messages,
  orderHoldMessages,
  previewText,
  type Order,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { alertDeleted, confirmDelete } from '../../../components/ui/confirm-delete';
import { QueryState } from '../../../components/ui/query-state';
import { useNow } from '../../../lib/use-now';
import { useDeleteOrder } from '../../orders/api/delete-order';
import { useAllOrders } from '../api/get-all-orders';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { TableRegion } from '../../../components/ui/table-region';
import { useShipOrder } from '../api/ship-order';

/** How long an unpaid order still holds its stock. */
function timeLeftText(expiresAt: string, now: Date): string {
  const left = formatTimeLeft(expiresAt, now);
  return left ? `Expires in ${left}` : 'Expiring now';
}

/**
 * Manage Order: every customer's order, to mark paid, ship or delete while unpaid; cancelled
 * orders are shown with no action, and a payment that must go back carries a 'Refund needed' badge.
 */
export function ManageOrders() {
  const now = useNow();
  const orders = useAllOrders();
  const markPaid = useMarkOrderPaid();
  const ship = useShipOrder();
  const deleteOrder = useDeleteOrder();
  const busy = markPaid.isPending || ship.isPending || deleteOrder.isPending;

  // A failure (a conflict, a refusal, the network) is said by the app's error toast.
  const update = (action: typeof markPaid | typeof ship, order: Order, done: string) => {
    action.mutate(order._id, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount) toast.success(done);
        else toast.error(messages.noPermission);
      },
    });
  };

  const remove = async (order: Order) => {
    if (!(await confirmDelete(messages.deleteOrderText))) return;
    deleteOrder.mutate(order._id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount) void alertDeleted();
      },
    });
  };

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage Order</h1>
      <QueryState query={orders} what="orders" isEmpty={(list) => list.length === 0}>
        {(list) => (
          <TableRegion label="Orders">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col" className="hidden lg:table-cell">
                  Address
                </th>
                <th scope="col" className="hidden md:table-cell">
                  Product
                </th>
                <th scope="col" className="hidden md:table-cell">
                  Quantity
                </th>
                <th scope="col" className="hidden md:table-cell">
                  Price
                </th>
                <th scope="col">Payment Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {list.map((order) => {
                const what = `${order.orderPName} for ${order.userName}`;
                return (
                  <tr key={order._id}>
                    <th scope="row" className="font-medium">
                      {order.userName}
                      <span className="text-base-content/80 block text-sm font-normal wrap-anywhere">
                        {order.userEmail}
                      </span>
                      {/* On smaller screens the folded columns sit under the customer. */}
                      <span className="text-base-content/80 block text-sm font-normal lg:hidden">
                        {order.address}
                      </span>
                      <span className="block text-sm font-normal md:hidden">
                        {previewText(order.orderPName)}: {order.orderQty} pc&apos;s,{' '}
                        {formatPrice(order.orderPrice)}
                      </span>
                    </th>
                    <td className="hidden max-w-48 lg:table-cell">{order.address}</td>
                    <td className="hidden md:table-cell">
                      <span title={order.orderPName}>{previewText(order.orderPName)}</span>
                    </td>
                    <td className="hidden md:table-cell">{order.orderQty}</td>
                    <td className="hidden md:table-cell">{formatPrice(order.orderPrice)}</td>
                    <td>
                      <span className="font-medium">{order.paymentStatus}</span>
                      {order.paymentStatus !== 'pending' && order.trxId && (
                        <span className="block font-mono text-xs break-all">{order.trxId}</span>
                      )}
                      {order.paymentStatus === 'pending' && order.expiresAt && (
                        <span className="text-base-content/80 block text-xs whitespace-nowrap">
                          {timeLeftText(order.expiresAt, now)}
                        </span>
                      )}
                      {order.refundNeeded && (
                        <span className="badge badge-warning mt-1 whitespace-nowrap">
                          {orderHoldMessages.refundNeeded}
                        </span>
                      )}
                    </td>
                    <td>
                      <div className="flex flex-wrap gap-2">
                        {order.paymentStatus === 'pending' && (
                          <>
                            <button
                              type="button"
                              className="btn btn-sm btn-primary"
                              disabled={busy}
                              aria-label={`Mark Paid: ${what}`}
                              onClick={() => update(markPaid, order, 'Marked as paid.')}
                            >
                              Mark Paid
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-error btn-outline"
                              disabled={busy}
                              aria-label={`Delete: ${what}`}
                              onClick={() => void remove(order)}
                            >
                              Delete
                            </button>
                          </>
                        )}
                        {order.orderStatus === 'placed' && (
                          <button
                            type="button"
                            className="btn btn-sm btn-neutral"
                            disabled={busy}
                            aria-label={`Ship Order: ${what}`}
                            onClick={() => update(ship, order, 'Order shipped.')}
                          >
                            Ship Order
                          </button>
                        )}
                        {order.orderStatus === 'shipped' && (
                          <span className="badge badge-success">shipped</span>
                        )}
                        {order.orderStatus === 'cancelled' && (
                          <span className="badge badge-ghost">{orderHoldMessages.cancelled}</span>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </TableRegion>
        )}
      </QueryState>
    </section>
  );
}
