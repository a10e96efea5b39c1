import {
  ADMIN_PAGE_SIZE,
  adminListNouns,
  approvalMessages as text,
  companyOrderListQuerySchema,
  formatPrice,
  formatTimeLeft,
  type CompanyMember,
  type Order,
} from '@shop/shared';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import {
  OrderNumberLink,
  OrderProducts,
  PlacedDate,
  PoNumber,
} from '../../../components/ui/order-reference';
import { PagedList } from '../../../components/ui/paged-list';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { useNow } from '../../../lib/use-now';
import { useCompanyOrders } from '../api/company-orders';
import { useMyCompany } from '../api/get-my-company';
import { EmailText } from '../../../components/ui/email-text';
import { ApprovalButtons, useApprovalActions } from './approval-actions';

const { columns } = text;
const COLUMNS = [
  columns.order,
  columns.placedBy,
  columns.products,
  columns.po,
  columns.total,
  columns.limit,
  columns.holds,
  columns.action,
] as const;

/**
 * The buyer's order limit (and monthly limit, when they have one), and by how much the order's
 * total is over the order limit; a dash while the members are not known.
 */
function BuyerLimit({ order, member }: { order: Order; member: CompanyMember | undefined }) {
  if (!member) return <NoValue />;
  const over =
    member.orderLimit !== null && order.orderPrice > member.orderLimit
      ? order.orderPrice - member.orderLimit
      : null;
  return (
    <>
      <span className="block whitespace-nowrap">
        {member.orderLimit === null ? text.noLimit : formatPrice(member.orderLimit)}
      </span>
      {over !== null && (
        <span className="text-error block text-sm font-semibold whitespace-nowrap">
          {text.overBy(formatPrice(over))}
        </span>
      )}
      {member.monthlyLimit !== null && member.monthlyLimit !== undefined && (
        <span className="text-base-content/80 block text-xs">
          {text.monthlyLimit(formatPrice(member.monthlyLimit))}
        </span>
      )}
    </>
  );
}
const noun = adminListNouns.orders;
const listParams = companyOrderListQuerySchema.pick({ q: true, page: true });

/**
 * Approvals: the company's orders awaiting a company admin (over their buyer's limit), with who
 * placed each, its products with their SKUs (linked to the order's page), its PO, total, the
 * buyer's limit and how far over it the order is (ux 2026-11-28 #12), and how long it still holds
 * its stock; Approve, or Reject with a reason, each after a dialog. A decided order leaves the
 * list.
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
  // The members' limits (the company the dashboard has read already).
  const members = useMyCompany().data?.members;
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
            <DataTable label={text.label} columns={COLUMNS} stickyLast dense>
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
                        <span className="text-base-content/80 block text-sm font-normal">
                          <EmailText email={order.userEmail} />
                        </span>
                      </RowHeader>
                      <Cell label={columns.products}>
                        <OrderProducts order={order} />
                      </Cell>
                      <Cell label={columns.po}>
                        <PoNumber order={order} />
                      </Cell>
                      <Cell label={columns.total}>
                        <span className="font-semibold">{formatPrice(order.orderPrice)}</span>
                      </Cell>
                      <Cell label={columns.limit}>
                        <BuyerLimit
                          order={order}
                          member={members?.find(
                            (member) => member.userId === order.placedBy?.userId,
                          )}
                        />
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
