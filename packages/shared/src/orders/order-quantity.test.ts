import { describe, expect, it } from 'vitest';
import { MAX_ORDER_QUANTITY, readOrderQuantity } from './order-quantity.js';
import { orderQuantityField } from './orders.js';

describe('readOrderQuantity (the product page reads a typed quantity without zod)', () => {
  // What buyers type, what they mistype, the bounds and both sides of them.
  const typed = [
    '',
    ' ',
    '1',
    '  12 ',
    '0',
    '-5',
    '1,000',
    '1 000',
    '1.000',
    '2.500',
    '2,500',
    '2,5',
    '10.0',
    '1e3',
    '0x10',
    '+1',
    'abc',
    '12abc',
    String(MAX_ORDER_QUANTITY),
    String(MAX_ORDER_QUANTITY + 1),
    '1,000,000',
    '1,000,001',
    '99999999999999999999',
    '9007199254740993',
    '1.5',
    '-0',
    '007',
    '1,00',
    '12,345,678',
    ' 1 ',
    '١٢',
    '１２',
  ];

  it('answers every typed quantity as the order schema does, with the same words', () => {
    for (const text of typed) {
      const parsed = orderQuantityField.safeParse(text);
      const expected = parsed.success
        ? { quantity: parsed.data }
        : { problem: parsed.error.issues[0]?.message };
      expect(readOrderQuantity(text), JSON.stringify(text)).toEqual(expected);
    }
  });
});
