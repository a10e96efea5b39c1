/**
 * Paying on account (DESIGN.md section 13, issue 24): the numbers, error codes and every text a
 * person reads. Free of zod, so a page may import it without the schemas
 * (docs/performance.md). The schemas are in `on-account.ts`.
 */
import { formatMoney } from '../common/money.js';

/** The terms a shop admin may grant: net 7 to 90 days (`PUT /api/companies/{id}/terms`). */
export const PAYMENT_TERM_DAYS = [7, 15, 30, 45, 60, 90] as const;
export type PaymentTermDays = (typeof PAYMENT_TERM_DAYS)[number];

/** The highest credit limit a company may be given, in dollars. */
export const MAX_CREDIT_LIMIT = 10_000_000;
/** The largest single payment an admin may record, in dollars (an order's largest total). */
export const MAX_INVOICE_PAYMENT = 999_999.99;
/** At most this many characters of a payment's reference (the bank transfer's reference). */
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
/** At most this many characters of the reason a shop admin gives for a hold (ux 2026-11-28 #34). */
export const HOLD_REASON_MAX_LENGTH = 200;
/** The first reminder goes this many days before the invoice is due... */
export const REMINDER_DAYS_BEFORE_DUE = 3;
/** ...the second this many days after it (the day after the due date). */
export const REMINDER_DAYS_AFTER_DUE = 1;
/** A company with an invoice overdue by more than this many days is on hold (CREDIT_HOLD_DAYS). */
export const DEFAULT_CREDIT_HOLD_DAYS = 15;

/** The error codes of paying on account and their statuses (merged into `errorStatus`). */
export const onAccountErrorStatus = {
  /** The order's total is more than the company's available credit. */
  credit_limit_exceeded: 409,
  /** The company is on hold: no new invoice payments until it pays (card payments still work). */
  credit_hold: 409,
  /** The caller is in no company, or in one without payment terms. */
  no_payment_terms: 403,
  /** The order is already paid on account. */
  order_already_invoiced: 409,
  /** A payment recorded against an order that is not paid on account (or is settled). */
  order_not_invoiced: 409,
} as const;

/** The longest period an account statement covers (issue 33 point 4): a year and a day. */
export const STATEMENT_MAX_DAYS = 366;
/** The period a statement covers when none is given: the last 90 days, today included. */
export const STATEMENT_DEFAULT_DAYS = 90;

export const onAccountMessages = {
  creditLimitExceeded: (total: number, available: number) =>
    `This order (${formatMoney(total)}) is more than your company's available credit (${formatMoney(available)}). Please pay by card, or pay open invoices first.`,
  creditHold:
    "Your company's account is on hold because of an overdue invoice, so this order cannot be paid by invoice. Please pay by card, or settle the overdue invoice first.",
  /** A hold a shop admin set by hand (`PUT /api/companies/{id}/hold`), no invoice overdue. */
  creditHoldByShop:
    "Your company's account has been put on hold by the shop, so this order cannot be paid by invoice. Please pay by card, or contact us.",
  noPaymentTerms:
    'Paying by invoice needs payment terms: your company has none. Please pay by card.',
  orderAlreadyInvoiced: 'This order is already paid by invoice.',
  orderNotInvoiced: 'This order is not paid on account, or its invoice is already settled.',
  amountExceedsDue: (amountDue: number) =>
    `The amount is more than the amount due (${formatMoney(amountDue)}).`,
  receivedInFuture: 'The date received cannot be in the future',
  /** Mark Paid's amount (ux 2026-11-28 #15): the order is paid by its whole total only. */
  amountNotOrderTotal: (total: number) =>
    `The amount must be the order's total (${formatMoney(total)}): a part payment does not mark it paid.`,
  /** `placed`: the day the order was placed, YYYY-MM-DD (UTC). */
  receivedBeforeOrder: (placed: string) =>
    `The date received cannot be before the order was placed (${placed})`,
  /**
   * `PUT /api/companies/{id}/terms` while INVOICE_BANK_DETAILS is unset (ux 2026-11-28 #13):
   * the terms are granted, and the admin is told what the invoices will lack.
   */
  noBankDetailsWarning:
    'The shop has no bank details set (INVOICE_BANK_DETAILS), so invoices on account cannot say where to pay: they ask the buyer to contact the shop for payment details. Set INVOICE_BANK_DETAILS so buyers can pay by bank transfer.',
  /** `issued`: the invoice's date, YYYY-MM-DD (UTC). */
  receivedBeforeInvoice: (issued: string) =>
    `The date received cannot be before the invoice's date (${issued})`,
  termsBothOrNeither: 'Give both the days and the credit limit, or neither to remove the terms',
  daysInvalid: `Days must be one of ${PAYMENT_TERM_DAYS.join(', ')}`,
  daysRequired: 'Days are required (null removes the terms)',
  creditLimitRequired: 'Credit limit is required (null removes the terms)',
  creditLimitInvalid: 'Credit limit must be a number of dollars',
  creditLimitTooSmall: 'Credit limit must be more than 0',
  creditLimitTooLarge: `Credit limit must be at most ${formatMoney(MAX_CREDIT_LIMIT)}`,
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be a number of dollars',
  amountTooSmall: 'Amount must be more than 0',
  amountTooLarge: `Amount must be at most ${formatMoney(MAX_INVOICE_PAYMENT)}`,
  twoDecimals: 'Use at most 2 decimals',
  referenceRequired: 'Reference is required',
  referenceTooLong: `Reference must be at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters`,
  referenceOneLine: 'Reference must be on one line, without control characters',
  receivedAtInvalid: 'Date received must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
  onHoldInvalid: 'onHold must be true or false',
  holdReasonRequired: 'Give a reason for the hold: the company’s members read it',
  holdReasonTooLong: `Reason must be at most ${HOLD_REASON_MAX_LENGTH} characters`,
  holdReasonOneLine: 'Reason must be on one line, without control characters',
  /** The statement's period (issue 33 point 4). */
  periodDateInvalid: 'Give the date as YYYY-MM-DD',
  periodOrder: 'The period must end on or after the day it begins',
  periodTooLong: `The period can be at most ${STATEMENT_MAX_DAYS} days`,
} as const;

/**
 * The account statement's CSV (issue 33 point 4): one row per entry of the period between the
 * opening and the closing balance, which have rows of their own.
 */
export const statementEntryCsvHeaders = {
  date: 'Date',
  entry: 'Entry',
  invoiceNumber: 'Invoice number',
  orderNumber: 'Order',
  reference: 'Reference',
  charge: 'Invoiced (USD)',
  payment: 'Paid (USD)',
  balance: 'Balance (USD)',
} as const;

/** The payment choice, the statement and the invoice's words. */
export const onAccountLabels = {
  /** The payment page's choice ("Pay by invoice (net 30 days)"). */
  payByInvoice: (days: number) => `Pay by invoice (net ${days} days)`,
  availableCredit: 'Available credit',
  balance: 'Balance',
  creditLimit: 'Credit limit',
  terms: 'Payment terms',
  termsValue: (days: number) => `Net ${days} days`,
  onHold: 'On hold',
  invoiced: 'Invoiced',
  statement: 'Statement',
  overdue: 'Overdue',
  daysOverdue: 'Days overdue',
  /** The invoice PDF of an order paid on account. */
  invoiceTerms: (days: number) => `Payment terms: net ${days} days`,
  invoiceDue: (date: string) => `Payment due by ${date}`,
  bankDetails: 'Bank details',
  quoteInvoiceNumber: 'Please pay by bank transfer and quote the invoice number with your payment.',
  /** An invoice on account when the shop has no bank details (ux 2026-11-28 #13). */
  contactForPaymentDetails:
    'Please contact us for the payment details, and quote the invoice number with your payment.',
  statusInvoiced: (date: string) => `UNPAID - due ${date}`,
  statusPartlyPaid: (amountDue: string, date: string) => `PART PAID - ${amountDue} due ${date}`,
} as const;

/**
 * The statement's columns as the CSV export names them (the web app builds the CSV; there is no
 * CSV endpoint): one heading per field of a `StatementInvoice`.
 */
export const statementCsvHeaders = {
  invoiceNumber: 'Invoice number',
  orderNumber: 'Order',
  poNumber: 'PO number',
  issuedAt: 'Issued',
  dueAt: 'Due',
  total: 'Invoice total (USD)',
  amountDue: 'Amount due (USD)',
  daysOverdue: 'Days overdue',
} as const;

/** Whole days an invoice due at `dueAt` is overdue at `now` (0 while not yet due). */
export function daysOverdue(dueAt: string, now: Date): number {
  const late = now.getTime() - new Date(dueAt).getTime();
  return late > 0 ? Math.floor(late / 86_400_000) : 0;
}

/** The mails of an invoice paid on account: issued, due soon, overdue (the outbox sends them). */
export const invoiceMailMessages = {
  invoicedSubject: (invoiceNumber: string, orderNumber: string, due: string) =>
    `Invoice ${invoiceNumber} for order ${orderNumber}: due ${due}`,
  invoicedIntro: (days: number) =>
    `Thank you for your order. It is paid on account (net ${days} days) and will ship as usual. Your invoice is attached:`,
  reminderSubject: (invoiceNumber: string, due: string) =>
    `Reminder: invoice ${invoiceNumber} is due ${due}`,
  reminderIntro: (due: string) =>
    `A friendly reminder: this invoice is due on ${due}. If you have paid it already, thank you, and please ignore this mail.`,
  overdueSubject: (invoiceNumber: string, due: string) =>
    `Invoice ${invoiceNumber} is overdue (due ${due})`,
  overdueIntro: (due: string) =>
    `This invoice was due on ${due} and we have not received the full payment yet. Please pay the amount due, or tell us if something is wrong with it.`,
  invoiceNumber: 'Invoice number',
  issuedOn: 'Issued on',
  dueOn: 'Due on',
  terms: 'Payment terms',
  amountDue: 'Amount due',
  quoteInvoiceNumber: 'Please quote the invoice number with your bank transfer.',
  /** Without the shop's bank details (ux 2026-11-28 #13): no transfer is asked for blindly. */
  contactForPaymentDetails:
    'Please contact us for the payment details, and quote the invoice number with your payment.',
} as const;
