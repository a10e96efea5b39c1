import type { OrderStatus, PaymentStatus } from './orders.js';
import { PAYABLE_APPROVAL_STATUSES, type ApprovalStatus } from '../companies/approval.js';

export interface OrderState {
  payment_status: PaymentStatus;
  order_status: OrderStatus;
  /** DESIGN.md section 12: whether a company admin must approve it before it is paid. */
  approval_status: ApprovalStatus;
}

/**
 * What an action needs of one state column: a value, or any of a list of values (the approval
 * states in which an order may be paid).
 */
export type StateRequirement<S> = {
  [C in keyof S]?: S[C] | readonly S[C][];
};

/**
 * The order's state machine as data (DESIGN.md section 5): which state each action needs, and
 * what it leaves. Repositories turn `from` into the WHERE of one atomic UPDATE, so two clicks or
 * two instances can never apply an action twice; the web app asks `canApplyTo` which buttons
 * an order gets.
 */
export const orderTransitions = {
  /** A verified card payment, or an admin marking the order paid. */
  markPaid: {
    from: { payment_status: 'pending', approval_status: PAYABLE_APPROVAL_STATUSES },
    to: { payment_status: 'paid', order_status: 'placed' },
  },
  ship: { from: { order_status: 'placed' }, to: { order_status: 'shipped' } },
  /** A shipped order's carrier and tracking number corrected; shipping itself stays one-way. */
  editShipment: { from: { order_status: 'shipped' }, to: {} },
  /** Not paid in time, or its product was archived: the stock goes back (DESIGN.md section 11). */
  cancel: {
    from: { payment_status: 'pending' },
    to: { payment_status: 'cancelled', order_status: 'cancelled' },
  },
  /** The gateway confirmed a payment after the cancellation, and the stock could be taken again. */
  reinstate: {
    from: { payment_status: 'cancelled' },
    to: { payment_status: 'paid', order_status: 'placed' },
  },
  /** The same, with the stock gone: kept as paid, not shippable, flagged for a refund. */
  paidAfterCancel: {
    from: { payment_status: 'cancelled' },
    to: { payment_status: 'paid', order_status: 'cancelled' },
  },
  /**
   * Paid on account (DESIGN.md section 13): not paid yet, but it may ship; its hold on the stock
   * ends (the expiry clock stops) and the company's balance grows, in one step with the credit
   * check.
   */
  invoice: {
    from: { payment_status: 'pending', approval_status: PAYABLE_APPROVAL_STATUSES },
    to: { payment_status: 'invoiced', order_status: 'placed' },
  },
  /** The last money of an invoice received: paid, whether it has shipped or not. */
  settleInvoice: { from: { payment_status: 'invoiced' }, to: { payment_status: 'paid' } },
  /** Money received for an invoice, less than what is due: its state stays as it is. */
  recordInvoicePayment: { from: { payment_status: 'invoiced' }, to: {} },
  /** Deleting gives the stock back; a paid order is never deleted. */
  delete: { from: { payment_status: 'pending' }, to: {} },
  /**
   * A company admin lets an order over the buyer's limit through (DESIGN.md section 12): it
   * becomes payable, and the ordinary hold runs from now.
   */
  approve: {
    from: { payment_status: 'pending', approval_status: 'awaiting_approval' },
    to: { approval_status: 'approved' },
  },
  /** A company admin refuses it: cancelled as an expired order is, its stock returned. */
  reject: {
    from: { payment_status: 'pending', approval_status: 'awaiting_approval' },
    to: { payment_status: 'cancelled', order_status: 'cancelled', approval_status: 'rejected' },
  },
} as const satisfies Record<
  string,
  { from: StateRequirement<OrderState>; to: Partial<OrderState> }
>;

export type OrderAction = keyof typeof orderTransitions;

/** The state a new order is placed in: unpaid, holding its stock until it is paid or expires. */
export const newOrderState = {
  payment_status: 'pending',
  order_status: 'pending',
  approval_status: 'not_required',
} as const satisfies OrderState;

/**
 * The approval states an order is placed in (DESIGN.md section 12): none needed (as every new
 * order), or awaiting the company's approval (the state `approve` and `reject` apply to).
 */
export const placedApproval = {
  none: newOrderState.approval_status,
  awaiting: orderTransitions.approve.from.approval_status,
} as const;

/** The values a column may hold for `action`, as a list (one value is a list of one). */
export function allowedValues(requirement: string | readonly string[]): readonly string[] {
  return typeof requirement === 'string' ? [requirement] : requirement;
}

/** Whether `state` holds every value `requirement` asks of its columns. */
export function stateMeets(requirement: StateRequirement<OrderState>, state: OrderState): boolean {
  return Object.entries(requirement).every(([column, values]) =>
    allowedValues(values as string | readonly string[]).includes(state[column as keyof OrderState]),
  );
}

/** An order without an approval state (a shape from before section 12) needs none. */
export function canApply(
  action: OrderAction,
  order: Omit<OrderState, 'approval_status'> & { approval_status?: ApprovalStatus },
): boolean {
  return stateMeets(orderTransitions[action].from, { approval_status: 'not_required', ...order });
}

/** An order as the API serves it, read as its state columns. */
export interface ServedOrderState {
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  approvalStatus?: ApprovalStatus;
}

/** The state columns of an order as the API serves it (no approval state: none needed). */
export const stateOfServed = (order: ServedOrderState): OrderState => ({
  payment_status: order.paymentStatus,
  order_status: order.orderStatus,
  approval_status: order.approvalStatus ?? 'not_required',
});

/** `canApply` for an order as the API serves it (the web app's buttons). */
export function canApplyTo(action: OrderAction, order: ServedOrderState): boolean {
  return canApply(action, stateOfServed(order));
}
