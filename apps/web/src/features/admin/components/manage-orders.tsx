import {
  ADMIN_PAGE_SIZE,
  adminListMessages,
  adminListNouns,
  adminOrderListQuerySchema,
  canApplyTo,
  formatPrice,
  formatTimeLeft,
  messages,
  orderHoldMessages,
  orderLinesTitle,
  ORDER_STATUS_FILTERS,
  orderPageMessages,
  previewText,
  type Order,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ClampedText } from '../../../components/ui/clamped-text';
import { useConfirmedDelete } from '../../../components/ui/confirmed-delete';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedList } from '../../../components/ui/paged-list';
import { SelectField } from '../../../components/ui/select-field';
import { ShortId } from '../../../components/ui/short-id';
import { StatusBadge } from '../../../components/ui/status-badge';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { useNow } from '../../../lib/use-now';
import { useDeleteOrder } from '../../orders/api/delete-order';
import { getAllOrders, useAllOrders } from '../api/get-all-orders';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { useShipOrder } from '../api/ship-order';
import { orderCsvColumns } from '../order-csv';
import { askToShip, confirmMarkPaid } from './order-confirmations';
import { paths } from '../../../config/paths';

const COLUMNS = [
  'Customer',
  'Address',
  'Product',
  'Quantity',
  'Price',
  'Payment Status',
  'Action',
] as const;

/** How long an unpaid order still holds its stock. */
function timeLeftText(expiresAt: string, now: Date): string {
  const left = formatTimeLeft(expiresAt, now);
  return left ? `Expires in ${left}` : 'Expiring now';
}

const noun = adminListNouns.orders;
const listParams = adminOrderListQuerySchema.pick({ q: true, status: true, page: true });
const statusOptions = [
  { value: '', label: adminListMessages.allStatuses },
  ...ORDER_STATUS_FILTERS.map((status) => ({ value: status, label: status })),
];

/**
 * Manage Order: every customer's order, searched, filtered by status and paged (all kept in the
 * address) and exported as CSV, each linked to its order page, to mark paid or ship
 * (each after a dialog naming the order; shipping asks for the carrier and tracking number) or
 * delete while unpaid. Which actions a row offers is the shared state machine's answer
 * (`canApplyTo`); cancelled orders are shown with no action, a payment that must go back carries
 * a 'Refund needed' badge, and a shipped order its tracking number.
 */
export function ManageOrders() {
  const now = useNow();
  const [{ q, status, page = 1 }, setParams] = useListParams(listParams);
  const orders = useAllOrders({ q, status, page, limit: ADMIN_PAGE_SIZE });
  const markPaid = useMarkOrderPaid();
  const ship = useShipOrder();
  const deleteOrder = useConfirmedDelete(useDeleteOrder(), {
    text: () => messages.deleteOrderText,
  });
  const busy = markPaid.isPending || ship.isPending || deleteOrder.isPending;

  /** Runs an action the admin has confirmed and says how it went. */
  const update = async (act: () => Promise<{ modifiedCount: number }>, done: string) => {
    try {
      const { modifiedCount } = await act();
      if (!modifiedCount) {
        toast.error(messages.noPermission);
        return;
      }
      toast.success(done);
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };

  const onMarkPaid = async (order: Order) => {
    if (!(await confirmMarkPaid(order))) return;
    await update(() => markPaid.mutateAsync(order._id), 'Marked as paid.');
  };

  const onShip = async (order: Order) => {
    const details = await askToShip(order);
    if (!details) return;
    await update(() => ship.mutateAsync({ id: order._id, details }), 'Order shipped.');
  };

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage Order</h1>
      <PagedList
        noun={noun}
        query={orders}
        q={q}
        {...pagedListHandlers(setParams, ['q', 'status'])}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        filterWord={status}
        filters={
          <div className="w-40">
            <SelectField
              label={adminListMessages.statusLabel}
              options={statusOptions}
              value={status ?? ''}
              onChange={(event) => setParams({ status: event.target.value })}
            />
          </div>
        }
        actions={
          <ExportButton
            noun={noun}
            columns={orderCsvColumns}
            fetchPage={(at, limit) => getAllOrders({ q, status, page: at, limit })}
          />
        }
      >
        {(list) => (
          <DataTable label="Orders" columns={COLUMNS}>
            <tbody>
              {list.map((order) => {
                const what = `${order.orderPName} for ${order.userName}`;
                return (
                  <tr key={order._id}>
                    <RowHeader label="Customer" className="md:min-w-48">
                      {order.userName}
                      <span className="text-base-content/80 block text-sm font-normal wrap-anywhere">
                        {order.userEmail}
                      </span>
                    </RowHeader>
                    <Cell label="Address">
                      {/* A fixed width, so one long address cannot squeeze the customer. */}
                      <div className="md:w-48">
                        <ClampedText text={order.address} />
                      </div>
                    </Cell>
                    <Cell label="Product">
                      <span title={order.orderPName}>{orderLinesTitle(order, previewText)}</span>
                      <Link
                        to={paths.dashboard.order.to(order._id)}
                        className="link link-primary block py-0.5 text-sm"
                        aria-label={orderPageMessages.detailsLabel(what)}
                      >
                        {orderPageMessages.details}
                      </Link>
                    </Cell>
                    <Cell label="Quantity">{order.orderQty}</Cell>
                    <Cell label="Price">{formatPrice(order.orderPrice)}</Cell>
                    <Cell label="Payment Status">
                      <span className="font-medium">{order.paymentStatus}</span>
                      {order.paymentStatus !== 'pending' && order.trxId && (
                        <span className="block">
                          <ShortId id={order.trxId} what="transaction ID" />
                        </span>
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
                    </Cell>
                    <Cell label="Action">
                      <div className="flex flex-wrap items-center gap-2">
                        {canApplyTo('markPaid', order) && (
                          <button
                            type="button"
                            className="btn btn-sm btn-primary"
                            disabled={busy}
                            aria-label={`Mark Paid: ${what}`}
                            onClick={() => void onMarkPaid(order)}
                          >
                            Mark Paid
                          </button>
                        )}
                        {canApplyTo('delete', order) && (
                          <button
                            type="button"
                            className="btn btn-sm btn-error btn-outline"
                            disabled={busy}
                            aria-label={`Delete: ${what}`}
                            onClick={() => void deleteOrder.remove(order)}
                          >
                            Delete
                          </button>
                        )}
                        {canApplyTo('ship', order) && (
                          <button
                            type="button"
                            className="btn btn-sm btn-neutral whitespace-nowrap"
                            disabled={busy}
                            aria-label={`Ship Order: ${what}`}
                            onClick={() => void onShip(order)}
                          >
                            Ship Order
                          </button>
                        )}
                        {(order.orderStatus === 'shipped' || order.orderStatus === 'cancelled') && (
                          <StatusBadge status={order.orderStatus} />
                        )}
                      </div>
                      {order.shipment && (
                        <p className="text-base-content/80 mt-1 text-xs wrap-anywhere">
                          {orderPageMessages.shipment(
                            order.shipment.carrier,
                            order.shipment.trackingNumber,
                          )}
                        </p>
                      )}
                    </Cell>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </PagedList>
    </section>
  );
}
