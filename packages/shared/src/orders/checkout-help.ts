import { pluralCount } from './cart.js';

/**
 * What the checkout, the payment page and the order list say to keep a buyer on track after
 * the usability review of 2026-11-26 (issue 22): an order just placed, an order cancelled
 * because its hold ended, the unpaid-order limits, a session that ended. Lazily loaded pages only.
 */
export const checkoutHelpMessages = {
  /** The payment page with the built-in test gateway (PAYMENTS_TEST_MODE). */
  paymentsTestMode:
    'Test mode: no real card is charged. Pay with the card 4242 4242 4242 4242, any future expiry and any CVC.',
  /** Defect 22: the products are fine in quantity, they are no longer sold. */
  checkoutUnavailable:
    'Some products in your order list are no longer sold: remove them from your order list to check out.',
  /** Defect 10: back on the checkout after placing an order. */
  placedPending: (title: string) => `Your order "${title}" was placed:`,
  placedDone: (title: string) => `Your order "${title}" was placed and paid:`,
  payIt: 'pay for it',
  viewIt: 'view it',
  /** Defect 12: beside the unpaid-limit refusals. */
  seeUnpaidOrders: 'See your unpaid orders in My Order',
  /** Defect 5: an order cancelled because its hold ended. */
  putBack: 'Put these products back in my order list',
  putBackWorking: 'Putting the products back…',
  putBackDone: (count: number) =>
    `${pluralCount(count, 'product', 'products')} put back in your order list`,
  putBackNone: 'None of these products could be put back in your order list.',
  putBackSkippedHeading: 'Not put back:',
  putBackSkipped: (name: string, why: string) => `${name}: ${why}`,
  noLongerSold: 'no longer sold',
  listFull: 'your order list is full',
  putBackFailed: 'The products could not be read. Please try again.',
  /** Defect 23: a guest sent to Login by Order Now or Checkout. */
  logInToOrder: 'Please log in to place your order.',
  /** Defect 19: signed out in another tab while this one was open. */
  sessionEndedElsewhere:
    'Your session has ended: you logged out in another tab. Please log in again.',
} as const;
