import { cartMessages } from '@shop/shared';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { CheckoutForm } from '../../features/cart/components/checkout-form';
import { useOrderDefaults } from '../../features/orders/hooks/use-order-defaults';
import { usePaymentTerms } from '../../features/companies/api/get-my-company';
import { usePageTitle } from '../../lib/use-page-title';

/** /checkout: the order list placed as one order (signed-in users only). */
export function CheckoutRoute() {
  usePageTitle(cartMessages.checkoutTitle);
  const auth = useAuth();
  const prefill = useOrderDefaults(auth.user);
  const paymentTerms = usePaymentTerms(auth.status === 'signed-in' && auth.user.role !== 'admin');
  if (auth.status !== 'signed-in') return <Spinner label="Checking your account" />;
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{cartMessages.checkoutTitle}</h1>
      <CheckoutForm customer={auth.user} prefill={prefill} paymentTerms={paymentTerms} />
    </section>
  );
}
