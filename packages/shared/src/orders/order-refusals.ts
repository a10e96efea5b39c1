import { b2bMessages } from '../catalog/b2b-rules.js';
import type { ErrorCode } from '../common/errors.js';
import { messages } from '../common/messages.js';
import type { ApprovalStatus } from '../companies/approval.js';
import { companyMessages } from '../companies/company-messages.js';
import { onAccountMessages } from '../companies/on-account-words.js';
import {
  canApply,
  stateMeets,
  stateOfServed,
  type OrderAction,
  type OrderState,
  type ServedOrderState,
  type StateRequirement,
} from './order-states.js';
import { orderHoldMessages } from './orders.js';

/** Words of refusals beyond the table's (not in common/messages.ts, which the home page loads). */
export const orderRefusalMessages = {
  /** The state allowed the action when it was read, and had changed when it was applied. */
  changedMeanwhile: 'This order changed meanwhile. Please reload it and try again.',
} as const;

/** Why an action was refused: the API's error code and the words a person reads. */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/** One reason an action is refused: the state it is refused in (any, when empty), and why. */
interface RefusalRule extends Refusal {
  when: StateRequirement<OrderState>;
}

const cancelled: Refusal = { code: 'order_cancelled', message: orderHoldMessages.orderCancelled };
const approvalRequired: Refusal = {
  code: 'approval_required',
  message: companyMessages.approvalRequired,
};
const alreadyInvoiced: Refusal = {
  code: 'order_already_invoiced',
  message: onAccountMessages.orderAlreadyInvoiced,
};
const alreadyPaid: Refusal = { code: 'order_already_paid', message: messages.orderAlreadyPaid };

const notInvoiced: Refusal = {
  code: 'order_not_invoiced',
  message: onAccountMessages.orderNotInvoiced,
};
const notPending: Refusal = { code: 'conflict', message: messages.orderNotPending };
const approvalDecision: readonly RefusalRule[] = [
  {
    when: { approval_status: 'not_required' },
    code: 'conflict',
    message: companyMessages.notAwaitingApproval,
  },
  // Still awaiting, but no longer pending: its hold ran out and it was cancelled.
  { when: { approval_status: 'awaiting_approval' }, ...cancelled },
  { when: {}, code: 'approval_already_decided', message: companyMessages.approvalAlreadyDecided },
];

/**
 * Why each action of the state table (order-states.ts) is refused in a state it does not apply
 * to, as data beside the table: the first rule whose state matches is the answer, and each list
 * ends with a rule for any state. The server answers it (409 with its code) and the web reads it
 * to say why an action is not offered. A new refusal is one line here; a new action must get its
 * list here (the type requires one per action).
 */
export const orderRefusals: Record<OrderAction, readonly RefusalRule[]> = {
  markPaid: [
    { when: { payment_status: 'cancelled' }, ...cancelled },
    { when: { approval_status: 'awaiting_approval' }, ...approvalRequired },
    // Paid on account (DESIGN.md section 13): its money is recorded against the invoice instead.
    { when: { payment_status: 'invoiced' }, ...alreadyInvoiced },
    { when: {}, ...alreadyPaid },
  ],
  invoice: [
    { when: { payment_status: 'invoiced' }, ...alreadyInvoiced },
    { when: { payment_status: 'cancelled' }, ...cancelled },
    { when: { payment_status: 'paid' }, ...alreadyPaid },
    { when: {}, ...approvalRequired },
  ],
  ship: [
    { when: { order_status: 'cancelled' }, ...cancelled },
    {
      when: { order_status: 'shipped' },
      code: 'order_already_shipped',
      message: b2bMessages.orderAlreadyShipped,
    },
    { when: {}, code: 'order_not_paid', message: b2bMessages.orderNotPaid },
  ],
  editShipment: [{ when: {}, code: 'order_not_shipped', message: b2bMessages.orderNotShipped }],
  delete: [
    { when: { payment_status: 'cancelled' }, ...cancelled },
    { when: {}, ...notPending },
  ],
  // The server's own steps (expiry, a late payment): never asked for by a client.
  cancel: [{ when: {}, ...notPending }],
  reinstate: [{ when: {}, ...alreadyPaid }],
  paidAfterCancel: [{ when: {}, ...alreadyPaid }],
  settleInvoice: [{ when: {}, ...notInvoiced }],
  recordInvoicePayment: [{ when: {}, ...notInvoiced }],
  approve: approvalDecision,
  reject: approvalDecision,
};

/**
 * Why `action` cannot be applied to an order in `state`, or undefined when it can (the state
 * table says so: canApply). An order without an approval state needs none.
 */
export function refusalOf(
  action: OrderAction,
  order: Omit<OrderState, 'approval_status'> & { approval_status?: ApprovalStatus },
): Refusal | undefined {
  const state: OrderState = { approval_status: 'not_required', ...order };
  if (canApply(action, state)) return undefined;
  const rule = orderRefusals[action].find((candidate) => stateMeets(candidate.when, state));
  // Every list ends with a rule for any state (order-refusals.test.ts checks it).
  if (!rule) throw new Error(`no refusal of ${action} for ${JSON.stringify(state)}`);
  return { code: rule.code, message: rule.message };
}

/** `refusalOf` for an order as the API serves it (the web app's pages). */
export function refusalOfOrder(action: OrderAction, order: ServedOrderState): Refusal | undefined {
  return refusalOf(action, stateOfServed(order));
}
