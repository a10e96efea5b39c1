import { ManageProducts } from '../../features/catalog/components/manage-products';
import { usePageTitle } from '../../lib/use-page-title';

export function ManageProductRoute() {
  usePageTitle('Manage Product');
  return <ManageProducts />;
}
