import { formatQuantity } from '../common/format.js';
import { b2bMessages } from '../catalog/b2b-rules.js';
import type { Order } from './orders.js';
import { shortId } from '../lists/tables.js';

/**
 * The order page `/dashboard/orders/{id}` (DESIGN.md section 9), the links to it from My Order
 * and Manage Order, and the Ship Order dialog's fields: what they say, and the timeline they
 * draw from an order.
 */
export const orderPageMessages = {
  /** The order page's heading: the order's number once it is read, its short id until then. */
  title: (orderId: string) => `Order ${shortId(orderId)}`,
  numberTitle: (orderNumber: string) => `Order ${orderNumber}`,
  /** The tab's title until the order is read: no fragment of its id (ux 2026-11-28 #32). */
  loadingTitle: 'Order',
  orderId: 'Order ID',
  orderNumber: 'Order number',
  /** My Order's and Manage Order's columns beside the spec's (issue 22): number, date, PO. */
  columns: { order: 'Order', date: 'Date', po: 'PO' },
  /** The link of a row's number to its order page, named by the number. */
  openOrderLabel: (orderNumber: string) => `Open order ${orderNumber}`,
  /** My Order's search (a buyer with many orders). */
  searchMine: 'Find an order',
  searchMineHint: 'Order number (CF-10234) or PO number',
  noneMatch: (q: string) => `None of your orders has the order or PO number "${q}".`,
  showAll: 'Show all orders',
  /** The payment page's line under its heading. */
  payingOrder: (orderNumber: string) => `Order number: ${orderNumber}`,
  placedOn: 'Placed',
  poNumber: 'PO number',
  buyer: 'Buyer',
  products: 'Products',
  lines: 'Order lines',
  product: 'Product',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  orderTotal: 'Order total',
  totalPieces: (pieces: number) => `${pieces} ${pieces === 1 ? 'piece' : 'pieces'}`,
  timeline: 'Timeline',
  notYet: 'Not yet',
  payNow: 'Pay now',
  payWithin: (timeLeft: string) => `Pay within ${timeLeft}`,
  downloadInvoice: 'Download invoice',
  downloadingInvoice: 'Downloading…',
  invoiceDownloaded: 'Invoice downloaded.',
  /** An unpaid order's document: not an invoice, and never numbered (issue 22). */
  downloadProForma: 'Download pro-forma',
  proFormaDownloaded: 'Pro-forma invoice downloaded.',
  invoiceNumber: 'Invoice number',
  billedTo: 'Billed to',
  vatNumber: 'VAT number',
  backToMyOrder: 'Back to My Order',
  backToManageOrder: 'Back to Manage Order',
  /**
   * The link from a row of an order table to the order's page; its accessible name, as every
   * row action's, names the order by its number (ux 2026-11-28 #32): two orders of the same
   * product are told apart.
   */
  details: 'Details',
  detailsLabel: (orderNumber: string) => `Details of ${orderNumber}`,
  payLabel: (orderNumber: string) => `Pay for ${orderNumber}`,
  deleteLabel: (orderNumber: string) => `Delete ${orderNumber}`,
  /** An order table's product cell (ux 2026-11-28 #12): every line readable, with its SKU. */
  skuLabel: 'SKU',
  moreLines: (more: number) => `and ${more} more`,
  lineInTable: (quantity: number, name: string) => `${formatQuantity(quantity)} × ${name}`,
  transactionId: 'Transaction ID',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  /** A shipment in one line, under a row's status: "Tracking: UPS 1Z999AA10123456784". */
  shipment: (carrier: string, trackingNumber: string) => `Tracking: ${carrier} ${trackingNumber}`,
  cancelledUnpaid: 'Cancelled: it was not paid in time, and its stock was released.',
  cancelledRefund: 'Cancelled after it was paid: the payment will be refunded.',
  /** The Ship Order dialog's fields. */
  shipFieldsHint:
    'Choose the carrier and enter its tracking number, or choose No tracking to ship without one.',
  /** The admin's actions on a shipped order, and what they say when done. */
  editTracking: 'Edit tracking',
  trackingUpdated: 'Tracking updated.',
  markedPaid: 'Marked as paid.',
  orderShipped: 'Order shipped.',
  /** The admin's actions on the order page. */
  adminActions: 'Admin actions',
} as const;

/**
 * The order tables' own columns and filters beside the spec's (ux 2026-11-28 #11, #12): Manage
 * Order's Company column and approval filter, Approvals' PO, the buyer's limit and how far over.
 */
export const orderTableMessages = {
  company: 'Company',
  approvalLabel: 'Approval',
  allApprovals: 'All',
} as const;

export type TimelineStepKind = 'placed' | 'invoiced' | 'paid' | 'shipped' | 'cancelled';

export const timelineLabels: Record<TimelineStepKind, string> = {
  placed: 'Placed',
  invoiced: 'Invoiced',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

export interface TimelineStep {
  kind: TimelineStepKind;
  /** Reached; a step not reached yet is pending. */
  done: boolean;
  /** When it was reached (ISO), when the order records it. */
  at: string | null;
}

type TimelineOrder = Pick<
  Order,
  'paid' | 'orderStatus' | 'paymentStatus' | 'placedAt' | 'paidAt' | 'shippedAt' | 'shipment'
> &
  Partial<Pick<Order, 'invoice'>>;

/**
 * The steps of an order's life in order: placed, paid, shipped. A cancelled order stops at
 * 'cancelled' (after 'paid' when it was paid too late: its money goes back), so it never shows
 * a shipping step it will not reach. An order paid on account (DESIGN.md section 13) is
 * 'invoiced' after 'placed' while its invoice is open: it may ship before it is paid.
 */
export function orderTimeline(order: TimelineOrder): TimelineStep[] {
  const steps: TimelineStep[] = [{ kind: 'placed', done: true, at: order.placedAt }];
  if (order.paymentStatus === 'invoiced') {
    steps.push({ kind: 'invoiced', done: true, at: order.invoice?.issuedAt ?? null });
  }
  const paid = order.paid || order.paymentStatus === 'paid';
  if (order.orderStatus === 'cancelled') {
    if (paid) steps.push({ kind: 'paid', done: true, at: order.paidAt });
    steps.push({ kind: 'cancelled', done: true, at: null });
    return steps;
  }
  steps.push({ kind: 'paid', done: paid, at: paid ? order.paidAt : null });
  const shipped = order.orderStatus === 'shipped';
  steps.push({
    kind: 'shipped',
    done: shipped,
    at: shipped ? (order.shippedAt ?? order.shipment?.shippedAt ?? null) : null,
  });
  return steps;
}

/**
 * How the product cell of My Order and Manage Order names an order: the product cut short (the
 * spec's preview), and for several lines the first one cut short and how many more, so the
 * "+ N more" is never what the cut removes.
 */
export function orderLinesTitle(
  order: Pick<Order, 'orderPName' | 'lines'>,
  preview: (name: string) => string,
): string {
  const [first, ...more] = order.lines;
  if (!first || more.length === 0) return preview(order.orderPName);
  return b2bMessages.moreProducts(preview(first.productName), more.length);
}

/** A line of the payment page's summary: "10 pc's × $48" (the spec's "pc's"). */
export function paymentLineText(quantity: number, unitPrice: string): string {
  return `${formatQuantity(quantity)} pc's × ${unitPrice}`;
}
