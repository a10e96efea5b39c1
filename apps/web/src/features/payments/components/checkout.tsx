import { checkoutHelpMessages } from '@shop/shared';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePaymentsConfig } from '../api/get-payments-config';
import { TestCardForm, type CardFormProps } from './test-card-form';

const StripeCheckout = lazy(() => import('./stripe-checkout'));

/**
 * The card form of the shop's gateway: asks which gateway takes cards, then for a payment
 * intent of the order; the form's Pay button waits for both (SPEC section 4).
 */
export function Checkout({ orderId, onPaid }: { orderId: string } & Pick<CardFormProps, 'onPaid'>) {
  const config = usePaymentsConfig();
  const intent = usePaymentIntent(orderId, { enabled: config.isSuccess });
  const clientSecret = intent.data?.clientSecret ?? null;

  if (config.isPending) return <Spinner label="Preparing the card form" />;
  if (config.isError) {
    return <LoadFailure error={config.error} onRetry={() => void config.refetch()} />;
  }

  const { gateway, publishableKey, testMode } = config.data;
  let form;
  if (gateway === 'test') {
    form = <TestCardForm clientSecret={clientSecret} onPaid={onPaid} />;
  } else if (publishableKey) {
    form = (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCheckout
          publishableKey={publishableKey}
          clientSecret={clientSecret}
          onPaid={onPaid}
        />
      </Suspense>
    );
  } else {
    form = (
      <p role="alert" className="text-error font-medium">
        Card payments are not set up in this shop yet.
      </p>
    );
  }
  return (
    <>
      {testMode && (
        <p role="note" className="alert alert-warning mb-4 text-sm">
          {checkoutHelpMessages.paymentsTestMode}
        </p>
      )}
      {form}
      {intent.isError && <LoadFailure error={intent.error} onRetry={() => void intent.refetch()} />}
    </>
  );
}

function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const message =
    error instanceof ApiRequestError ? error.message : 'The card payment could not be prepared.';
  return (
    <div role="alert" className="alert alert-error alert-soft mt-4 flex flex-wrap justify-between">
      <p>{message}</p>
      <button type="button" className="btn btn-sm btn-error" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
