import { billingLabels, billingMessages, ordersCreateSchema, type User } from '@shop/shared';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';

/**
 * The checkout's billing fields (issue 22, defect 2): whom the invoice is made out to. Checked
 * by the server's own rules (`ordersCreateSchema`); "same as shipping" is the form's alone and
 * sends no billing address.
 */
export const billingFormSchema = ordersCreateSchema
  .pick({ billingCompany: true, billingVatNumber: true, billingAddress: true })
  .extend({ billingSameAsShipping: z.boolean() });

export type BillingFormInput = z.input<typeof billingFormSchema>;
type BillingFormOutput = z.output<typeof billingFormSchema>;

/** A billing address is needed when "same as shipping" is off. */
export function requireBillingAddress(
  values: { billingSameAsShipping: boolean; billingAddress?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!values.billingSameAsShipping && !values.billingAddress) {
    ctx.addIssue({
      code: 'custom',
      path: ['billingAddress'],
      message: billingMessages.addressRequired,
    });
  }
}

/**
 * What the fields start with: My Profile's company and VAT number, the billing address the same
 * as the shipping address (the buyer may change all of it for this order).
 */
export function billingDefaults(
  customer: Partial<Pick<User, 'company' | 'vatNumber'>>,
): BillingFormInput {
  return {
    billingCompany: customer.company ?? '',
    billingVatNumber: customer.vatNumber ?? '',
    billingAddress: '',
    billingSameAsShipping: true,
  };
}

/** The billing part of `POST /api/orders` from the form's checked values. */
export function billingOf(values: BillingFormOutput): {
  billingCompany?: string;
  billingVatNumber?: string;
  billingAddress?: string;
} {
  return {
    ...(values.billingCompany && { billingCompany: values.billingCompany }),
    ...(values.billingVatNumber && { billingVatNumber: values.billingVatNumber }),
    ...(!values.billingSameAsShipping &&
      values.billingAddress && { billingAddress: values.billingAddress }),
  };
}

/** The fields, in a group of their own; the billing address shows once "same" is unticked. */
export function BillingDetailsFields<T extends BillingFormInput>({
  register,
  errors,
  sameAsShipping,
  fromProfile,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The checkbox's value now (watched by the form). */
  sameAsShipping: boolean;
  /** Whether company or VAT number came from My Profile (a line says so). */
  fromProfile: boolean;
}) {
  const checkboxId = useId();
  // The form's own fields: these names are in every T this is used with.
  const reg = register as unknown as UseFormRegister<BillingFormInput>;
  const err = errors as FieldErrors<BillingFormInput>;
  return (
    <fieldset className="mt-4">
      <legend className="text-lg font-semibold">{billingLabels.heading}</legend>
      {fromProfile && <p className="text-base-content/80 text-sm">{billingLabels.fromProfile}</p>}
      <TextField
        label={billingLabels.company}
        autoComplete="organization"
        error={err.billingCompany?.message}
        {...reg('billingCompany')}
      />
      <TextField
        label={billingLabels.vatNumber}
        autoComplete="off"
        placeholder="e.g. DE123456789"
        error={err.billingVatNumber?.message}
        {...reg('billingVatNumber')}
      />
      <div className="my-2 flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="checkbox checkbox-sm"
          {...reg('billingSameAsShipping')}
        />
        <label htmlFor={checkboxId}>{billingLabels.sameAsShipping}</label>
      </div>
      {!sameAsShipping && (
        <TextField
          multiline
          label={billingLabels.address}
          autoComplete="billing street-address"
          rows={4}
          required
          error={err.billingAddress?.message}
          {...reg('billingAddress')}
        />
      )}
    </fieldset>
  );
}
