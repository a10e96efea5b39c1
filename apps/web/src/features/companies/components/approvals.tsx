import {
  ADMIN_PAGE_SIZE,
  adminListNouns,
  approvalMessages as text,
  companyOrderListQuerySchema,
  formatPrice,
  formatTimeLeft,
  orderLinesTitle,
  orderPageMessages,
  previewText,
} from '@shop/shared';
import { Link } from 'react-router';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { OrderNumberLink, PlacedDate } from '../../../components/ui/order-reference';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { useNow } from '../../../lib/use-now';
import { useCompanyOrders } from '../api/company-orders';
import { ApprovalButtons, useApprovalActions } from './approval-actions';

const { columns } = text;
const COLUMNS = [
  columns.order,
  columns.placedBy,
  columns.products,
  columns.total,
  columns.holds,
  columns.action,
] as const;
const noun = adminListNouns.orders;
const listParams = companyOrderListQuerySchema.pick({ q: true, page: true });

/**
 * Approvals: the company's orders awaiting a company admin (over their buyer's limit), with who
 * placed each, its products (linked to the order's page), total and how long it still holds its
 * stock; Approve, or Reject with a reason, each after a dialog. A decided order leaves the list.
 */
export function Approvals({ companyId }: { companyId: string }) {
  const [{ q, page = 1 }, setParams] = useListParams(listParams);
  const orders = useCompanyOrders(companyId, {
    approval: 'awaiting_approval',
    q,
    page,
    limit: ADMIN_PAGE_SIZE,
  });
  const actions = useApprovalActions();
  const now = useNow();
  return (
    <div className="space-y-4">
      <p className="text-base-content/80 max-w-3xl">{text.intro}</p>
      {orders.data?.total === 0 && !q ? (
        <p role="status" className="bg-base-100 border-base-300 rounded-box border p-8 text-center">
          {text.none}
        </p>
      ) : (
        <PagedList
          noun={noun}
          query={orders}
          q={q}
          {...pagedListHandlers(setParams)}
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
        >
          {(list) => (
            <DataTable label={text.label} columns={COLUMNS} stickyLast>
              <tbody>
                {list.map((order) => {
                  const placedBy = order.placedBy?.name ?? order.userName;
                  const left = order.expiresAt ? formatTimeLeft(order.expiresAt, now) : null;
                  return (
                    <tr key={order._id}>
                      <Cell label={columns.order}>
                        <OrderNumberLink order={order} />
                        <span className="text-base-content/80 block text-xs">
                          <PlacedDate order={order} />
                        </span>
                      </Cell>
                      <RowHeader label={columns.placedBy}>
                        {placedBy}
                        <span className="text-base-content/80 block text-sm font-normal wrap-anywhere">
                          {order.userEmail}
                        </span>
                      </RowHeader>
                      <Cell label={columns.products}>
                        <span title={order.orderPName}>{orderLinesTitle(order, previewText)}</span>
                        <Link
                          to={paths.dashboard.order.to(order._id)}
                          className="link link-primary block py-0.5 text-sm"
                          aria-label={orderPageMessages.detailsLabel(
                            `${order.orderPName} for ${placedBy}`,
                          )}
                        >
                          {orderPageMessages.details}
                        </Link>
                      </Cell>
                      <Cell label={columns.total}>
                        <span className="font-semibold">{formatPrice(order.orderPrice)}</span>
                      </Cell>
                      <Cell label={columns.holds}>{left ? text.holdsFor(left) : <NoValue />}</Cell>
                      <Cell label={columns.action}>
                        <div className="flex flex-wrap gap-2">
                          <ApprovalButtons order={order} actions={actions} />
                        </div>
                      </Cell>
                    </tr>
                  );
                })}
              </tbody>
            </DataTable>
          )}
        </PagedList>
      )}
    </div>
  );
}
