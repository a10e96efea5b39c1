import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_FILTERS } from '../lists/list-queries.js';
import { formatOrderNumber, orderNumberSearched } from './order-number.js';
import { orderTransitions } from './order-states.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './orders.js';
import {
  orderStatusWord,
  orderStatusWords,
  paymentStatusWord,
  paymentStatusWords,
} from './order-status-words.js';

describe('order numbers', () => {
  it('spells a number CF-10234', () => {
    expect(formatOrderNumber(10_001)).toBe('CF-10001');
    expect(formatOrderNumber(10_234)).toBe('CF-10234');
  });

  it.each([
    ['CF-10234', 10_234],
    ['cf-10234', 10_234],
    ['10234', 10_234],
    [' CF 10234 ', 10_234],
    ['#10234', 10_234],
  ])('reads "%s" as order %s', (q, number) => {
    expect(orderNumberSearched(q)).toBe(number);
  });

  it.each(['PO-10234', 'CF-', 'CF-10234x', 'Dana', '', '99999999999'])(
    'reads "%s" as no order number',
    (q) => {
      expect(orderNumberSearched(q)).toBeUndefined();
    },
  );
});

describe('status words (review defect 13)', () => {
  it('has a word for every state, and none of them is an API value people never read', () => {
    expect(Object.keys(orderStatusWords).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(paymentStatusWords).sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect(Object.values(orderStatusWords)).not.toContain('placed');
  });

  it('says "Paid" for the status and the payment of an order once paid, until it ships', () => {
    const paid = orderTransitions.markPaid.to;
    expect(orderStatusWord({ orderStatus: paid.order_status })).toBe('Paid');
    expect(paymentStatusWord({ paymentStatus: paid.payment_status })).toBe('Paid');
    expect(orderStatusWord({ orderStatus: 'shipped' })).toBe('Shipped');
  });

  it('says "Unpaid" for a new order in both, and "Cancelled" for a cancelled one', () => {
    expect(orderStatusWord({ orderStatus: 'pending' })).toBe('Unpaid');
    expect(paymentStatusWord({ paymentStatus: 'pending' })).toBe('Unpaid');
    const { to } = orderTransitions.cancel;
    expect(orderStatusWord({ orderStatus: to.order_status })).toBe('Cancelled');
    expect(paymentStatusWord({ paymentStatus: to.payment_status })).toBe('Cancelled');
  });

  it("offers Manage Order's filter every status, in these words", () => {
    expect(ORDER_STATUS_FILTERS.map((status) => orderStatusWords[status])).toEqual([
      'Unpaid',
      'Paid',
      'Shipped',
      'Cancelled',
    ]);
  });
});
