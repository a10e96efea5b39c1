import { describe, expect, it } from 'vitest';
import { productInputSchema, reviewCreateSchema } from '../catalog/catalog.js';
import { listQuerySchema, pagedListQuerySchema } from '../lists/list.js';
import { orderCreateSchema } from '../orders/orders.js';

/** What z.coerce turned into numbers, and must not: a list, hex, exponents, booleans, blanks. */
const notWholeNumbers = [[10], '0x0a', '1e1', true, false, null, '10.5', '١٠', '+10', '10abc', {}];

const order = (orderQty: unknown) => ({
  orderProduct: 'p',
  phone: '+1 555 0100',
  address: '1 Main St',
  orderQty,
});
const product = (fields: Record<string, unknown>) => ({
  name: 'Case',
  imgURL: 'https://example.com/a.png',
  price: 12.5,
  aqty: 10,
  minquantity: 2,
  ...fields,
});

describe('whole numbers', () => {
  it('takes a JSON integer or a string of digits', () => {
    expect(orderCreateSchema.parse(order(10)).orderQty).toBe(10);
    expect(orderCreateSchema.parse(order('10')).orderQty).toBe(10);
    expect(orderCreateSchema.parse(order(' 10 ')).orderQty).toBe(10);
    expect(listQuerySchema.parse({ limit: '6' }).limit).toBe(6);
    expect(productInputSchema.parse(product({ aqty: '40', minquantity: '3' }))).toMatchObject({
      aqty: 40,
      minquantity: 3,
    });
  });

  it.each(notWholeNumbers)('refuses the quantity %j with the field message', (value) => {
    const result = orderCreateSchema.safeParse(order(value));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['orderQty']);
    expect(result.error?.issues[0]?.message).toMatch(/^Quantity /);
  });

  it.each(notWholeNumbers)('refuses the limit, page, stock and rating %j', (value) => {
    expect(listQuerySchema.safeParse({ limit: value }).success).toBe(false);
    expect(pagedListQuerySchema.safeParse({ page: value }).success).toBe(false);
    expect(productInputSchema.safeParse(product({ aqty: value })).success).toBe(false);
    const rating = reviewCreateSchema.safeParse({ rating: value, review: 'x'.repeat(60) });
    expect(rating.success).toBe(false);
  });

  it('keeps the required and bound messages', () => {
    expect(orderCreateSchema.safeParse(order(undefined)).error?.issues[0]?.message).toBe(
      'Quantity is required',
    );
    expect(orderCreateSchema.safeParse(order('0')).error?.issues[0]?.message).toBe(
      'Quantity must be at least 1',
    );
    expect(orderCreateSchema.safeParse(order('-3')).error?.issues[0]?.message).toBe(
      'Quantity must be at least 1',
    );
  });
});

describe('money', () => {
  it('takes a decimal string where money is meant', () => {
    expect(productInputSchema.parse(product({ price: '12.50' })).price).toBe(12.5);
    expect(productInputSchema.parse(product({ price: '7' })).price).toBe(7);
  });

  it('reads a price as people type it: "12,50" and "1,250.00"', () => {
    expect(productInputSchema.parse(product({ price: '12,50' })).price).toBe(12.5);
    expect(productInputSchema.parse(product({ price: '1,250.00' })).price).toBe(1250);
  });

  it.each(['0x0c', '1.25e1', [12], true, '12,5,0', 'Infinity'])('refuses the price %j', (price) => {
    const result = productInputSchema.safeParse(product({ price }));
    expect(result.error?.issues[0]?.message).toBe('Price must be a number');
  });
});

describe('paged lists', () => {
  it('defaults to the first page of 100', () => {
    expect(pagedListQuerySchema.parse({})).toEqual({ limit: 100, page: 1 });
    expect(pagedListQuerySchema.parse({ limit: '5', page: '3' })).toEqual({ limit: 5, page: 3 });
  });
});
