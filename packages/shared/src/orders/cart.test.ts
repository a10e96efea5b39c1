import { describe, expect, it } from 'vitest';
import { cartMessages } from './cart-messages.js';
import { isOrderListLine, orderListLinkMessages } from './cart.js';

describe('isOrderListLine', () => {
  it('takes a stored line of this version and nothing else', () => {
    expect(isOrderListLine({ productId: 'p1', quantity: 20, name: 'Case' })).toBe(true);
    for (const value of [
      null,
      'p1',
      [],
      { productId: '', quantity: 20, name: 'Case' },
      { productId: 'x'.repeat(65), quantity: 20, name: 'Case' },
      { productId: 'p1', quantity: 0, name: 'Case' },
      { productId: 'p1', quantity: 2.5, name: 'Case' },
      { productId: 'p1', quantity: '20', name: 'Case' },
      { productId: 'p1', quantity: Number.MAX_SAFE_INTEGER + 1, name: 'Case' },
      { productId: 'p1', quantity: 20 },
      { productId: 'p1', quantity: 20, name: 'x'.repeat(501) },
    ]) {
      expect(isOrderListLine(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('the order list texts', () => {
  it('name the link with its count, never with the word "products"', () => {
    expect(orderListLinkMessages.label(0)).toBe('Order list, 0 items');
    expect(orderListLinkMessages.label(1)).toBe('Order list, 1 item');
    expect(orderListLinkMessages.label(1200)).toBe('Order list, 1,200 items');
    expect(orderListLinkMessages.label(2)).not.toMatch(/products/i);
  });

  it('say how many more the stock allows, never fewer than none', () => {
    expect(cartMessages.moreThanStock(180, 200)).toBe(
      'You already have 180 in your order list: at most 20 more can be added',
    );
    expect(cartMessages.moreThanStock(250, 200)).toMatch(/at most 0 more/);
    expect(cartMessages.listFull(50)).toMatch(/already has 50 products/);
  });
});
