import { formatPrice } from '../common/format.js';
import { formatMoney } from '../common/money.js';
import { onAccountLabels } from './on-account-words.js';

/**
 * The web pages of paying on account (DESIGN.md section 13, issue 24): the payment page's
 * invoice choice, the statement page, the order page's invoice section and the shop admin's
 * terms, hold and record-payment controls. Free of zod, like every text a page reads.
 * The API's own words (the refusals, the labels the invoice PDF shares) are in
 * `on-account-words.ts`.
 */
/** A company's name in a file name: `nordic-systems-gmbh`. */
function companySlug(companyName: string): string {
  const slug = companyName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'company';
}

export const accountPageMessages = {
  /** The dashboard menu's entry and the statement page's title. */
  statementMenu: onAccountLabels.statement,
  statementTitle: (companyName: string) => `Statement: ${companyName}`,
  statementIntro:
    'Your company’s open invoices: what is still to pay on each, and when it is due. Pay by bank transfer and quote the invoice number; a payment shows here once the shop has recorded it.',
  /** A member of no company, or of one without terms. */
  statementNoCompany:
    'The statement lists a company’s invoices, and you do not belong to a company. Create one on My Company, or open the link of an invitation to join one.',
  statementNoTerms:
    'Your company has no payment terms, so it has no invoices to pay. A shop admin grants terms; until then, orders are paid by card.',
  openInvoices: 'Open invoices',
  /** The open invoices' table (a region of its own, named apart from its section). */
  invoiceTable: 'Invoices to pay',
  noOpenInvoices: 'No open invoices: nothing is waiting to be paid.',
  generatedAt: (when: string) => `As of ${when}`,
  /** The statement's columns (the CSV export names its own: statementCsvHeaders). */
  columns: {
    invoice: 'Invoice',
    order: 'Order',
    po: 'PO',
    issued: 'Issued',
    due: 'Due',
    total: 'Invoice total',
    amountDue: 'Amount due',
    status: onAccountLabels.daysOverdue,
  },
  /** An open invoice's state in words (never by colour alone). */
  notDueYet: 'Not due yet',
  dueToday: 'Due today',
  overdueDays: (days: number) =>
    days === 0 ? 'Overdue (since today)' : `Overdue by ${days} ${days === 1 ? 'day' : 'days'}`,
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exported: (count: number, filename: string) =>
    `${count} ${count === 1 ? 'invoice' : 'invoices'} exported to ${filename}.`,
  /** The file name of the statement's CSV: `statement-<company>-<day>.csv`. */
  csvName: (companyName: string, day: string) => `statement-${companySlug(companyName)}-${day}.csv`,
  /** The account statement of a period (issue 33 point 4, ux 2026-11-28 #17). */
  accountHeading: 'Account statement',
  accountIntro:
    'Every invoice and every payment of the period, between the balance before it and the balance after it. Invoices paid by card, or marked paid, when they were issued show as paid and leave the balance as it was.',
  periodLegend: 'Period',
  periodFrom: 'From',
  periodTo: 'To',
  showPeriod: 'Show',
  openingBalance: (day: string) => `Opening balance (${day})`,
  closingBalance: (day: string) => `Closing balance (${day})`,
  accountTable: 'Invoices and payments',
  entryColumns: {
    date: 'Date',
    entry: 'Entry',
    order: 'Order',
    reference: 'Reference',
    charge: 'Invoiced',
    payment: 'Paid',
    balance: 'Balance',
  },
  entryInvoice: (invoiceNumber: string, paid: boolean) =>
    `Invoice ${invoiceNumber}${paid ? ' (paid)' : ''}`,
  entryInvoicePaidAtOnce: (invoiceNumber: string) => `Invoice ${invoiceNumber} (paid when issued)`,
  entryPayment: (invoiceNumber: string) => `Payment: invoice ${invoiceNumber}`,
  /** The CSV's rows around the entries. */
  openingRow: 'Opening balance',
  closingRow: 'Closing balance',
  noEntries: 'No invoices and no payments in this period.',
  exportAccountCsv: 'Export account statement (CSV)',
  exportedAccount: (count: number, filename: string) =>
    `${count} ${count === 1 ? 'entry' : 'entries'} exported to ${filename}.`,
  /** `account-<company>-<from>-to-<to>.csv`. */
  accountCsvName: (companyName: string, from: string, to: string) =>
    `account-${companySlug(companyName)}-${from}-to-${to}.csv`,
  /** Where the kind of hold is not known (the payment page's choice): no cause is guessed. */
  onHoldNotice:
    'Your company’s account is on hold, so orders cannot be paid by invoice for now. Card payments still work.',
  /**
   * A member's notice that fits the hold (ux 2026-11-28 #34): one the shop put by hand says so,
   * with its reason; one for an overdue invoice says paying it lifts the hold.
   */
  holdNotice: (hold: { by: 'shop' | 'overdue'; reason: string | null } | null | undefined) =>
    hold?.by === 'shop'
      ? `The shop has put your company’s account on hold${hold.reason ? `: ${hold.reason}.` : '.'} Orders cannot be paid by invoice until the shop lifts it; card payments still work. Please contact us about it.`
      : hold?.by === 'overdue'
        ? 'Your company’s account is on hold because an invoice is overdue, so orders cannot be paid by invoice for now. Card payments still work; paying the overdue invoices lifts the hold.'
        : 'Your company’s account is on hold, so orders cannot be paid by invoice for now. Card payments still work.',
  onHoldAdminNotice:
    'This company is on hold: its members cannot pay by invoice. Card payments still work.',
  /** The shop admin's words for the hold's cause, beside the hold control. */
  holdCause: (hold: { by: 'shop' | 'overdue'; reason: string | null } | null | undefined) =>
    hold?.by === 'shop'
      ? `Put on hold by the shop: ${hold.reason ?? 'no reason was given'}.`
      : hold?.by === 'overdue'
        ? 'On hold because an invoice is overdue by more than the allowed days.'
        : null,
  holdReasonLabel: 'Reason (the company’s members read it)',
  noTerms: 'None',

  /** The payment page's choice beside the card. */
  invoiceChoiceIntro: (days: number) =>
    `Your company pays on account: the order is placed now and may ship; the invoice is due ${days} days after it is issued.`,
  creditLeft: (available: number, limit: number) =>
    `${formatPrice(available)} of ${formatPrice(limit)}`,
  payByInvoiceButton: 'Pay by invoice',
  payingByInvoice: 'Placing the order on account…',
  /** Why the choice cannot be used now, said before the buyer tries. */
  overCredit: (total: number, available: number) =>
    `This order (${formatMoney(total)}) is more than your company's available credit (${formatMoney(available)}). Please pay by card, or pay open invoices first.`,
  notPlacer: 'Only the member who placed this order, or a company admin, may pay it.',
  invoicedTitle: 'Your order is invoiced',
  invoicedText: (number: string, due: string) =>
    `Invoice ${number} is due by ${due}. The order is placed and will ship; the invoice is on its way by mail.`,
  viewOrder: 'View the order',
  viewStatement: 'View the statement',

  /** The order page's section of an order paid on account. */
  invoiceSection: 'Invoice',
  terms: onAccountLabels.terms,
  issued: 'Issued',
  dueBy: 'Due by',
  amountDue: 'Amount due',
  paidInFull: 'Paid in full',
  payments: 'Payments received',
  noPayments: 'No payment recorded yet.',
  loadingPayments: 'Loading the payments…',
  paymentColumns: { received: 'Received', amount: 'Amount', reference: 'Reference' },
  bankTransferHint:
    'Pay by bank transfer to the account on the invoice and quote the invoice number.',

  /** The shop admin's controls on the company page. */
  accountSection: 'Paying on account',
  accountFacts: 'Account',
  termsForm: 'Payment terms',
  daysLabel: 'Days',
  daysOption: (days: number) => `Net ${days} days`,
  daysHint: 'How long after it is issued an invoice is due.',
  creditLimitLabel: 'Credit limit (USD)',
  creditLimitHint: 'The most the company may owe on open invoices at once.',
  saveTerms: 'Save terms',
  grantTerms: 'Grant terms',
  termsSaved: 'Payment terms saved.',
  removeTerms: 'Remove terms',
  removeTermsTitle: 'Remove the payment terms?',
  removeTermsText: (company: string) =>
    `${company} will no longer be able to pay by invoice. Open invoices stay open until they are paid.`,
  termsRemoved: 'Payment terms removed.',
  holdLabel: 'Credit hold',
  holdOff: 'Not on hold: members may pay by invoice within the available credit.',
  holdOn: 'On hold: no new invoice payments until it is lifted.',
  putOnHold: 'Put on hold',
  liftHold: 'Lift hold',
  putOnHoldTitle: 'Put this company on hold?',
  putOnHoldText: (company: string) =>
    `${company} will not be able to pay new orders by invoice until the hold is lifted. Card payments still work.`,
  liftHoldTitle: 'Lift the hold?',
  liftHoldText: (company: string) =>
    `${company} may pay by invoice again, within its available credit. A hold set because an invoice is long overdue comes back while that invoice stays unpaid.`,
  heldNow: 'The company is on hold.',
  liftedNow: 'The hold is lifted.',
  companyStatement: 'Statement',

  /** Recording money received against an invoice (Manage Order and the admin's order page). */
  recordPayment: 'Record payment',
  recordPaymentLabel: (what: string) => `Record payment: ${what}`,
  recordPaymentTitle: 'Record a payment',
  recordPaymentText: (invoiceNumber: string, amountDue: string) =>
    `Money received for invoice ${invoiceNumber}. Amount due: ${amountDue}.`,
  recordPaymentConfirm: 'Record',
  amountLabel: 'Amount (USD)',
  referenceLabel: 'Reference',
  receivedLabel: 'Received on',
  recordPaymentHint:
    'A part payment lowers the amount due; once nothing is due, the order is paid.',
  paymentRecorded: (amountDue: string) => `Payment recorded. Still due: ${amountDue}.`,
  invoiceSettled: 'Payment recorded: the invoice is paid in full.',
  /** Under an invoiced order's payment status in Manage Order, in two short lines. */
  dueInRow: (amountDue: string) => `${amountDue} due`,
  dueByInRow: (due: string) => `by ${due}`,
} as const;

/** The statement's CSV day: the local calendar day, `2026-11-26`. */
export function statementDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The payment choice at checkout and on Order Now (ux 2026-11-28 #14): a member of a company
 * with payment terms chooses how to pay before placing the order.
 */
export const paymentChoiceMessages = {
  legend: 'Payment',
  card: 'Pay by card',
  cardHint: 'You pay on the next page; the order keeps its stock while you do.',
  onAccount: (days: number) => `Place order on account (net ${days} days)`,
  onAccountHint: (company: string) =>
    `Invoiced to ${company} when placed (or when approved, if it needs approval); nothing to pay now.`,
  placeOnAccount: 'Place order on account',
} as const;
