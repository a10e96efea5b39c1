import { z } from 'zod';
import { ONE_LINE_PATTERN } from '../accounts/accounts.js';
import {
  buyerDetailMessages,
  COMPANY_MAX_LENGTH,
  normaliseVatNumber,
  SHIPPING_ADDRESS_MAX_LENGTH,
  VAT_NUMBER_INPUT_MAX_LENGTH,
  VAT_NUMBER_PATTERN,
} from '../accounts/buyer-details.js';

/**
 * Whom an order's invoice is made out to (issue 22, review defect 2): the buyer's company, its
 * VAT number and a billing address, offered at checkout from My Profile and kept on the order.
 * All optional; a billing address left out is the shipping address.
 */
export const billingLabels = {
  heading: 'Billing details (for the invoice)',
  company: 'Company (optional)',
  vatNumber: 'VAT number (optional)',
  sameAsShipping: 'Billing address same as shipping address',
  address: 'Billing address',
  fromProfile: 'Filled in from My Profile; changes here apply to this order only.',
  /**
   * A company member's checkout and Order Now (ux 2026-11-28 #2): the invoice is made out to the
   * company as My Company has it, not typed per order.
   */
  companyHeading: 'Billed to your company',
  companyName: 'Company',
  companyVat: 'VAT number',
  companyAddress: 'Billing address',
  companyNoVat: 'None on file',
  fromCompany: (company: string) =>
    `Every invoice of ${company} is made out to the company as My Company has it. A company admin changes these details there.`,
  companyLoading: 'Reading your company’s billing details…',
} as const;

export const billingMessages = {
  companyTooLong: `Company must be at most ${COMPANY_MAX_LENGTH} characters`,
  companyOneLine: 'Company must be on one line, without line breaks or control characters',
  vatNumberTooLong: `VAT number must be at most ${VAT_NUMBER_INPUT_MAX_LENGTH} characters`,
  vatNumberInvalid: buyerDetailMessages.vatNumberInvalid,
  addressTooLong: `Billing address must be at most ${SHIPPING_ADDRESS_MAX_LENGTH} characters`,
  addressRequired: 'Enter the billing address, or tick "same as shipping address"',
} as const;

/** An empty or blank field is the same as no field. */
const blankToUndefined = (value: string | undefined) => (value ? value : undefined);

/** The billing fields of `POST /api/orders`, checked and normalised (VAT upper case, no spaces). */
export const billingFields = {
  billingCompany: z
    .string()
    .trim()
    .max(COMPANY_MAX_LENGTH, billingMessages.companyTooLong)
    .regex(ONE_LINE_PATTERN, billingMessages.companyOneLine)
    .optional()
    .transform(blankToUndefined),
  billingVatNumber: z
    .string()
    .trim()
    .max(VAT_NUMBER_INPUT_MAX_LENGTH, billingMessages.vatNumberTooLong)
    .transform(normaliseVatNumber)
    .pipe(
      z.union([
        z.literal(''),
        z.string().regex(VAT_NUMBER_PATTERN, billingMessages.vatNumberInvalid),
      ]),
    )
    .optional()
    .transform(blankToUndefined),
  /** Several lines, as the shipping address; absent: the shipping address. */
  billingAddress: z
    .string()
    .trim()
    .max(SHIPPING_ADDRESS_MAX_LENGTH, billingMessages.addressTooLong)
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .optional()
    .transform(blankToUndefined),
};

/** An order's billing details as the API answers them (null: not given). */
export const orderBillingSchema = z.object({
  company: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** Null: the same as the shipping address. */
  address: z.string().nullable(),
});
export type OrderBilling = z.infer<typeof orderBillingSchema>;

/**
 * An order's invoice once issued (DESIGN.md section 13 reads the same shape): its gap-free
 * number, when it was issued and is due, and what is still to pay in dollars (0 for a card
 * payment, whose invoice is due the moment it is issued).
 */
export const orderInvoiceSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  dueAt: z.string(),
  amountDue: z.number(),
  /**
   * Paid on account (DESIGN.md section 13): the terms and the company the invoice was issued to,
   * as they were then; null for an order paid at once. It defaults to null, so an invoice written
   * before migration 0020 (an outbox row of the previous release) still reads.
   */
  onAccount: z
    .object({ termsDays: z.number().int(), companyName: z.string(), vatId: z.string().nullable() })
    .nullable()
    .default(null),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;
