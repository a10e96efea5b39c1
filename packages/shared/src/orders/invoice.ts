import { COMPANY } from '../common/constants.js';

/** The seller as the invoice names it (DESIGN.md section 9): the shop's legal facts. */
export interface Seller {
  name: string;
  address: readonly string[];
  vatNumber: string;
  email: string;
}

/**
 * The demo shop's facts, used until the operator sets SELLER_ADDRESS, SELLER_VAT_NUMBER and
 * SELLER_EMAIL (the README says so): an invoice must carry the real seller's.
 */
export const DEFAULT_SELLER: Seller = {
  name: COMPANY.name,
  address: ['Unit 4, 18 Foundry Road', 'Shenzhen 518000', 'China'],
  vatNumber: 'CN91440300MA5F2K7X1Q',
  email: 'orders@caseforge.example',
};

/**
 * The invoice number of an order, stable for as long as the order exists: the year it was
 * placed and the id's last 16 hex digits (its random part), e.g. `INV-2026-9F3A2B1C4D5E6F70`.
 */
export function invoiceNumber(order: { _id: string; placedAt: string }): string {
  const year = new Date(order.placedAt).getUTCFullYear();
  return `INV-${year}-${order._id.slice(-16).toUpperCase()}`;
}

/** The file name a downloaded invoice is saved under. */
export function invoiceFileName(order: { _id: string; placedAt: string }): string {
  return `invoice-${invoiceNumber(order)}.pdf`;
}

export const invoiceLabels = {
  title: 'Invoice',
  invoiceNumber: 'Invoice number',
  orderId: 'Order',
  seller: 'From',
  buyer: 'Bill to',
  vatNumber: 'VAT number',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  poNumber: 'PO number',
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  columns: { product: 'Product', quantity: 'Quantity', unitPrice: 'Unit price', total: 'Total' },
  orderTotal: 'Total',
  statusPaid: (transactionId: string) => `PAID - transaction ${transactionId}`,
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
