import { cartMessages } from '@shop/shared';
import { useAuth } from '../../features/account/hooks/use-auth';
import { OrderList } from '../../features/cart/components/order-list';
import { SavedLists } from '../../features/cart/components/saved-lists';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /order-list: the products the buyer is gathering for one order (no sign-in needed); signed in,
 * their saved lists below it (DESIGN.md section 14).
 */
export function OrderListRoute() {
  usePageTitle(cartMessages.pageTitle);
  const auth = useAuth();
  return (
    <OrderList
      savedLists={auth.status === 'signed-in' ? <SavedLists userId={auth.user._id} /> : null}
    />
  );
}
