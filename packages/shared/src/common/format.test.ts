import { describe, expect, it } from 'vitest';
import { cutOrderId, previewText } from './cut-text.js';
import { formatNumber, formatPrice, formatQuantity } from './format.js';
import { madeOnFirstUse } from './made-on-first-use.js';
import { formatMoney } from './money.js';

describe('previewText', () => {
  it('cuts table text to 10 characters plus an ellipsis', () => {
    expect(previewText('PowerCore 750W Gold')).toBe('PowerCore ...');
    expect(previewText('Short name')).toBe('Short name');
    expect(previewText('')).toBe('');
  });
});

describe('cutOrderId', () => {
  it('drops the first 5 and the last 15 characters', () => {
    expect(cutOrderId('6b025e28738bf24451312e42')).toBe('e287');
    expect(cutOrderId('abc')).toBe('');
  });
});

describe('formatPrice', () => {
  it('shows dollars with the $ sign, cents only when there are some', () => {
    expect(formatPrice(48)).toBe('$48');
    expect(formatPrice(74.5)).toBe('$74.50');
    expect(formatPrice(1250)).toBe('$1,250');
    expect(formatPrice(-0)).toBe('$0');
    expect(formatPrice(0.99)).toBe('$0.99');
  });
});

describe('numbers written by hand (issue 33: no Intl formatter while a page wakes up)', () => {
  const intl = {
    price: (n: number) =>
      `$${new Intl.NumberFormat('en-US', Number.isInteger(n) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`,
    money: (n: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n),
    quantity: (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n),
  };
  // Halves, near-halves that binary cannot hold (1.005), groups, signs, and a seeded spread.
  let seed = 33;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const values = [
    0,
    1,
    12,
    999,
    1000,
    1234.5,
    1000000,
    49.5,
    0.005,
    0.015,
    1.005,
    2.675,
    999.995,
    1234567.891,
    -0.5,
    -12,
    -1234.565,
    0.125,
    10.5,
    11.5,
    -2.5,
    123456789,
    ...Array.from(
      { length: 2000 },
      () =>
        (Math.round(random() * 10 ** (1 + Math.floor(random() * 9))) /
          10 ** Math.floor(random() * 4)) *
        (random() < 0.2 ? -1 : 1),
    ),
  ];

  it('writes every price, amount and quantity exactly as Intl.NumberFormat("en-US") does', () => {
    // -0 is the one number written otherwise: "0", not Intl's "-0".
    for (const value of values.map((v) => (Object.is(v, -0) ? 0 : v))) {
      expect(formatPrice(value), String(value)).toBe(intl.price(value));
      expect(formatMoney(value), String(value)).toBe(intl.money(value));
      expect(formatQuantity(value), String(value)).toBe(intl.quantity(value));
    }
  });

  it('groups thousands and keeps the places asked for', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatQuantity(1200)).toBe('1,200');
    expect(formatMoney(-12)).toBe('-$12.00');
    expect(formatPrice(1250)).toBe('$1,250');
    expect(formatPrice(-0)).toBe('$0');
  });

  it('makes a formatter once, on first use', () => {
    let made = 0;
    const format = madeOnFirstUse(() => {
      made += 1;
      return new Intl.NumberFormat('en-US');
    });
    expect(made).toBe(0);
    expect(format().format(1000)).toBe('1,000');
    format();
    expect(made).toBe(1);
  });
});
