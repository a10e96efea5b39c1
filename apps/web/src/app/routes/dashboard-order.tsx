import { orderPageMessages } from '@shop/shared';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { PutBackButton } from '../../features/cart/components/put-back-button';
import { OrderPage } from '../../features/orders/components/order-page';
import { usePageTitle } from '../../lib/use-page-title';

/** /dashboard/orders/{orderId}: one order, for its owner or an admin. */
export function DashboardOrderRoute() {
  const { orderId = '' } = useParams();
  const auth = useAuth();
  usePageTitle(orderPageMessages.title(orderId));
  if (auth.status !== 'signed-in') return <Spinner label="Checking your account" />;
  return (
    <OrderPage
      key={orderId}
      orderId={orderId}
      viewer={{ email: auth.user.email, role: auth.user.role }}
      putBack={(order) => <PutBackButton order={order} />}
    />
  );
}
