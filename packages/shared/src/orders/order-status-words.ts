import type { OrderStatus, PaymentStatus } from './orders.js';

/**
 * The words an order's state is shown with (issue 22, review defect 13), on every list, filter
 * and page: one table, so My Order's Status column, Manage Order's status filter and its rows,
 * and the order page say the same. The API keeps its values (`placed` is the spec's); people read
 * these. An order's status, from its `orderStatus`:
 */
export const orderStatusWords = {
  pending: 'Unpaid',
  placed: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
} as const satisfies Record<OrderStatus, string>;

/** Its payment, from its `paymentStatus` (Manage Order's Payment Status column). */
export const paymentStatusWords = {
  pending: 'Unpaid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  /** Paid on account (DESIGN.md section 13): the invoice is open. */
  invoiced: 'Invoiced',
} as const satisfies Record<PaymentStatus, string>;

/**
 * The word of an order's status: "Paid" once it is paid, until it ships; "Invoiced" while it is
 * placed on account and not yet paid (DESIGN.md section 13).
 */
export function orderStatusWord(order: {
  orderStatus: OrderStatus;
  paymentStatus?: PaymentStatus;
}): string {
  if (order.orderStatus === 'placed' && order.paymentStatus === 'invoiced') {
    return paymentStatusWords.invoiced;
  }
  return orderStatusWords[order.orderStatus];
}

/** The word of an order's payment. */
export function paymentStatusWord(order: { paymentStatus: PaymentStatus }): string {
  return paymentStatusWords[order.paymentStatus];
}
