import {
  accountPageMessages,
  ADMIN_PAGE_SIZE,
  adminListMessages,
  adminListNouns,
  adminOrderListQuerySchema,
  approvalStatusWords,
  canApplyTo,
  formatPrice,
  formatQuantity,
  formatTimeLeft,
  madeOnFirstUse,
  messages,
  ORDER_STATUS_FILTERS,
  orderHoldMessages,
  orderPageMessages,
  orderStatusWords,
  orderTableMessages as tableColumns,
} from '@shop/shared';
import { ClampedText } from '../../../components/ui/clamped-text';
import { useConfirmedDelete } from '../../../components/ui/confirmed-delete';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedList } from '../../../components/ui/paged-list';
import { SelectField } from '../../../components/ui/select-field';
import { ShortId } from '../../../components/ui/short-id';
import { ApprovalBadge, PaymentBadge, StatusBadge } from '../../../components/ui/status-badge';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { useNow } from '../../../lib/use-now';
import { useDeleteOrder } from '../../orders/api/delete-order';
import {
  OrderNumberLink,
  OrderProducts,
  PlacedDate,
  PoNumber,
} from '../../../components/ui/order-reference';
import { getAllOrders, useAllOrders } from '../api/get-all-orders';
import { orderCsvColumns, orderCsvRows } from '../order-csv';
import { OrderAdminButtons, useOrderAdminActions } from './order-admin-actions';

const { columns } = orderPageMessages;

/**
 * The spec's columns, plus the order's number with the day it was placed under it, its PO
 * (issue 22) and the ordering company (ux 2026-11-28 #11). Narrow enough to be read whole at
 * 1280 px beside the side menu: nothing slides under the pinned Action column.
 */
const COLUMNS = [
  columns.order,
  'Customer',
  tableColumns.company,
  'Address',
  'Product',
  columns.po,
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

/** An invoice's due day, under an invoiced order's payment status. */
const dueDay = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

const noun = adminListNouns.orders;
const listParams = adminOrderListQuerySchema.pick({
  q: true,
  status: true,
  approval: true,
  page: true,
});
const statusOptions = [
  { value: '', label: adminListMessages.allStatuses },
  // The API's values, in the words every row and page uses for them (review defect 13).
  ...ORDER_STATUS_FILTERS.map((status) => ({ value: status, label: orderStatusWords[status] })),
];
/** ux 2026-11-28 #11: the orders awaiting a company's approval, or all. */
const approvalOptions = [
  { value: '', label: tableColumns.allApprovals },
  { value: 'awaiting_approval', label: approvalStatusWords.awaiting_approval },
];

/**
 * Manage Order: every customer's order, searched, filtered by status and paged (all kept in the
 * address) and exported as CSV, each linked to its order page, to mark paid, ship or correct
 * the tracking of (each after a dialog naming the order; shipping asks for the carrier, from a
 * list, and the tracking number: order-admin-actions.tsx, shared with the order page) or
 * delete while unpaid. Which actions a row offers is the shared state machine's answer
 * (`canApplyTo`); cancelled orders are shown with no action, a payment that must go back carries
 * a 'Refund needed' badge, and a shipped order its tracking number.
 */
export function ManageOrders() {
  const now = useNow();
  const [{ q, status, approval, page = 1 }, setParams] = useListParams(listParams);
  const orders = useAllOrders({ q, status, approval, page, limit: ADMIN_PAGE_SIZE });
  const actions = useOrderAdminActions();
  const deleteOrder = useConfirmedDelete(useDeleteOrder(), {
    text: () => messages.deleteOrderText,
  });
  const busy = actions.busy || deleteOrder.isPending;

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage Order</h1>
      <PagedList
        noun={noun}
        query={orders}
        q={q}
        {...pagedListHandlers(setParams, ['q', 'status', 'approval'])}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        filterWord={
          [status && orderStatusWords[status], approval && approvalStatusWords[approval]]
            .filter(Boolean)
            .join(', ')
            .toLowerCase() || undefined
        }
        filters={
          <>
            <div className="w-40">
              <SelectField
                label={adminListMessages.statusLabel}
                options={statusOptions}
                value={status ?? ''}
                onChange={(event) => setParams({ status: event.target.value })}
              />
            </div>
            <div className="w-48">
              <SelectField
                label={tableColumns.approvalLabel}
                options={approvalOptions}
                value={approval ?? ''}
                onChange={(event) => setParams({ approval: event.target.value })}
              />
            </div>
          </>
        }
        actions={
          <ExportButton
            noun={noun}
            columns={orderCsvColumns}
            rowsOf={orderCsvRows}
            fetchPage={(at, limit) => getAllOrders({ q, status, approval, page: at, limit })}
          />
        }
      >
        {(list) => (
          <DataTable label="Orders" columns={COLUMNS} stickyLast compact>
            <tbody>
              {list.map((order) => {
                // Every row action names the order by its number (ux 2026-11-28 #32).
                const what = order.orderNumber;
                return (
                  <tr key={order._id}>
                    <Cell label={columns.order}>
                      <OrderNumberLink order={order} />
                      <span className="text-base-content/80 block text-xs whitespace-nowrap">
                        <PlacedDate order={order} />
                      </span>
                    </Cell>
                    <RowHeader label="Customer" className="md:min-w-20">
                      {order.userName}
                      <span className="text-base-content/80 block text-sm font-normal">
                        <EmailText email={order.userEmail} />
                      </span>
                    </RowHeader>
                    <Cell label={tableColumns.company}>
                      {order.companyName ? (
                        <span className="block wrap-break-word">{order.companyName}</span>
                      ) : (
                        <NoValue />
                      )}
                      {order.approvalStatus !== 'not_required' && (
                        // A badge of two words may wrap here: the column stays narrow.
                        <span className="mt-1 block [&>.badge]:h-auto [&>.badge]:whitespace-normal">
                          <ApprovalBadge status={order.approvalStatus} />
                        </span>
                      )}
                    </Cell>
                    <Cell label="Address">
                      {/* A fixed width, so one long address cannot squeeze the customer. */}
                      <div className="md:w-24">
                        <ClampedText text={order.address} />
                      </div>
                    </Cell>
                    <Cell label="Product">
                      <OrderProducts order={order} />
                    </Cell>
                    <Cell label={columns.po}>
                      <PoNumber order={order} />
                    </Cell>
                    <Cell label="Quantity">{formatQuantity(order.orderQty)}</Cell>
                    <Cell label="Price">{formatPrice(order.orderPrice)}</Cell>
                    <Cell label="Payment Status">
                      <PaymentBadge status={order.paymentStatus} />
                      {order.paymentStatus !== 'pending' && order.trxId && (
                        <span className="block">
                          <ShortId id={order.trxId} what="transaction ID" />
                        </span>
                      )}
                      {order.paymentStatus === 'pending' && order.expiresAt && (
                        <span className="text-base-content/80 block text-xs">
                          {timeLeftText(order.expiresAt, now)}
                        </span>
                      )}
                      {order.paymentStatus === 'invoiced' && order.invoice && (
                        <span className="text-base-content/80 block text-xs">
                          <span className="block">
                            {accountPageMessages.dueInRow(formatPrice(order.invoice.amountDue))}
                          </span>
                          <span className="block">
                            {accountPageMessages.dueByInRow(
                              dueDay().format(new Date(order.invoice.dueAt)),
                            )}
                          </span>
                        </span>
                      )}
                      {order.refundNeeded && (
                        <span className="badge badge-warning mt-1 whitespace-nowrap">
                          {orderHoldMessages.refundNeeded}
                        </span>
                      )}
                    </Cell>
                    <Cell label="Action">
                      <div className="flex flex-col items-start gap-2">
                        <OrderAdminButtons
                          order={order}
                          what={what}
                          actions={actions}
                          disabled={busy}
                        />
                        {canApplyTo('delete', order) && (
                          <button
                            type="button"
                            className="btn btn-sm btn-error btn-outline"
                            disabled={busy}
                            aria-label={orderPageMessages.deleteLabel(what)}
                            onClick={() => void deleteOrder.remove(order)}
                          >
                            Delete
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
