import { MAX_ORDER_LINES, ORDER_LIST_STORAGE_KEY } from '@shop/shared';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToOrderList, setOrderListQuantity } from './order-list-actions';
import {
  getOrderList,
  parseOrderList,
  removeFromOrderList,
  useOrderList,
} from './order-list-store';

const product = (n: number) => ({ _id: `p${n}`, name: `Product ${n}` });
const stored = () => JSON.parse(localStorage.getItem(ORDER_LIST_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());

describe('the order list store', () => {
  it('adds products, raises the quantity of one already listed, and keeps them in localStorage', () => {
    expect(addToOrderList(product(1), 50)).toEqual({ status: 'added', quantity: 50 });
    expect(addToOrderList(product(2), 10)).toEqual({ status: 'added', quantity: 10 });
    expect(addToOrderList(product(1), 25)).toEqual({ status: 'raised', quantity: 75 });
    expect(getOrderList()).toEqual([
      { productId: 'p1', quantity: 75, name: 'Product 1' },
      { productId: 'p2', quantity: 10, name: 'Product 2' },
    ]);
    expect(stored()).toEqual(getOrderList());
  });

  it('returns the same array while nothing changed (useSyncExternalStore needs it)', () => {
    addToOrderList(product(1), 5);
    expect(getOrderList()).toBe(getOrderList());
  });

  it(`holds at most ${MAX_ORDER_LINES} products, but still raises a listed one`, () => {
    for (let n = 0; n < MAX_ORDER_LINES; n += 1) addToOrderList(product(n), 1);
    expect(addToOrderList(product(999), 1)).toEqual({ status: 'full' });
    expect(getOrderList()).toHaveLength(MAX_ORDER_LINES);
    expect(addToOrderList(product(0), 1)).toEqual({ status: 'raised', quantity: 2 });
  });

  it('refuses quantities it could not keep', () => {
    expect(addToOrderList(product(1), 0)).toEqual({ status: 'invalid' });
    expect(addToOrderList(product(1), 1.5)).toEqual({ status: 'invalid' });
    addToOrderList(product(1), 10);
    setOrderListQuantity('p1', -3);
    setOrderListQuantity('p1', 10_000_000);
    expect(getOrderList()[0]?.quantity).toBe(10);
    setOrderListQuantity('p1', 40);
    expect(getOrderList()[0]?.quantity).toBe(40);
  });

  it('removes only the given products; an empty list leaves nothing stored', () => {
    addToOrderList(product(1), 1);
    addToOrderList(product(2), 2);
    addToOrderList(product(3), 3);
    removeFromOrderList(['p1', 'p3']);
    expect(getOrderList().map((line) => line.productId)).toEqual(['p2']);
    removeFromOrderList(['p2']);
    expect(getOrderList()).toEqual([]);
    expect(localStorage.getItem(ORDER_LIST_STORAGE_KEY)).toBeNull();
  });

  it('tolerates corrupt storage: bad JSON, another shape, bad lines, a product twice', () => {
    expect(parseOrderList('{not json')).toEqual([]);
    expect(parseOrderList('{"productId":"p1"}')).toEqual([]);
    expect(parseOrderList(null)).toEqual([]);
    expect(
      parseOrderList(
        JSON.stringify([
          { productId: 'p1', quantity: 5, name: 'One' },
          { productId: 'p2', quantity: 'many', name: 'Two' },
          { productId: 'p3', quantity: 0, name: 'Three' },
          null,
          { productId: 'p1', quantity: 9, name: 'One again' },
          { productId: 'p4', quantity: 2, name: 'Four' },
        ]),
      ),
    ).toEqual([
      { productId: 'p1', quantity: 5, name: 'One' },
      { productId: 'p4', quantity: 2, name: 'Four' },
    ]);
    localStorage.setItem(ORDER_LIST_STORAGE_KEY, '][');
    expect(getOrderList()).toEqual([]);
    // Adding to a corrupt list starts a good one.
    addToOrderList(product(1), 3);
    expect(stored()).toEqual([{ productId: 'p1', quantity: 3, name: 'Product 1' }]);
  });

  it('ignores what another version of the shop stored under another key', () => {
    localStorage.setItem('caseforge.order-list.v0', JSON.stringify([{ id: 'p1', qty: 5 }]));
    expect(getOrderList()).toEqual([]);
  });

  it('re-renders on its own changes and on another tab’s (the storage event)', () => {
    const { result } = renderHook(() => useOrderList());
    expect(result.current).toEqual([]);
    act(() => {
      addToOrderList(product(1), 5);
    });
    expect(result.current).toEqual([{ productId: 'p1', quantity: 5, name: 'Product 1' }]);

    // Another tab writes localStorage; this tab only hears of it through the storage event.
    act(() => {
      localStorage.setItem(
        ORDER_LIST_STORAGE_KEY,
        JSON.stringify([{ productId: 'p9', quantity: 7, name: 'From another tab' }]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: ORDER_LIST_STORAGE_KEY }));
    });
    expect(result.current).toEqual([{ productId: 'p9', quantity: 7, name: 'From another tab' }]);

    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toEqual([]);
  });
});
