import { ManageOrders } from '../../features/admin/components/manage-orders';
import { usePageTitle } from '../../lib/use-page-title';

export function ManageOrdersRoute() {
  usePageTitle('Manage Order');
  return <ManageOrders />;
}
