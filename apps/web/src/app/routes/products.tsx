import { AddToOrderListSlot } from '../../features/cart/components/add-to-order-list-slot';
import { ProductsSection } from '../../features/catalog/components/products-section';
import { usePageTitle } from '../../lib/use-page-title';
import { PageHeader } from '../../components/ui/page-header';

export function ProductsRoute() {
  usePageTitle('Our Tools');
  return (
    <>
      <PageHeader title="Our Tools">
        <p>
          Every case and power supply we make, with its price per piece, minimum order and the
          quantity available to ship now.
        </p>
      </PageHeader>
      <ProductsSection
        headingLevel={2}
        addToList={(product) => <AddToOrderListSlot product={product} />}
      />
    </>
  );
}
