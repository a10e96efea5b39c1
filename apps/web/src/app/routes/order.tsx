import { useParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { useProduct } from '../../features/catalog/api/get-product';
import { ProductDetails } from '../../features/catalog/components/product-details';
import { OrderForm } from '../../features/orders/components/order-form';
import { useOrderDefaults } from '../../features/orders/hooks/use-order-defaults';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /order/{productId}: the product beside the Order Details form (signed-in users only). An
 * unknown product is the not-found page (QueryState); one deleted while its form is being
 * filled keeps the form, which shows the server's refusal.
 */
export function OrderRoute() {
  const { productId = '' } = useParams();
  const auth = useAuth();
  const query = useProduct(productId);
  const prefill = useOrderDefaults(auth.user);
  usePageTitle(query.data ? `Order ${query.data.name}` : 'Order');

  if (auth.status !== 'signed-in') return <Spinner label="Checking your account" />;
  return (
    <QueryState query={query} what="the product">
      {(product) => (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ProductDetails product={product} />
          <OrderForm key={product._id} product={product} customer={auth.user} prefill={prefill} />
        </div>
      )}
    </QueryState>
  );
}
