import { COMPANY } from '../common/constants.js';

/** The seller as the invoice names it (DESIGN.md section 9): the shop's legal facts. */
export interface Seller {
  name: string;
  address: readonly string[];
  vatNumber: string;
  email: string;
}

/**
 * The demo shop's facts, used until the operator sets SELLER_NAME, SELLER_ADDRESS,
 * SELLER_VAT_NUMBER and SELLER_EMAIL (the README says so): an invoice must carry the real
 * seller's.
 */
export const DEFAULT_SELLER: Seller = {
  name: COMPANY.name,
  address: ['Unit 4, 18 Foundry Road', 'Shenzhen 518000', 'China'],
  vatNumber: 'CN91440300MA5F2K7X1Q',
  email: 'orders@caseforge.example',
};

/** The currency every price and total is in, as the invoice names it (ISO 4217). */
export const INVOICE_CURRENCY = 'USD';

/**
 * How an invoice states tax (TAX_RATE_PERCENT, INVOICE_TAX_NOTE): the rate in percent (0 to 100,
 * at most two decimals) and a statement printed under the tax line, e.g. 'Export delivery, VAT
 * not charged' or 'Reverse charge'.
 */
export interface InvoiceTax {
  ratePercent: number;
  note: string;
}

export const DEFAULT_INVOICE_TAX: InvoiceTax = { ratePercent: 0, note: '' };

/**
 * What the invoice PDF is drawn with besides the order: the seller, the tax statement, and the
 * seller's bank details (INVOICE_BANK_DETAILS, lines of text; empty: none), printed on an
 * invoice paid on account (DESIGN.md section 13).
 */
export interface InvoiceSettings {
  seller: Seller;
  tax: InvoiceTax;
  bankDetails?: readonly string[];
}

/**
 * The tax on an invoice, in cents (docs/decisions/2026-11-26-gap-free-invoice-numbers.md): the
 * shop's prices are what it charges, so the order's total is what the buyer paid and the tax is
 * the part of it at `ratePercent` (tax included): tax = total × rate / (100 + rate), rounded
 * once, on the whole total, to the nearest cent with halves rounded up; the subtotal is the total
 * less the tax, so subtotal + tax = total to the cent. Integer arithmetic only (the rate in
 * hundredths of a percent), no float rounding.
 */
export function invoiceTaxOf(
  totalCents: number,
  ratePercent: number,
): { subtotalCents: number; taxCents: number; totalCents: number } {
  const basisPoints = Math.round(ratePercent * 100);
  if (basisPoints <= 0) return { subtotalCents: totalCents, taxCents: 0, totalCents };
  const denominator = 10_000 + basisPoints;
  const taxCents = Math.floor((2 * totalCents * basisPoints + denominator) / (2 * denominator));
  return { subtotalCents: totalCents - taxCents, taxCents, totalCents };
}

/** An invoice number: the year it was issued and its place in that year, `2026-000001`. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Which document an order gets (issue 22, defects 2 and 20): the invoice once it is paid or paid
 * on account (it then has its number), a pro-forma while it is unpaid, and none once it was cancelled unpaid
 * (accounts payable must never receive an invoice for an order that does not exist).
 */
export type InvoiceDocumentKind = 'invoice' | 'pro-forma' | 'none';

export function invoiceDocumentKind(order: {
  paid: boolean;
  paymentStatus: string;
  invoice: { number: string } | null;
}): InvoiceDocumentKind {
  if (order.paid && order.invoice) return 'invoice';
  // Paid on account (DESIGN.md section 13): invoiced when placed, payable by its due date.
  if (order.paymentStatus === 'invoiced' && order.invoice) return 'invoice';
  if (order.paymentStatus === 'pending') return 'pro-forma';
  return 'none';
}

/**
 * Whom an order's invoice is made out to (ux 2026-11-28 #2 and #16), the one reading of it for
 * the invoice PDF and the orders CSV: the company an invoice on account was issued to (as it
 * was then), else the billing details kept on the order (a company member's: the company's,
 * taken when it was placed; another customer's: as given at checkout); the billing address, or
 * the shipping address when none was given.
 */
export function invoiceRecipientOf(order: {
  address: string;
  billing: { company: string | null; vatNumber: string | null; address: string | null };
  invoice: { onAccount: { companyName: string; vatId: string | null } | null } | null;
}): { company: string | null; vatNumber: string | null; address: string } {
  const account = order.invoice?.onAccount ?? null;
  return {
    company: account?.companyName ?? order.billing.company,
    vatNumber: account ? account.vatId : order.billing.vatNumber,
    address: order.billing.address ?? order.address,
  };
}

/** The one name the PDF and its file give the order: its order number (`CF-10234`). */
export function invoiceOrderReference(order: { orderNumber: string }): string {
  return order.orderNumber;
}

/** The file name a downloaded invoice or pro-forma is saved under. */
export function invoiceFileName(order: {
  orderNumber: string;
  paid: boolean;
  paymentStatus: string;
  invoice: { number: string } | null;
}): string {
  return invoiceDocumentKind(order) === 'invoice' && order.invoice
    ? `invoice-${order.invoice.number}.pdf`
    : `pro-forma-${invoiceOrderReference(order)}.pdf`;
}

/** The refusal of `GET /api/orders/{id}/invoice` for an order cancelled before it was paid. */
export const invoiceErrorStatus = { no_invoice_for_cancelled_order: 409 } as const;

export const invoiceMessages = {
  /** `GET /api/orders/{id}/invoice` of an order cancelled before it was paid. */
  noInvoiceForCancelled:
    'This order was cancelled before it was paid, so it has no invoice or pro-forma invoice.',
} as const;

export const invoiceLabels = {
  title: 'Invoice',
  proFormaTitle: 'Pro-forma invoice',
  /**
   * Fits every unpaid order (ux 2026-11-28 #13): one paid by card or transfer gets its invoice
   * when paid, one on account when it is put on the company's account (placed, or approved).
   */
  proFormaNotice:
    "Not an invoice: no invoice number. The invoice is issued when the order is paid, or when it is put on your company's account.",
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  dueDate: 'Due date',
  orderId: 'Order',
  seller: 'From',
  buyer: 'Bill to',
  shipTo: 'Ship to',
  contact: 'Contact',
  vatNumber: 'VAT number',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  billingAddress: 'Billing address',
  shippingAddress: 'Shipping address',
  poNumber: 'PO number',
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  columns: {
    sku: 'SKU',
    product: 'Product',
    quantity: 'Quantity',
    unitPrice: `Unit price (${INVOICE_CURRENCY})`,
    total: `Total (${INVOICE_CURRENCY})`,
  },
  subtotal: `Subtotal excl. tax (${INVOICE_CURRENCY})`,
  tax: (ratePercent: number) =>
    ratePercent > 0 ? `Tax ${ratePercent}% (included in the prices)` : `Tax ${ratePercent}%`,
  orderTotal: `Total (${INVOICE_CURRENCY})`,
  amountDue: `Amount due (${INVOICE_CURRENCY})`,
  statusPaid: (transactionId: string) => `PAID - transaction ${transactionId}`,
  /** Marked paid for a bank transfer (ux 2026-11-28 #15): its reference and the day received. */
  statusPaidByTransfer: (reference: string, received: string) =>
    `PAID - bank transfer received ${received}, reference ${reference}`,
  statusPaidNoTransaction: 'PAID',
  statusUnpaid: 'UNPAID - payment due',
  statusCancelled: 'CANCELLED - not payable',
  /** Paid after its cancellation with the stock gone (`refundNeeded`): nothing ships. */
  statusCancelledRefund: (amount: string, transactionId: string | null) =>
    `CANCELLED - the payment of ${amount}${transactionId ? ` (transaction ${transactionId})` : ''} is to be refunded`,
  /** Paid, then paid again (by hand, then a straggling card payment): the order stands. */
  statusPaidRefundSecond: (transactionId: string | null) =>
    `PAID${transactionId ? ` - transaction ${transactionId}` : ''}; a second payment was received and is to be refunded`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  continued: 'continued',
} as const;
