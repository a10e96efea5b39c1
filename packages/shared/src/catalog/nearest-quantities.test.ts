import { describe, expect, it } from 'vitest';
import { formatQuantity } from '../common/format.js';
import { b2bMessages, nearestQuantities, quantityIssue } from './b2b-rules.js';

/** The M3 case of the walk: minimum 50, packs of 10, 1,100 in stock. */
const m3 = { minquantity: 50, increment: 10, aqty: 1100 };

describe('ux 2026-11-28 #37: the nearest quantities a pack rule allows', () => {
  it.each([
    [55, [50, 60]],
    [65, [60, 70]],
    [0, [50]],
    [40, [50]],
    [50, [50]],
    [1095, [1090, 1100]],
    [1105, [1100]],
    [5000, [1100]],
  ])('%d: %j', (quantity, nearest) => {
    expect(nearestQuantities(m3, quantity)).toEqual(nearest);
  });

  it('has none when the stock cannot cover the minimum', () => {
    expect(nearestQuantities({ minquantity: 50, increment: 10, aqty: 40 }, 45)).toEqual([]);
  });

  it('names them in the refusal the server and the pages share', () => {
    expect(quantityIssue(m3, 55)).toEqual({
      code: 'not_pack_multiple',
      message: 'This product is sold in packs of 10: order 50 or 60',
    });
    expect(quantityIssue({ ...m3, aqty: 3000 }, 1005)?.message).toBe(
      'This product is sold in packs of 10: order 1,000 or 1,010',
    );
    expect(b2bMessages.notPackMultiple(5)).toBe(
      'This product is sold in packs of 5: order a multiple of 5',
    );
  });

  it('formats quantities one way (ux 2026-11-28 #33)', () => {
    expect([0, 7, 1000, 2500, 1_000_000].map(formatQuantity)).toEqual([
      '0',
      '7',
      '1,000',
      '2,500',
      '1,000,000',
    ]);
  });
});
