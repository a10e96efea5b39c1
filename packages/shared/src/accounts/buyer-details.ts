/**
 * What a repeat buyer keeps on their profile so the order form starts filled (issue 12): the
 * company, its VAT number and a default shipping address, beside the spec's phone.
 */

/** The labels My Profile shows them under, on the form and on the profile card. */
export const buyerDetailLabels = {
  company: 'Company',
  vatNumber: 'VAT number',
  shippingAddress: 'Default shipping address',
} as const;

export const COMPANY_MAX_LENGTH = 200;
/** The same limit as an order's address, so a saved address always fits an order. */
export const SHIPPING_ADDRESS_MAX_LENGTH = 500;
/** What a customer may type before it is normalised (spaces, dots and dashes included). */
export const VAT_NUMBER_INPUT_MAX_LENGTH = 30;

/**
 * A VAT or tax number as the EU's VIES and most tax offices write it: a two-letter country
 * prefix (`DE`, `GB`, `EL` for Greece) and 2 to 13 letters or digits. It is not checked against
 * a tax office; the rule catches typos and pasted labels, not invented numbers.
 */
export const VAT_NUMBER_PATTERN = /^[A-Z]{2}[A-Z0-9]{2,13}$/;

/**
 * How a typed VAT number is stored: upper case, without the spaces, dots and dashes people
 * write between its groups (`de 123.456.789` is `DE123456789`).
 */
export function normaliseVatNumber(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

export const buyerDetailMessages = {
  vatNumberInvalid:
    'Enter a VAT number as a 2-letter country code and 2 to 13 letters or digits, e.g. DE123456789',
} as const;
