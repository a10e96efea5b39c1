import { paymentChoiceMessages, type PaymentMethod } from '@shop/shared';
import { useId } from 'react';

/**
 * How to pay, chosen before placing (ux 2026-11-28 #14): card, or on account for a member of a
 * company with payment terms. Renders nothing without terms (card is then the only way).
 */
export function PaymentMethodChoice({
  terms,
  value,
  onChange,
}: {
  /** The caller's company and its terms; null: card only. */
  terms: { days: number; companyName: string } | null;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const id = useId();
  if (!terms) return null;
  const options: { method: PaymentMethod; label: string; hint: string }[] = [
    {
      method: 'on_account',
      label: paymentChoiceMessages.onAccount(terms.days),
      hint: paymentChoiceMessages.onAccountHint(terms.companyName),
    },
    { method: 'card', label: paymentChoiceMessages.card, hint: paymentChoiceMessages.cardHint },
  ];
  return (
    <fieldset className="fieldset mt-2">
      <legend className="fieldset-legend">{paymentChoiceMessages.legend}</legend>
      {options.map((option) => (
        <label key={option.method} className="flex cursor-pointer items-start gap-3 py-1">
          <input
            type="radio"
            name={`${id}-payment-method`}
            className="radio radio-primary mt-0.5"
            value={option.method}
            checked={value === option.method}
            onChange={() => onChange(option.method)}
            aria-labelledby={`${id}-${option.method}-label`}
            aria-describedby={`${id}-${option.method}-hint`}
          />
          <span>
            <span id={`${id}-${option.method}-label`} className="block text-sm font-medium">
              {option.label}
            </span>
            <span id={`${id}-${option.method}-hint`} className="text-base-content/80 block text-sm">
              {option.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
