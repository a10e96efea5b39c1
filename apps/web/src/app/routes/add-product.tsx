import { AddProduct } from '../../features/catalog/components/add-product';
import { usePageTitle } from '../../lib/use-page-title';

export function AddProductRoute() {
  usePageTitle('Add Product');
  return <AddProduct />;
}
