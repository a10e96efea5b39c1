import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { PutBackButton } from '../../features/cart/components/put-back-button';
import {
  InvoiceChoice,
  InvoicedNotice,
} from '../../features/pay-on-account/components/invoice-choice';
import { PaymentPage } from '../../features/payments/components/payment-page';
import { usePageTitle } from '../../lib/use-page-title';

export function PaymentRoute() {
  usePageTitle('Payment');
  const { paymentId = '' } = useParams();
  const auth = useAuth();
  return auth.status === 'signed-in' ? (
    <PaymentPage
      key={paymentId}
      orderId={paymentId}
      customerName={auth.user.displayName}
      putBack={(order) => <PutBackButton order={order} />}
      otherMethods={(order) => <InvoiceChoice order={order} email={auth.user.email} />}
      invoiced={(order) => <InvoicedNotice order={order} />}
    />
  ) : (
    <Spinner />
  );
}
