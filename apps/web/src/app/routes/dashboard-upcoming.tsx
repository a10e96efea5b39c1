import { ComingSoon } from '../../components/ui/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Dashboard sections whose features open in a later release of the shop. */
export function MyReviewRoute() {
  usePageTitle('My Review');
  return (
    <ComingSoon title="My Review">
      Reviews open soon: you will rate the products you bought and tell other buyers about them.
    </ComingSoon>
  );
}

export function ManageProductRoute() {
  usePageTitle('Manage Product');
  return <ComingSoon title="Manage Product">Catalog editing opens in the next release.</ComingSoon>;
}

export function AddProductRoute() {
  usePageTitle('Add Product');
  return <ComingSoon title="Add Product">Adding products opens in the next release.</ComingSoon>;
}
