import type { Product, User } from '@shop/shared';
import { useParams, useSearchParams } from 'react-router';
import type { OrderDefaults } from '../../components/ui/buyer-fields';
import { QueryState } from '../../components/ui/query-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { useAddToOrderList } from '../../features/cart/hooks/use-add-to-order-list';
import { useMyCompany } from '../../features/companies/api/get-my-company';
import { useProduct } from '../../features/catalog/api/get-product';
import { ProductDetails } from '../../features/catalog/components/product-details';
import { OrderForm } from '../../features/orders/components/order-form';
import { useOrderDefaults } from '../../features/orders/hooks/use-order-defaults';
import { usePaymentTerms } from '../../features/companies/api/get-my-company';
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
  const paymentTerms = usePaymentTerms(auth.status === 'signed-in' && auth.user.role !== 'admin');
  // The quantity typed on the product page ('Order Now' carries it), when it is a whole number.
  const qty = Number(useSearchParams()[0].get('qty') ?? '');
  const quantity = Number.isSafeInteger(qty) && qty > 0 ? qty : undefined;
  usePageTitle(query.data ? `Order ${query.data.name}` : 'Order');

  if (auth.status !== 'signed-in') return <Spinner label="Checking your account" />;
  return (
    <QueryState query={query} what="the product">
      {(product) => (
        <ProductOrder
          key={product._id}
          product={product}
          customer={auth.user}
          prefill={prefill}
          quantity={quantity}
          paymentTerms={paymentTerms}
        />
      )}
    </QueryState>
  );
}

/** The product and its form, with the order list's 'Add to order list' (the cart feature). */
function ProductOrder({
  product,
  customer,
  prefill,
  quantity,
  paymentTerms,
}: {
  product: Product;
  customer: User;
  prefill: OrderDefaults;
  quantity: number | undefined;
  paymentTerms: { days: number; companyName: string } | null;
}) {
  const addToOrderList = useAddToOrderList(product);
  // A member's order is billed to the company (ux 2026-11-28 #2): the form shows its details.
  const company = useMyCompany().data ?? undefined;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ProductDetails product={product} />
      <OrderForm
        product={product}
        customer={customer}
        prefill={prefill}
        addToOrderList={addToOrderList}
        quantity={quantity}
        company={company}
        paymentTerms={paymentTerms}
      />
    </div>
  );
}
