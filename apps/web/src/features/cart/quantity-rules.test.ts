import { b2bMessages, messages, type OrderListLine } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/api-mock';
import { priceOrderList } from './priced-lines';
import { quantityProblem } from './quantity-rules';

const cases = makeProduct({
  _id: 'p1',
  price: 48,
  minquantity: 50,
  increment: 10,
  aqty: 1200,
  priceBreaks: [
    { minQty: 100, price: 45 },
    { minQty: 500, price: 42.5 },
    { minQty: 2000, price: 40 },
  ],
});

describe('quantityProblem', () => {
  it('checks a whole number first, then minimum, pack size and stock', () => {
    expect(quantityProblem('', cases)).toBe('Quantity is required');
    expect(quantityProblem('1e3', cases)).toBe('Quantity must be a whole number');
    expect(quantityProblem('12.5', cases)).toBe('Quantity must be a whole number');
    expect(quantityProblem('0', cases)).toBe(messages.orderMinimum(50));
    expect(quantityProblem('40', cases)).toBe(messages.orderMinimum(50));
    expect(quantityProblem('55', cases)).toBe(b2bMessages.notPackMultiple(10, [50, 60]));
    expect(quantityProblem('1210', cases)).toBe(messages.orderMaximum(1200));
    expect(quantityProblem('60', cases)).toBeUndefined();
    expect(quantityProblem(' 1200 ', cases)).toBeUndefined();
  });

  it('ux 2026-11-28 #37: suggests the nearest quantities allowed, and the minimum for 0', () => {
    expect(quantityProblem('55', cases)).toBe(
      'This product is sold in packs of 10: order 50 or 60',
    );
    expect(quantityProblem('1,005', cases)).toBe(
      'This product is sold in packs of 10: order 1,000 or 1,010',
    );
    expect(quantityProblem('1195', cases)).toBe(
      'This product is sold in packs of 10: order 1,190 or 1,200',
    );
    expect(quantityProblem('0', cases)).toBe('Please order minimum 50');
    expect(quantityProblem('-5', cases)).toBe('Please order minimum 50');
    expect(quantityProblem('1,000', cases)).toBeUndefined();
    expect(quantityProblem('1.000', cases)).toBe(
      'Quantity: “1.000” can be read two ways (1,000 or 1); write 1000 or 1',
    );
  });
});

describe('priceOrderList', () => {
  const psu = makeProduct({ _id: 'p2', name: 'PSU', price: 39.99, minquantity: 10, aqty: 100 });
  const line = (productId: string, quantity: number): OrderListLine => ({
    productId,
    quantity,
    name: `Listed ${productId}`,
  });

  it('prices every line, totals them and names the next reachable break', () => {
    const priced = priceOrderList([line('p1', 90), line('p2', 10)], [cases, psu]);
    expect(priced.blocked).toBeNull();
    expect(priced.totalCents).toBe(90 * 4800 + 10 * 3999);
    expect(priced.pieces).toBe(100);
    expect(priced.lines[0]).toMatchObject({ next: { minQty: 100, price: 45 }, reached: undefined });
    const at500 = priceOrderList([line('p1', 500)], [cases]).lines[0];
    expect(at500).toMatchObject({ reached: { minQty: 500 }, next: undefined });
  });

  it('blocks the checkout for a bad quantity typed, and for a product gone', () => {
    const typed = priceOrderList([line('p1', 60)], [cases], { p1: '45' });
    expect(typed.blocked).toBe('quantities');
    expect(typed.lines[0]?.problem).toBe(messages.orderMinimum(50));

    const empty = priceOrderList([line('p1', 60)], [cases], { p1: '' });
    expect(empty.lines[0]?.price).toBeUndefined();
    expect(empty.totalCents).toBe(0);

    const gone = priceOrderList([line('p1', 60), line('p3', 5)], [cases]);
    expect(gone.blocked).toBe('unavailable');
    expect(gone.lines[1]).toMatchObject({ product: undefined, price: undefined });
    expect(gone.totalCents).toBe(60 * 4800);
  });
});
