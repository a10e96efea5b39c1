import { orderPageMessages, type Order } from '@shop/shared';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { OrderPageAdminActions } from '../../features/admin/components/order-admin-actions';
import { PutBackButton } from '../../features/cart/components/put-back-button';
import { useMyMembership } from '../../features/companies/api/get-my-company';
import { OrderApprovalActions } from '../../features/companies/components/approval-actions';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderPage } from '../../features/orders/components/order-page';
import { InvoiceAccount } from '../../features/pay-on-account/components/invoice-account';
import { usePageTitle } from '../../lib/use-page-title';

/** An admin's actions on the order page: Manage Order's own (issue 22, review defect 15). */
const adminActions = (order: Order) => <OrderPageAdminActions order={order} />;

/** An order paid on account: its invoice's due date, amount due and payments (issue 24). */
const invoiceAccount = (order: Order) => <InvoiceAccount order={order} />;

/**
 * /dashboard/orders/{orderId}: one order, for its owner, a member of its company or an admin
 * (with the admin's actions); a company admin also approves or rejects it there.
 */
export function DashboardOrderRoute() {
  const { orderId = '' } = useParams();
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const email = auth.user?.email;
  const membership = useMyMembership(email, signedIn && auth.user.role !== 'admin');
  // The tab names the order by its number once it is read, never by a fragment of its id
  // (ux 2026-11-28 #32); the page shares the one query.
  const order = useOrder(orderId);
  usePageTitle(
    order.data
      ? orderPageMessages.numberTitle(order.data.orderNumber)
      : orderPageMessages.loadingTitle,
  );
  if (!signedIn || email === undefined) return <Spinner label="Checking your account" />;
  return (
    <OrderPage
      key={orderId}
      orderId={orderId}
      viewer={{
        email,
        role: auth.user.role,
        companyAdminOf: membership.isCompanyAdmin ? membership.company?._id : null,
      }}
      adminActions={auth.user.role === 'admin' ? adminActions : undefined}
      approvalActions={
        membership.mayApprove
          ? (order) => <OrderApprovalActions order={order} email={email} />
          : undefined
      }
      putBack={(order) => <PutBackButton order={order} />}
      orderAgain={(order) => <PutBackButton order={order} reorder />}
      invoiceAccount={invoiceAccount}
    />
  );
}
