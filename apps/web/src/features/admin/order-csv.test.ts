import { adminCsvColumns } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../test/api-mock';
import { orderCsvColumns, orderCsvRows } from './order-csv';

const cell = (order: ReturnType<typeof makeOrder>, key: keyof typeof adminCsvColumns.orders) => {
  const column = orderCsvColumns.find((one) => one.header === adminCsvColumns.orders[key]);
  const [row] = orderCsvRows(order);
  if (!column || !row) throw new Error(`no ${key}`);
  return column.value(row);
};

describe('the orders CSV', () => {
  it('ux 2026-11-28 #16: fills Company and VAT of an invoice on account the order kept no billing for', () => {
    const order = makeOrder({
      companyId: 'c1',
      paymentStatus: 'invoiced',
      orderStatus: 'placed',
      invoice: {
        number: '2026-000001',
        issuedAt: '2026-11-28T10:00:00.000Z',
        dueAt: '2026-12-28T10:00:00.000Z',
        amountDue: 480,
        onAccount: { termsDays: 30, companyName: 'Acme Systems GmbH', vatId: 'DE123456789' },
      },
    });
    expect(cell(order, 'company')).toBe('Acme Systems GmbH');
    expect(cell(order, 'vatNumber')).toBe('DE123456789');
  });

  it('a member order billed to its company, and a lone customer’s billing as given', () => {
    const member = makeOrder({
      companyId: 'c1',
      billing: { company: 'Acme Systems GmbH', vatNumber: 'DE123456789', address: 'AP\nStuttgart' },
    });
    expect(cell(member, 'company')).toBe('Acme Systems GmbH');
    expect(cell(member, 'billingAddress')).toBe('AP\nStuttgart');
    const loner = makeOrder();
    expect(cell(loner, 'company')).toBeNull();
    expect(cell(loner, 'billingAddress')).toBe(loner.address);
  });
});
