/**
 * Every value an order's state columns take: PAYMENT_STATUSES and ORDER_STATUSES of
 * packages/shared/src/orders/orders.ts, written here because ESLint's configuration loads before any
 * build. order-state-literals.test.js fails when the two lists part.
 */
export const ORDER_STATE_VALUES = ['pending', 'paid', 'cancelled', 'invoiced', 'placed', 'shipped'];
