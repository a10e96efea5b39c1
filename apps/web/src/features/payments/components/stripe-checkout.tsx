import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiRequestError } from '../../../lib/api-client';
import { PaymentFailure } from './payment-failure';
import type { CardFormProps } from './test-card-form';

/**
 * Stripe's card form. This file is its own chunk, loaded only when the shop's gateway is Stripe,
 * so Stripe.js never reaches a page that does not take a card payment.
 */

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per key for the life of the page, as Stripe asks. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const FAILED = 'The payment could not be completed. Please try again.';

export default function StripeCheckout({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

/** SPEC section 4: create a card payment method, then confirm the card payment with it. */
function StripeCardForm({ clientSecret, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = stripe !== null && elements !== null && cardReady && clientSecret !== null;

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await stripe.createPaymentMethod({ type: 'card', card });
      if (created.error) {
        setFailure(created.error.message ?? FAILED);
        return;
      }
      const confirmed = await stripe.confirmCardPayment(clientSecret, {
        payment_method: created.paymentMethod.id,
      });
      if (confirmed.error) {
        setFailure(confirmed.error.message ?? FAILED);
        return;
      }
      if (confirmed.paymentIntent.status !== 'succeeded') {
        setFailure(FAILED);
        return;
      }
      await onPaid(confirmed.paymentIntent.id);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void pay(event)} aria-label="Card payment" className="space-y-1">
      <div className="fieldset">
        <p id="stripe-card-label" className="fieldset-legend">
          Card
        </p>
        <div
          role="group"
          aria-labelledby="stripe-card-label"
          className="input w-full items-center py-3"
        >
          <CardElement
            className="w-full"
            onReady={() => setCardReady(true)}
            options={{ style: { base: { fontSize: '16px' } } }}
          />
        </div>
      </div>
      <SubmitButton pending={busy} disabled={!ready}>
        Pay
      </SubmitButton>
      <PaymentFailure message={failure} />
    </form>
  );
}
