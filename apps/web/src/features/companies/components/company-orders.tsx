import {
  formatQuantity,
  ADMIN_PAGE_SIZE,
  adminListMessages,
  adminListNouns,
  APPROVAL_STATUSES,
  approvalStatusWords,
  canApplyTo,
  companyOrderListQuerySchema,
  companyOrdersMessages as text,
  formatPrice,
  orderApprovalMessages,
  ORDER_STATUS_FILTERS,
  orderPageMessages,
  orderStatusWords,
  type Order,
} from '@shop/shared';
import { Link } from 'react-router';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import {
  OrderNumberLink,
  OrderProducts,
  PlacedDate,
  PoNumber,
} from '../../../components/ui/order-reference';
import { PagedList } from '../../../components/ui/paged-list';
import { SelectField } from '../../../components/ui/select-field';
import { ApprovalBadge, PaymentBadge, StatusBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { useCompanyOrders } from '../api/company-orders';

const { columns } = orderPageMessages;
const COLUMNS = [
  columns.order,
  columns.date,
  orderApprovalMessages.placedBy,
  'Product',
  columns.po,
  'Quantity',
  'Price',
  'Status',
  text.approvalLabel,
  'Payment',
] as const;

const noun = adminListNouns.orders;
const listParams = companyOrderListQuerySchema.pick({
  q: true,
  status: true,
  approval: true,
  page: true,
});
const statusOptions = [
  { value: '', label: adminListMessages.allStatuses },
  ...ORDER_STATUS_FILTERS.map((status) => ({ value: status, label: orderStatusWords[status] })),
];
const approvalOptions = [
  { value: '', label: text.allApprovals },
  ...APPROVAL_STATUSES.map((status) => ({ value: status, label: approvalStatusWords[status] })),
];

/** Who looks at the list: pays an order they placed, or any as a company admin. */
export interface CompanyOrdersViewer {
  email: string | null;
  isCompanyAdmin: boolean;
}

/**
 * A company's orders with who placed each (Payment last: Pay stays in view, as a list's actions), searched (order or PO number), filtered by status and
 * approval, and paged, all kept in the address, as Manage Order's list is. A member sees every
 * order of the company; Pay is offered to whoever may pay it (the placer, a company admin) while
 * the shared state machine allows it (not while it awaits approval).
 */
export function CompanyOrderList({
  companyId,
  viewer,
}: {
  companyId: string;
  viewer: CompanyOrdersViewer;
}) {
  const [{ q, status, approval, page = 1 }, setParams] = useListParams(listParams);
  const orders = useCompanyOrders(companyId, { q, status, approval, page, limit: ADMIN_PAGE_SIZE });
  return (
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
              label={text.approvalLabel}
              options={approvalOptions}
              value={approval ?? ''}
              onChange={(event) => setParams({ approval: event.target.value })}
            />
          </div>
        </>
      }
    >
      {(list) => (
        <DataTable label={text.label} columns={COLUMNS} stickyLast dense>
          <tbody>
            {list.map((order) => (
              <CompanyOrderRow key={order._id} order={order} viewer={viewer} />
            ))}
          </tbody>
        </DataTable>
      )}
    </PagedList>
  );
}

function CompanyOrderRow({ order, viewer }: { order: Order; viewer: CompanyOrdersViewer }) {
  const mayPay = order.userEmail === viewer.email || viewer.isCompanyAdmin;
  const payable = mayPay && canApplyTo('markPaid', order) && order.orderPrice > 0;
  const placedBy = order.placedBy?.name ?? order.userName;
  return (
    <tr>
      <Cell label={columns.order}>
        <OrderNumberLink order={order} />
      </Cell>
      <Cell label={columns.date}>
        <PlacedDate order={order} />
      </Cell>
      <RowHeader label={orderApprovalMessages.placedBy}>{placedBy}</RowHeader>
      <Cell label="Product">
        <OrderProducts order={order} />
      </Cell>
      <Cell label={columns.po}>
        <PoNumber order={order} />
      </Cell>
      <Cell label="Quantity">{formatQuantity(order.orderQty)}</Cell>
      <Cell label="Price">{formatPrice(order.orderPrice)}</Cell>
      <Cell label="Status">
        <StatusBadge status={order.orderStatus} paymentStatus={order.paymentStatus} />
      </Cell>
      <Cell label={text.approvalLabel}>
        {order.approvalStatus === 'not_required' ? (
          <NoValue />
        ) : (
          <ApprovalBadge status={order.approvalStatus} />
        )}
      </Cell>
      <Cell label="Payment">
        {payable ? (
          <Link
            to={paths.dashboard.payment.to(order._id)}
            className="btn btn-sm btn-primary"
            aria-label={orderPageMessages.payLabel(order.orderNumber)}
          >
            Pay
          </Link>
        ) : (
          <PaymentBadge status={order.paymentStatus} />
        )}
      </Cell>
    </tr>
  );
}
