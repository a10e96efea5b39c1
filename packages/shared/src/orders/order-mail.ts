import { formatQuantity } from '../common/format.js';
import { madeOnFirstUse } from '../common/made-on-first-use.js';
/**
 * What the customer reads in the order mails (DESIGN.md section 9): placed, paid (a receipt) and
 * shipped. The server renders them as plain text and HTML from these phrases; the invoice uses
 * the same money and date formats.
 */

const day = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);
const dayAndTime = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: 'UTC',
      timeZoneName: 'short',
    }),
);

/** A date as documents write it, in UTC: "Nov 23, 2026". */
export function formatDocumentDate(iso: string): string {
  return day().format(new Date(iso));
}

/** A moment as documents write it, in UTC: "Nov 23, 2026, 16:05 UTC". */
export function formatDocumentTime(iso: string): string {
  return dayAndTime().format(new Date(iso));
}

/** The order page of the web app, and its payment page, under the shop's public address. */
export function orderPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/dashboard/orders/${encodeURIComponent(orderId)}`;
}
export function paymentPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/dashboard/payment/${encodeURIComponent(orderId)}`;
}

export const orderMailMessages = {
  shopName: 'CaseForge',
  /** Every subject names the order by its number first (issue 22): "Order CF-10234 placed: …". */
  placedSubject: (number: string, title: string) => `Order ${number} placed: ${title}`,
  paidSubject: (number: string, title: string) => `Receipt for order ${number}: ${title}`,
  shippedSubject: (number: string, title: string) => `Order ${number} has shipped: ${title}`,
  cancelledSubject: (number: string, title: string) => `Order ${number} was cancelled: ${title}`,
  /** The shop's own mail of a new order (SHOP_ORDERS_EMAIL). */
  shopPlacedSubject: (number: string, customer: string, total: string) =>
    `New order ${number} from ${customer}: ${total}`,
  shopPlacedIntro: (customer: string, email: string) =>
    `${customer} (${email}) has placed an order. It holds its stock until it is paid or expires.`,
  shopGreeting: 'Hello CaseForge team,',
  orderNumber: 'Order number',
  customer: 'Customer',
  phone: 'Phone',
  shipTo: 'Ship to',
  viewOrderAdmin: 'Open the order',
  greeting: (name: string) => `Hello ${name},`,
  placedIntro: 'Thank you for your order. We have reserved these products for you:',
  paidIntro: 'Thank you for your payment. This is your receipt:',
  shippedIntro: 'Your order is on its way.',
  shippedWithoutTracking: 'The carrier did not give a tracking number for this shipment.',
  line: (quantity: number, product: string, unitPrice: string, lineTotal: string) =>
    `${formatQuantity(quantity)} x ${product} at ${unitPrice} = ${lineTotal}`,
  columns: { product: 'Product', quantity: 'Quantity', unitPrice: 'Unit price', total: 'Total' },
  orderTotal: 'Order total',
  poNumber: 'PO number',
  payWithin: (timeLeft: string, deadline: string) =>
    `Please pay within ${timeLeft} (by ${deadline}); after that the order is cancelled and its products are released.`,
  payNow: 'Pay now',
  paidOn: 'Paid on',
  transactionId: 'Transaction ID',
  /** The receipt's invoice (ux 2026-11-28 #36). */
  invoiceNumber: 'Invoice number',
  /** A bank transfer's reference (an invoice on account, or marked paid): not a card's id. */
  paymentReference: 'Payment reference',
  receivedOn: 'Received on',
  amountPaid: 'Amount paid',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  shippedOn: 'Shipped on',
  viewOrder: 'View your order',
  invoiceHint: 'Your invoice can be downloaded from the order page.',
  signOff: 'The CaseForge team',
} as const;
