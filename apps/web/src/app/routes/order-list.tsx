import { cartMessages } from '@shop/shared';
import { OrderList } from '../../features/cart/components/order-list';
import { usePageTitle } from '../../lib/use-page-title';

/** /order-list: the products the buyer is gathering for one order (no sign-in needed). */
export function OrderListRoute() {
  usePageTitle(cartMessages.pageTitle);
  return <OrderList />;
}
