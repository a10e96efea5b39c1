/**
 * Every value an order's state columns take: PAYMENT_STATUSES and ORDER_STATUSES of
 * packages/shared/src/orders/orders.ts and APPROVAL_STATUSES of
 * packages/shared/src/companies/approval.ts, written here because ESLint's configuration loads
 * before any build. order-rules.test.js fails when the lists part.
 */
export const ORDER_STATE_VALUES = [
  'pending',
  'paid',
  'cancelled',
  'invoiced',
  'placed',
  'shipped',
  'not_required',
  'awaiting_approval',
  'approved',
  'rejected',
];
