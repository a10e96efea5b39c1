import { z } from 'zod';
import { decimalInput, numberMessages, wholeNumberInput } from '../common/numbers.js';
import { ONE_LINE_PATTERN } from '../accounts/accounts.js';
import { orderSchema } from '../orders/orders.js';
import {
  HOLD_REASON_MAX_LENGTH,
  MAX_CREDIT_LIMIT,
  MAX_INVOICE_PAYMENT,
  onAccountMessages as m,
  PAYMENT_REFERENCE_MAX_LENGTH,
  PAYMENT_TERM_DAYS,
  type PaymentTermDays,
  STATEMENT_MAX_DAYS,
} from './on-account-words.js';

/*
 * Paying on account (DESIGN.md section 13, issue 24): the shapes of its calls. Money in
 * dollars (stored as cents), dates ISO 8601 date-times.
 */

/** A company's payment terms: net `days`, up to `creditLimit` dollars of open invoices. */
export const paymentTermsSchema = z.object({
  days: z.number().int(),
  creditLimit: z.number(),
});
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

/**
 * What paying on account adds to a company as the API serves it (`GET /api/companies/mine`,
 * `GET /api/companies/{id}`, the answers below): its terms (null: none), whether it is on hold,
 * its balance (invoiced and not yet paid) and its available credit (the limit less the balance,
 * never below 0; 0 without terms).
 */
/**
 * Why a company is on hold (ux 2026-11-28 #34): `shop` a shop admin put it on hold by hand, with
 * the reason they gave (null: none given); `overdue` an invoice is overdue beyond
 * CREDIT_HOLD_DAYS. Members read it, so the notice they see fits the case.
 */
export const HOLD_KINDS = ['shop', 'overdue'] as const;
export const companyHoldSchema = z.object({
  by: z.enum(HOLD_KINDS),
  reason: z.string().nullable(),
});
export type CompanyHold = z.infer<typeof companyHoldSchema>;

export const companyCreditFields = {
  terms: paymentTermsSchema.nullable(),
  onHold: z.boolean(),
  /**
   * The hold's kind and reason while `onHold` (null when not on hold). Optional in the type
   * only: the server always sends it; a fixture or an answer of the previous release may not.
   */
  hold: companyHoldSchema.nullable().optional(),
  balance: z.number(),
  availableCredit: z.number(),
};

/** A company's account: its id and `companyCreditFields`. */
export const companyAccountSchema = z.object({ _id: z.string(), ...companyCreditFields });
export type CompanyAccount = z.infer<typeof companyAccountSchema>;

/** `PUT /api/companies/{id}/terms` and `PUT /api/companies/{id}/hold` answer the account. */
export const companyAccountModifiedSchema = z.object({
  modifiedCount: z.number().int(),
  company: companyAccountSchema,
});

/**
 * `PUT /api/companies/{id}/terms` answers the account and what the admin should know before a
 * buyer pays on account (ux 2026-11-28 #13): `warnings` names what is missing, such as the
 * shop's bank details for the invoices (INVOICE_BANK_DETAILS unset); empty when nothing is.
 */
export const termsModifiedSchema = companyAccountModifiedSchema.extend({
  warnings: z.array(z.string()),
});

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * `PUT /api/companies/{id}/terms {days, creditLimit}` (shop admins): `days` one of
 * PAYMENT_TERM_DAYS, `creditLimit` in dollars; both null remove the terms. Numeric strings are
 * taken too (a form's select and field).
 */
export const termsInputSchema = z
  .object({
    days: wholeNumberInput(
      z
        .number(numberMessages(m.daysRequired, m.daysInvalid))
        .refine((days) => (PAYMENT_TERM_DAYS as readonly number[]).includes(days), m.daysInvalid)
        .nullable(),
    ),
    creditLimit: decimalInput(
      z
        .number(numberMessages(m.creditLimitRequired, m.creditLimitInvalid))
        .gt(0, m.creditLimitTooSmall)
        .max(MAX_CREDIT_LIMIT, m.creditLimitTooLarge)
        .refine(twoDecimals, m.twoDecimals)
        .nullable(),
      'Credit limit',
    ),
  })
  .superRefine((terms, ctx) => {
    if ((terms.days === null) !== (terms.creditLimit === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [terms.days === null ? 'days' : 'creditLimit'],
        message: m.termsBothOrNeither,
      });
    }
  })
  .transform((terms) =>
    terms.days === null || terms.creditLimit === null
      ? null
      : { days: terms.days as PaymentTermDays, creditLimit: terms.creditLimit },
  );
export type TermsInput = z.input<typeof termsInputSchema>;
/** The terms as the server reads them: null removes them. */
export type ValidTermsInput = z.output<typeof termsInputSchema>;

/**
 * `PUT /api/companies/{id}/hold {onHold, reason?}` (shop admins). `reason` (one line, at most
 * HOLD_REASON_MAX_LENGTH characters) is why the shop puts the company on hold; the members read
 * it. The web form asks for it; a call without one still holds (an older client), and the
 * members are told the shop set it. Ignored when lifting.
 */
export const holdInputSchema = z.object({
  onHold: z.boolean({ message: m.onHoldInvalid }),
  reason: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ message: m.holdReasonOneLine })
      .trim()
      .max(HOLD_REASON_MAX_LENGTH, m.holdReasonTooLong)
      .regex(ONE_LINE_PATTERN, m.holdReasonOneLine)
      .optional(),
  ),
});
export type HoldInput = z.input<typeof holdInputSchema>;

/** A date as the admin types it (`2026-11-26`) or an ISO 8601 date-time with its offset. */
const receivedAtField = z
  .string({ message: m.receivedAtInvalid })
  .trim()
  .pipe(
    z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: m.receivedAtInvalid }),
  );

/**
 * `POST /api/orders/{id}/invoice-payments {amount, reference, receivedAt}` (shop admins):
 * money received for an order paid on account. The server refuses more than the amount due
 * (400, `fields.amount`) and a date in the future.
 */
export const invoicePaymentInputSchema = z.object({
  amount: decimalInput(
    z
      .number(numberMessages(m.amountRequired, m.amountInvalid))
      .gt(0, m.amountTooSmall)
      .max(MAX_INVOICE_PAYMENT, m.amountTooLarge)
      .refine(twoDecimals, m.twoDecimals),
    'Amount',
  ),
  reference: z
    .string({ message: m.referenceRequired })
    .trim()
    .min(1, m.referenceRequired)
    .max(PAYMENT_REFERENCE_MAX_LENGTH, m.referenceTooLong)
    .regex(ONE_LINE_PATTERN, m.referenceOneLine),
  receivedAt: receivedAtField,
});
export type InvoicePaymentInput = z.input<typeof invoicePaymentInputSchema>;
export type ValidInvoicePaymentInput = z.output<typeof invoicePaymentInputSchema>;

/**
 * `PUT /api/order/{id}` with a body (ux 2026-11-28 #15): an admin marks an order paid for a bank
 * transfer, with the amount received (the order's total: a part payment does not pay it), the
 * transfer's reference (the order's `transactionId` from then on, printed on the invoice) and
 * the date received (not in the future, nor before the day the order was placed). The same
 * fields and words as Record payment's. Without a body the call is the spec's: the order is
 * marked paid with a transaction id of the shop's own (`manual_…`).
 */
export const markPaidInputSchema = invoicePaymentInputSchema;
export type MarkPaidInput = InvoicePaymentInput;
export type ValidMarkPaidInput = ValidInvoicePaymentInput;
/** The body of `PUT /api/order/{id}`: the transfer's details, or none (the spec's call). */
export const markPaidBodySchema = markPaidInputSchema.nullish();

/** One payment recorded against an invoice. */
export const invoicePaymentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  /** Dollars. */
  amount: z.number(),
  reference: z.string(),
  /** When the money arrived, as the admin gave it. */
  receivedAt: z.string(),
  /** When it was recorded, and by whom. */
  recordedAt: z.string(),
  recordedBy: z.object({ userId: z.string(), name: z.string() }),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** `POST /api/orders/{id}/invoice-payments`: the payment, and the order as it is now. */
export const invoicePaymentRecordedSchema = z.object({
  insertedId: z.string(),
  payment: invoicePaymentSchema,
  order: orderSchema,
});

/**
 * `GET /api/orders/{id}/invoice-payments`: the payments recorded against the order, oldest
 * first (whoever may read the order).
 */
export const invoicePaymentListSchema = z.array(invoicePaymentSchema);

/** One open invoice on a statement. */
export const statementInvoiceSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  invoiceNumber: z.string(),
  poNumber: z.string().nullable(),
  issuedAt: z.string(),
  dueAt: z.string(),
  /** The order's total, dollars. */
  total: z.number(),
  /** What is still to pay, dollars. */
  amountDue: z.number(),
  overdue: z.boolean(),
  /** Whole days past `dueAt` (0 while not due, and on its first overdue day). */
  daysOverdue: z.number().int(),
});
export type StatementInvoice = z.infer<typeof statementInvoiceSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) =>
  DAY.test(text) && new Date(`${text}T00:00:00.000Z`).toISOString().startsWith(text);
const dayField = z
  .string({ error: m.periodDateInvalid })
  .trim()
  .refine(isDay, m.periodDateInvalid)
  .optional();

/** Days from `from` to `to`, both counted (YYYY-MM-DD). */
export const periodDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * `GET /api/companies/{id}/statement?from=&to=` (issue 33 point 4): the account statement's
 * period, calendar days in UTC, both included; without them the last STATEMENT_DEFAULT_DAYS days.
 */
export const statementQuerySchema = z
  .object({ from: dayField, to: dayField })
  .superRefine(({ from, to }, ctx) => {
    if (from === undefined || to === undefined) return;
    if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: m.periodOrder });
    else if (periodDays(from, to) > STATEMENT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: m.periodTooLong });
    }
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/**
 * One entry of an account statement: an invoice issued (a charge) or a payment recorded
 * against one (money received). An invoice paid when it was issued (by card, or marked paid by
 * the shop) is charged and paid in the same entry, so it leaves the balance as it was. `balance`
 * is the account's balance after the entry.
 */
export const statementEntrySchema = z.object({
  kind: z.enum(['invoice', 'payment']),
  /** When the invoice was issued, or the day the payment was received. */
  at: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  invoiceNumber: z.string(),
  /** A payment's reference; an invoice's PO number, or the transaction of one paid at once. */
  reference: z.string().nullable(),
  /** An invoice paid when it was issued (card, or marked paid): not on the account. */
  paidAtOnce: z.boolean(),
  /** An invoice's state now: `paid`, or `open` while some of it is due. */
  status: z.enum(['open', 'paid']).nullable(),
  /** Dollars invoiced by this entry (0 for a payment). */
  charge: z.number(),
  /** Dollars paid by this entry (an invoice paid at once: its total). */
  payment: z.number(),
  balance: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/**
 * The account over a period: the balance before its first day, every entry in it, oldest first,
 * and the balance after its last day. The closing balance of a period that ends today is the
 * company's `balance`.
 */
export const accountStatementSchema = z.object({
  from: z.string(),
  to: z.string(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  entries: z.array(statementEntrySchema),
});
export type AccountStatement = z.infer<typeof accountStatementSchema>;

/**
 * `GET /api/companies/{id}/statement` (the company's members and shop admins): the open
 * invoices, oldest due first, the balance (their amounts due together) and the available
 * credit. The web page exports it as CSV (`statementCsvHeaders`).
 */
export const statementSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  vatId: z.string().nullable(),
  ...companyCreditFields,
  /** When the statement was drawn up (its days overdue count to this moment). */
  generatedAt: z.string(),
  invoices: z.array(statementInvoiceSchema),
  /** The account over the period (issue 33 point 4, ux 2026-11-28 #17). */
  account: accountStatementSchema,
});
export type Statement = z.infer<typeof statementSchema>;
