import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUSES } from '../companies/approval.js';
import { canApply, orderTransitions, type OrderAction, type OrderState } from './order-states.js';
import { refusalOf, refusalOfOrder } from './order-refusals.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './orders.js';

const ACTIONS = Object.keys(orderTransitions) as OrderAction[];
const EVERY_STATE: OrderState[] = PAYMENT_STATUSES.flatMap((payment_status) =>
  ORDER_STATUSES.flatMap((order_status) =>
    APPROVAL_STATUSES.map((approval_status) => ({ payment_status, order_status, approval_status })),
  ),
);

describe('refusalOf: why an action of the state table is refused', () => {
  it('refuses exactly where the state table does not apply, with a reason in every such state', () => {
    for (const action of ACTIONS) {
      for (const state of EVERY_STATE) {
        const refusal = refusalOf(action, state);
        expect(refusal === undefined, `${action} in ${JSON.stringify(state)}`).toBe(
          canApply(action, state),
        );
      }
    }
  });

  it.each([
    ['markPaid', { payment_status: 'cancelled' }, 'order_cancelled'],
    ['markPaid', { approval_status: 'awaiting_approval' }, 'approval_required'],
    ['markPaid', { payment_status: 'invoiced', order_status: 'placed' }, 'order_already_invoiced'],
    ['markPaid', { payment_status: 'paid', order_status: 'placed' }, 'order_already_paid'],
    ['invoice', { payment_status: 'invoiced', order_status: 'placed' }, 'order_already_invoiced'],
    ['invoice', { payment_status: 'paid', order_status: 'shipped' }, 'order_already_paid'],
    ['invoice', { approval_status: 'awaiting_approval' }, 'approval_required'],
    ['ship', { payment_status: 'pending' }, 'order_not_paid'],
    ['ship', { payment_status: 'paid', order_status: 'shipped' }, 'order_already_shipped'],
    ['ship', { payment_status: 'paid', order_status: 'cancelled' }, 'order_cancelled'],
    ['editShipment', { payment_status: 'paid', order_status: 'placed' }, 'order_not_shipped'],
    ['delete', { payment_status: 'paid', order_status: 'placed' }, 'conflict'],
    ['delete', { payment_status: 'cancelled', order_status: 'cancelled' }, 'order_cancelled'],
    ['approve', {}, 'conflict'],
    [
      'approve',
      { payment_status: 'cancelled', approval_status: 'awaiting_approval' },
      'order_cancelled',
    ],
    ['reject', { approval_status: 'approved' }, 'approval_already_decided'],
    [
      'recordInvoicePayment',
      { payment_status: 'paid', order_status: 'placed' },
      'order_not_invoiced',
    ],
  ] as const)('%s on %o: %s', (action, changes, code) => {
    const state: OrderState = {
      payment_status: 'pending',
      order_status: 'pending',
      approval_status: 'not_required',
      ...changes,
    };
    expect(refusalOf(action, state)?.code).toBe(code);
  });

  it('reads an order as the API serves it, without an approval state as needing none', () => {
    expect(refusalOfOrder('markPaid', { paymentStatus: 'pending', orderStatus: 'pending' })).toBe(
      undefined,
    );
    expect(
      refusalOfOrder('markPaid', {
        paymentStatus: 'pending',
        orderStatus: 'pending',
        approvalStatus: 'awaiting_approval',
      })?.code,
    ).toBe('approval_required');
  });
});
