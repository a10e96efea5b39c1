import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

/** What an order form's phone and address start with (the orders feature's useOrderDefaults). */
export interface OrderDefaults {
  phone: string;
  address: string;
}

/**
 * The buyer's part of an order form (the spec's Order Details): name and email read-only from
 * the account, phone and address to fill in. The one-product order page and the checkout share
 * it, each registering the two fields with its own form.
 */
export function BuyerFields({
  customer,
  phone,
  address,
  phoneError,
  addressError,
}: {
  customer: { displayName: string; email: string };
  phone: UseFormRegisterReturn;
  address: UseFormRegisterReturn;
  phoneError: string | undefined;
  addressError: string | undefined;
}) {
  return (
    <>
      {/* Read-only, from the account: not tab stops (ux 2026-11-28 #32), the keyboard goes
          straight to Phone; still labelled fields, so a screen reader reads them in order. */}
      <TextField
        label="Name"
        value={customer.displayName}
        readOnly
        tabIndex={-1}
        className="bg-base-200"
      />
      <TextField
        label="Email"
        type="email"
        value={customer.email}
        readOnly
        tabIndex={-1}
        className="bg-base-200"
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        error={phoneError}
        {...phone}
      />
      {/* Grows with what it holds (a company address is 4-6 lines): no line is cut off. Where
          field-sizing is not supported it stays 4 rows and can be dragged taller. */}
      <TextField
        multiline
        label="Address"
        autoComplete="street-address"
        rows={4}
        className="field-sizing-content min-h-24"
        required
        error={addressError}
        {...address}
      />
    </>
  );
}
