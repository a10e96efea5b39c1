import { describe, expect, it } from 'vitest';
import { orderLimitField } from '../companies/companies.js';
import { invoicePaymentInputSchema, termsInputSchema } from '../companies/on-account.js';
import { orderCreateSchema } from '../orders/orders.js';
import { readTypedNumber, typedNumberMessages } from './typed-number.js';

/** ux 2026-11-28 #5, #18: what is read, and as what. */
const read: [string, number][] = [
  ['1000', 1000],
  [' 1000 ', 1000],
  ['007', 7],
  ['12.50', 12.5],
  ['2.5', 2.5],
  ['0.500', 0.5],
  ['1234.567', 1234.567],
  ['1,000', 1000],
  ['2,000', 2000],
  ['2,500', 2500],
  ['1,000,000', 1_000_000],
  ['1 000', 1000],
  ['1\u00A0000', 1000],
  ['1\u202F000\u202F000', 1_000_000],
  ['1.000.000', 1_000_000],
  ['1.234.567', 1_234_567],
  ['2,5', 2.5],
  ['12,50', 12.5],
  ['0,5', 0.5],
  ['1.234,56', 1234.56],
  ['1.234.567,8', 1_234_567.8],
  ['1 234,56', 1234.56],
  ['1,234.56', 1234.56],
  ['1,234,567.5', 1_234_567.5],
  ['1 234.5', 1234.5],
  ['-1,000', -1000],
  ['-2,5', -2.5],
  ['-0', 0],
];

/** Read two ways: refused, never one of them silently. */
const ambiguous: [string, [number, number]][] = [
  ['2.500', [2500, 2.5]],
  ['1.000', [1000, 1]],
  ['999.999', [999_999, 999.999]],
  ['-2.500', [-2500, -2.5]],
];

const malformed = [
  '',
  '   ',
  '1,00,0',
  '1,00,000',
  '1,0000,000',
  '1,000.000,5',
  '1.000,000.5',
  '1,000 000',
  '1.5.2026',
  '1,000.',
  '01,000',
  '1  000',
  '1e3',
  '1E3',
  '1.25e1',
  '0x10',
  '0b11',
  '+5',
  '.5',
  ',5',
  '5.',
  '5,',
  '--5',
  '5-',
  'Infinity',
  'NaN',
  '$100',
  '100 pcs',
  '١٠',
  '１０',
  '1_000',
  "1'000",
  '9'.repeat(41),
];

describe('readTypedNumber (issue 33 point 6)', () => {
  it.each(read)('reads %j as %d', (typed, value) => {
    expect(readTypedNumber(typed)).toEqual({ ok: true, value });
  });

  it.each(ambiguous)('refuses %j as ambiguous: %j', (typed, readings) => {
    expect(readTypedNumber(typed)).toEqual({ ok: false, reason: 'ambiguous', readings });
  });

  it.each(malformed)('refuses %j as malformed', (typed) => {
    expect(readTypedNumber(typed)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads no decimal part where a count is meant', () => {
    expect(readTypedNumber('1,000', { whole: true })).toEqual({ ok: true, value: 1000 });
    expect(readTypedNumber('1 000 000', { whole: true })).toEqual({ ok: true, value: 1_000_000 });
    for (const typed of ['2,5', '10.0', '1.234,5', '1,000.5']) {
      expect(readTypedNumber(typed, { whole: true })).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(readTypedNumber('2.500', { whole: true })).toMatchObject({ reason: 'ambiguous' });
  });

  it('says how to write an ambiguous number, naming the field', () => {
    expect(typedNumberMessages.ambiguous('Order limit', ' 2.500 ', [2500, 2.5])).toBe(
      'Order limit: “2.500” can be read two ways (2,500 or 2.5); write 2500 or 2.5',
    );
  });
});

describe('the number fields read it (ux 2026-11-28 #5)', () => {
  const order = (orderQty: unknown) => ({
    orderProduct: 'p',
    phone: '+1 555 0100',
    address: '1 Main St',
    orderQty,
  });

  it('takes an order limit typed with separators', () => {
    expect(orderLimitField.parse('2,000')).toBe(2000);
    expect(orderLimitField.parse('2.000,50')).toBe(2000.5);
    expect(orderLimitField.parse(null)).toBeNull();
    expect(orderLimitField.parse(1500)).toBe(1500);
  });

  it('never saves "2.500" as $2.50: the field says it can be read two ways', () => {
    const result = orderLimitField.safeParse('2.500');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Order limit: “2.500” can be read two ways (2,500 or 2.5); write 2500 or 2.5',
    ]);
  });

  it('names each field in its messages', () => {
    const terms = termsInputSchema.safeParse({ days: 30, creditLimit: '10.000' });
    expect(terms.error?.issues[0]?.message).toMatch(/^Credit limit: “10.000” can be read two ways/);
    expect(termsInputSchema.parse({ days: '30', creditLimit: '10,000' })).toMatchObject({
      creditLimit: 10_000,
    });
    const payment = invoicePaymentInputSchema.safeParse({
      amount: '1,00,0',
      reference: 'x',
      receivedAt: '2026-11-28',
    });
    expect(payment.error?.issues[0]?.message).toBe('Amount must be a number of dollars');
    expect(orderCreateSchema.parse(order('1,000')).orderQty).toBe(1000);
    expect(orderCreateSchema.safeParse(order('1.000')).error?.issues[0]?.message).toBe(
      'Quantity: “1.000” can be read two ways (1,000 or 1); write 1000 or 1',
    );
    expect(orderCreateSchema.safeParse(order('2,5')).error?.issues[0]?.message).toBe(
      'Quantity must be a whole number',
    );
  });
});
