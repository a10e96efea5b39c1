import {
  adminCsvColumns,
  csvTime,
  invoiceRecipientOf,
  type Order,
  type OrderLine,
} from '@shop/shared';
import { csvColumns } from '../../lib/csv';

/** One row of the orders export: a line of an order, with the order it belongs to. */
export interface OrderCsvRow {
  order: Order;
  line: OrderLine;
  /** 1-based, in the order the buyer listed them. */
  position: number;
}

/** An order's rows: one per line (usability review 2026-11-26, defect 16). */
export const orderCsvRows = (order: Order): OrderCsvRow[] =>
  order.lines.map((line, index) => ({ order, line, position: index + 1 }));

/**
 * Manage Order's export: one row per order line (SKU, product, quantity, unit price and line
 * total), each with its order's facts, so a spreadsheet can sum and filter by product; amounts
 * in dollars.
 */
export const orderCsvColumns = csvColumns<OrderCsvRow, keyof typeof adminCsvColumns.orders>(
  adminCsvColumns.orders,
  {
    orderNumber: ({ order }) => order.orderNumber,
    id: ({ order }) => order._id,
    line: ({ position }) => position,
    sku: ({ line }) => line.sku,
    product: ({ line }) => line.productName,
    quantity: ({ line }) => line.quantity,
    unitPrice: ({ line }) => line.unitPrice,
    lineTotal: ({ line }) => line.lineTotal,
    orderTotal: ({ order }) => order.orderPrice,
    placed: ({ order }) => csvTime(order.placedAt),
    paid: ({ order }) => csvTime(order.paidAt),
    shipped: ({ order }) => csvTime(order.shippedAt),
    customer: ({ order }) => order.userName,
    email: ({ order }) => order.userEmail,
    phone: ({ order }) => order.phone,
    // Whom the invoice is made out to, read as the invoice PDF reads it (ux 2026-11-28 #16).
    company: ({ order }) => invoiceRecipientOf(order).company,
    vatNumber: ({ order }) => invoiceRecipientOf(order).vatNumber,
    billingAddress: ({ order }) => invoiceRecipientOf(order).address,
    address: ({ order }) => order.address,
    poNumber: ({ order }) => order.poNumber,
    invoiceNumber: ({ order }) => order.invoice?.number,
    paymentStatus: ({ order }) => order.paymentStatus,
    orderStatus: ({ order }) => order.orderStatus,
    transactionId: ({ order }) => order.trxId,
    carrier: ({ order }) => order.shipment?.carrier,
    trackingNumber: ({ order }) => order.shipment?.trackingNumber,
  },
);
