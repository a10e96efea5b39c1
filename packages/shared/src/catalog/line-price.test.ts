import { describe, expect, it } from 'vitest';
import { linePrice } from './line-price.js';

const cases = {
  price: 48,
  priceBreaks: [
    { minQty: 100, price: 45 },
    { minQty: 500, price: 42.5 },
    { minQty: 2000, price: 40 },
  ],
};

describe('linePrice', () => {
  it('earns the largest break reached, computed in cents', () => {
    expect(linePrice(cases, 50)).toEqual({ unitPrice: 48, lineTotal: 2400, lineCents: 240_000 });
    expect(linePrice(cases, 100)).toMatchObject({ unitPrice: 45, lineTotal: 4500 });
    expect(linePrice(cases, 510)).toMatchObject({ unitPrice: 42.5, lineTotal: 21_675 });
  });

  it('keeps a price of cents whole: 3 at $39.99 is $119.97, not a float', () => {
    expect(linePrice({ price: 39.99, priceBreaks: [] }, 3)).toEqual({
      unitPrice: 39.99,
      lineTotal: 119.97,
      lineCents: 11_997,
    });
  });
});
