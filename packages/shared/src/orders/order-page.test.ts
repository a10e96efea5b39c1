import { describe, expect, it } from 'vitest';
import { previewText } from '../common/cut-text.js';
import { orderLinesTitle, orderPageMessages, orderTimeline } from './order-page.js';

const base = {
  paid: false,
  paymentStatus: 'pending' as const,
  orderStatus: 'pending' as const,
  placedAt: '2026-11-20T09:00:00.000Z',
  paidAt: null,
  shippedAt: null,
  shipment: null,
};

describe('orderTimeline', () => {
  it('an unpaid order is placed, with paid and shipped still pending', () => {
    expect(orderTimeline(base)).toEqual([
      { kind: 'placed', done: true, at: base.placedAt },
      { kind: 'paid', done: false, at: null },
      { kind: 'shipped', done: false, at: null },
    ]);
  });

  it('an order paid on account is invoiced after placed, and may ship before it is paid', () => {
    const invoice = {
      number: '2026-000042',
      issuedAt: '2026-11-20T09:05:00.000Z',
      dueAt: '2026-12-20T09:05:00.000Z',
      amountDue: 480,
      onAccount: { termsDays: 30, companyName: 'Nordic Systems GmbH', vatId: null },
    };
    const shipped = {
      ...base,
      paymentStatus: 'invoiced' as const,
      orderStatus: 'shipped' as const,
      shippedAt: '2026-11-22T11:00:00.000Z',
      invoice,
    };
    expect(orderTimeline(shipped).map((step) => [step.kind, step.done, step.at])).toEqual([
      ['placed', true, base.placedAt],
      ['invoiced', true, invoice.issuedAt],
      ['paid', false, null],
      ['shipped', true, shipped.shippedAt],
    ]);
  });

  it('a paid order has its payment date; a shipped one its shipping date', () => {
    const paid = {
      ...base,
      paid: true,
      paymentStatus: 'paid' as const,
      orderStatus: 'placed' as const,
      paidAt: '2026-11-21T10:00:00.000Z',
    };
    expect(orderTimeline(paid).map((step) => [step.kind, step.done, step.at])).toEqual([
      ['placed', true, base.placedAt],
      ['paid', true, paid.paidAt],
      ['shipped', false, null],
    ]);
    const shipped = {
      ...paid,
      orderStatus: 'shipped' as const,
      shippedAt: '2026-11-22T11:00:00.000Z',
    };
    expect(orderTimeline(shipped)[2]).toEqual({
      kind: 'shipped',
      done: true,
      at: shipped.shippedAt,
    });
  });

  it('a cancelled order stops at cancelled, after paid only when it was paid too late', () => {
    const cancelled = {
      ...base,
      paymentStatus: 'cancelled' as const,
      orderStatus: 'cancelled' as const,
    };
    expect(orderTimeline(cancelled).map((step) => step.kind)).toEqual(['placed', 'cancelled']);
    const refund = {
      ...cancelled,
      paid: true,
      paymentStatus: 'paid' as const,
      paidAt: '2026-11-21T10:00:00.000Z',
    };
    expect(orderTimeline(refund).map((step) => [step.kind, step.done])).toEqual([
      ['placed', true],
      ['paid', true],
      ['cancelled', true],
    ]);
  });
});

describe('orderLinesTitle', () => {
  const line = (productName: string) => ({
    productId: null,
    productName,
    sku: null,
    quantity: 10,
    unitPrice: 1,
    lineTotal: 10,
  });

  it("cuts one product's name as the spec's tables do", () => {
    const order = {
      orderPName: 'ForgeLine M3 ATX Mid-Tower Case',
      lines: [line('ForgeLine M3 ATX Mid-Tower Case')],
    };
    expect(orderLinesTitle(order, previewText)).toBe('ForgeLine ...');
  });

  it('keeps "+ N more" whole for several lines', () => {
    const order = {
      orderPName: 'ForgeLine M3 ATX Mid-Tower Case + 2 more',
      lines: [line('ForgeLine M3 ATX Mid-Tower Case'), line('SFX 600W'), line('Nova')],
    };
    expect(orderLinesTitle(order, previewText)).toBe('ForgeLine ... + 2 more');
  });
});

describe('orderPageMessages', () => {
  it("titles the page with the order's short id", () => {
    expect(orderPageMessages.title('65a1b2c3d4e5f60718293a4b')).toBe('Order 65a1b2…293a4b');
  });
});
