import { testCardSchema } from '@shop/shared';
import { useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useConfirmTestPayment } from '../api/confirm-test-payment';
import { formatCardNumber, formatCvc, formatExpiry } from '../card-format';
import { PaymentFailure } from './payment-failure';

const cardSchema = testCardSchema.omit({ clientSecret: true });
type CardField = keyof z.input<typeof cardSchema>;

/** Each field's formatting, applied to what is typed or pasted before the form reads it. */
const formatters: Record<CardField, (text: string) => string> = {
  cardNumber: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

export interface CardFormProps {
  /** The payment intent's secret; the Pay button stays disabled until it exists. */
  clientSecret: string | null;
  /** Records the succeeded payment on the order; a rejection is shown like a card error. */
  onPaid: (paymentIntentId: string) => Promise<void>;
}

/**
 * The built-in test gateway's card form (DESIGN.md section 6): Stripe's test card numbers,
 * charged by the shop's own server, so no real card is ever accepted.
 */
export function TestCardForm({ clientSecret, onPaid }: CardFormProps) {
  const confirm = useConfirmTestPayment();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(cardSchema, {
    mode: 'onSubmit',
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  /** A field registered with the form, its value formatted on every change. */
  const formatted = (name: CardField) => {
    const field = register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = formatters[name](event.target.value);
        return field.onChange(event);
      },
    };
  };

  const onSubmit = handleSubmit(async (card) => {
    if (!clientSecret) return;
    setBusy(true);
    setFailure(null);
    try {
      const { paymentIntentId } = await confirm.mutateAsync({ clientSecret, ...card });
      await onPaid(paymentIntentId);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        showFieldErrors(error);
        setFailure(error.message);
      } else {
        setFailure('The payment could not be completed. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card payment" className="space-y-1">
      {/* At the top, focused and scrolled to: on a phone the Pay button's surroundings are
          under the keyboard or below the fold. */}
      <PaymentFailure message={failure} />
      <TextField
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        required
        error={errors.cardNumber?.message}
        {...formatted('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          required
          error={errors.expiry?.message}
          {...formatted('expiry')}
        />
        <TextField
          label="CVC"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          required
          error={errors.cvc?.message}
          {...formatted('cvc')}
        />
      </div>
      <SubmitButton pending={busy} disabled={!clientSecret}>
        Pay
      </SubmitButton>
    </form>
  );
}
