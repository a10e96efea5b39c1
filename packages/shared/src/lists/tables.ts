/**
 * What the order, product and user tables say beyond the spec (issue 12): shortened ids and the
 * confirmations an admin sees before an action that cannot be taken back with one click.
 */

/** An id longer than this is shown shortened in a table, with the whole id one click away. */
export const ID_SHORT_MAX = 16;
/** Characters kept at each end of a shortened id: the start names its kind, the end tells ids apart. */
export const ID_SHORT_HEAD = 6;
export const ID_SHORT_TAIL = 6;

/** A long id as a table shows it: its first and last characters around an ellipsis. */
export function shortId(id: string): string {
  if (id.length <= ID_SHORT_MAX) return id;
  return `${id.slice(0, ID_SHORT_HEAD)}…${id.slice(-ID_SHORT_TAIL)}`;
}

/** The texts of the tables' reveal and clamp toggles. */
export const tableMessages = {
  showId: (what: string) => `Show the whole ${what}`,
  hideId: (what: string) => `Hide the whole ${what}`,
  showAll: 'Show all',
  showLess: 'Show less',
  noValue: 'None',
  status: 'Status',
} as const;

/** Confirmations before Mark Paid, Ship Order, Make Admin and Remove Admin. */
export const confirmMessages = {
  cancel: 'Cancel',
  markPaidTitle: 'Mark this order paid?',
  markPaidText: (product: string, customer: string) =>
    `The order of ${product} for ${customer} will be marked as paid, without a card payment.`,
  /** Mark Paid asks for the bank transfer received (ux 2026-11-28 #15). */
  markPaidTransferText: (orderNumber: string, customer: string, total: string) =>
    `Order ${orderNumber} for ${customer} (${total}) will be marked as paid, without a card payment. Enter the bank transfer received.`,
  markPaidHint:
    'The amount is the order total: a part payment does not mark it paid. The reference is printed on the invoice.',
  markPaidConfirm: 'Yes, mark it paid',
  shipTitle: 'Ship this order?',
  shipText: (product: string, customer: string) =>
    `The order of ${product} for ${customer} will be marked as shipped. The carrier and tracking number can be corrected later.`,
  shipConfirm: 'Yes, ship it',
  editTrackingTitle: 'Edit tracking',
  editTrackingText: (product: string, customer: string) =>
    `Correct the carrier and tracking number of the order of ${product} for ${customer}. The order stays shipped.`,
  editTrackingConfirm: 'Save tracking',
  makeAdminTitle: 'Make this user an admin?',
  makeAdminText: (name: string, email: string) =>
    `${name} (${email}) will be able to manage every product, order and user.`,
  makeAdminConfirm: 'Yes, make admin',
  removeAdminTitle: 'Remove this admin?',
  removeAdminText: (name: string, email: string) =>
    `${name} (${email}) will become a regular user and lose access to the admin pages.`,
  removeAdminConfirm: 'Yes, remove admin',
} as const;
