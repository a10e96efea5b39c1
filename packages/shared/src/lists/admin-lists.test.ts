import { describe, expect, it } from 'vitest';
import {
  adminListMessages,
  adminListNouns,
  csvFileName,
  csvTime,
  orderLinesSummary,
  priceBreaksCell,
  specsCell,
} from './admin-lists.js';

describe('admin list texts', () => {
  const orders = adminListNouns.orders;

  it('counts in words, one or many', () => {
    expect(adminListMessages.total(1, orders)).toBe('1 order');
    expect(adminListMessages.total(0, orders)).toBe('0 orders');
    expect(adminListMessages.total(1312, orders)).toBe('1,312 orders');
  });

  it('says which page of how many, an empty list being page 1 of 1', () => {
    expect(adminListMessages.pageOf(2, 14)).toBe('Page 2 of 14');
    expect(adminListMessages.pageOf(1, 0)).toBe('Page 1 of 1');
  });

  it('says what matched nothing', () => {
    expect(adminListMessages.noMatch(orders, 'x')).toBe('No orders match "x"');
    expect(adminListMessages.noMatch(orders, undefined, 'shipped')).toBe('No shipped orders');
    expect(adminListMessages.noMatch(orders, 'x', 'shipped')).toBe('No shipped orders match "x"');
  });
});

describe('CSV helpers', () => {
  it('names the file by what and the day', () => {
    expect(csvFileName('orders', new Date(2026, 10, 5, 23, 59))).toBe('orders-2026-11-05.csv');
  });

  it("sums an order's lines up in one cell", () => {
    expect(
      orderLinesSummary([
        { productName: 'ForgeLine M3', quantity: 10 },
        { productName: 'Nova ITX', quantity: 4 },
      ]),
    ).toBe('10 × ForgeLine M3; 4 × Nova ITX');
  });

  it('writes a time as a spreadsheet reads it, and nothing for none', () => {
    expect(csvTime('2026-11-25T10:44:39.123Z')).toBe('2026-11-25 10:44:39');
    expect(csvTime(null)).toBe('');
  });
});

describe('product cells of the CSV export (defect 16)', () => {
  it('writes price breaks as "min qty: USD each" and specs as "name: value", "; " between', () => {
    expect(
      priceBreaksCell([
        { minQty: 100, price: 45 },
        { minQty: 500, price: 42.5 },
      ]),
    ).toBe('100: 45.00; 500: 42.50');
    expect(priceBreaksCell([])).toBe('');
    expect(
      specsCell([
        { name: 'Form factor', value: 'ATX' },
        { name: 'Fans', value: '3' },
      ]),
    ).toBe('Form factor: ATX; Fans: 3');
  });
});
