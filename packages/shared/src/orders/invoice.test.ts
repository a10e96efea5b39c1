import { describe, expect, it } from 'vitest';
import {
  formatInvoiceNumber,
  invoiceDocumentKind,
  invoiceFileName,
  invoiceTaxOf,
} from './invoice.js';

describe('invoice tax (included in the prices, rounded once on the total, halves up)', () => {
  it('states no tax at 0%: the subtotal is the total', () => {
    expect(invoiceTaxOf(19_400, 0)).toEqual({
      subtotalCents: 19_400,
      taxCents: 0,
      totalCents: 19_400,
    });
  });

  it.each([
    // total, rate, tax: total x rate / (100 + rate)
    [11_900, 19, 1_900], // exact
    [19_400, 19, 3_097], // 3,097.48 down
    [10_000, 19, 1_597], // 1,596.64 up
    [1, 100, 1], // 0.5: half up
    [3, 100, 2], // 1.5: half up
    [10_725, 7.25, 725], // two decimals: 725.0
    [99_999_999, 19, 15_966_386], // the largest order: 15,966,386.39, no float error
  ])('%i cents at %d%% carry %i cents of tax; subtotal + tax = total', (total, rate, tax) => {
    const amounts = invoiceTaxOf(total, rate);
    expect(amounts.taxCents).toBe(tax);
    expect(amounts.subtotalCents + amounts.taxCents).toBe(total);
    expect(amounts.totalCents).toBe(total);
  });
});

describe('invoice numbers and documents', () => {
  it('numbers invoices per year with six digits', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('2026-000001');
    expect(formatInvoiceNumber(2027, 123_456)).toBe('2027-123456');
  });

  const invoice = { number: '2026-000042', issuedAt: '', dueAt: '', amountDue: 0 };
  it('gives a paid order its invoice, an unpaid one a pro-forma, a cancelled one nothing', () => {
    const paid = { orderNumber: 'CF-10042', paid: true, paymentStatus: 'paid', invoice };
    const unpaid = {
      orderNumber: 'CF-10042',
      paid: false,
      paymentStatus: 'pending',
      invoice: null,
    };
    const cancelled = {
      orderNumber: 'CF-10042',
      paid: false,
      paymentStatus: 'cancelled',
      invoice: null,
    };
    expect(invoiceDocumentKind(paid)).toBe('invoice');
    expect(invoiceDocumentKind(unpaid)).toBe('pro-forma');
    expect(invoiceDocumentKind(cancelled)).toBe('none');
    expect(invoiceFileName(paid)).toBe('invoice-2026-000042.pdf');
    expect(invoiceFileName(unpaid)).toBe('pro-forma-CF-10042.pdf');
  });
});
