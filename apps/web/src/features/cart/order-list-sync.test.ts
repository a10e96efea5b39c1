import { ORDER_LIST_STORAGE_KEY, type SavedOrderList } from '@shop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-mock';
import { startOrderListSync } from './order-list-sync';
import { getOrderList, writeOrderList } from './order-list-store';

const A = '65a1b2c3d4e5f60718293a01';
const B = '65a1b2c3d4e5f60718293a02';
const C = '65a1b2c3d4e5f60718293a03';
const line = (productId: string, quantity: number) => ({ productId, quantity, name: productId });

const saved = (
  lines: ReturnType<typeof line>[],
  updatedAt = '2026-11-26T10:00:00.000Z',
): SavedOrderList => ({
  _id: '65a1b2c3d4e5f60718293aff',
  name: 'Order list',
  isDefault: true,
  lines,
  createdAt: '2026-11-26T09:00:00.000Z',
  updatedAt,
});

/** The bodies of the PUTs the sync sent, in order. */
const puts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as { lines: unknown[] });

describe('the signed-in order list kept on the server', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    localStorage.clear();
    writeOrderList([]);
  });
  afterEach(() => {
    stop?.();
    vi.unstubAllGlobals();
  });

  it('merges the browser list into the saved one at sign-in (the larger quantity) and saves it', async () => {
    writeOrderList([line(B, 12), line(C, 3)]);
    const fetch = stubApi({
      'GET /api/order-lists': () => json([saved([line(A, 10), line(B, 6)])]),
      'PUT /api/order-lists/65a1b2c3d4e5f60718293aff': (init) =>
        json({ modifiedCount: 1, list: saved(JSON.parse(String(init?.body)).lines, 'later') }),
    });
    stop = startOrderListSync();
    await vi.waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(getOrderList().map((l) => [l.productId, l.quantity])).toEqual([
      [A, 10],
      [B, 12],
      [C, 3],
    ]);
    expect(puts(fetch)[0]!.lines).toEqual([
      { productId: A, quantity: 10 },
      { productId: B, quantity: 12 },
      { productId: C, quantity: 3 },
    ]);

    // A change in this tab is saved; stopped (LogOut), emptying the list saves nothing.
    writeOrderList([line(A, 20)]);
    await vi.waitFor(() => expect(puts(fetch)).toHaveLength(2));
    expect(puts(fetch)[1]!.lines).toEqual([{ productId: A, quantity: 20 }]);
    stop();
    writeOrderList([]);
    await Promise.resolve();
    expect(puts(fetch)).toHaveLength(2);
  });

  it('creates the saved order list from the browser one when there is none', async () => {
    writeOrderList([line(A, 5)]);
    const fetch = stubApi({
      'GET /api/order-lists': () => json([]),
      'POST /api/order-lists': (init) =>
        json({ insertedId: 'x', list: saved(JSON.parse(String(init?.body)).lines) }, 201),
    });
    stop = startOrderListSync();
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      name: 'Order list',
      lines: [{ productId: A, quantity: 5 }],
      isDefault: true,
    });
    expect(puts(fetch)).toHaveLength(0);
  });

  it("never saves another tab's change (a LogOut there empties the list)", async () => {
    const fetch = stubApi({
      'GET /api/order-lists': () => json([saved([line(A, 5)])]),
      'PUT /api/order-lists/65a1b2c3d4e5f60718293aff': (init) =>
        json({ modifiedCount: 1, list: saved(JSON.parse(String(init?.body)).lines, 'later') }),
    });
    stop = startOrderListSync();
    // Signed in on a browser with an empty list: the saved one shows.
    await vi.waitFor(() => expect(getOrderList()).toHaveLength(1));
    // Another tab empties the list: the storage event reaches this tab, which saves nothing;
    // its own next change is the first thing it saves.
    localStorage.removeItem(ORDER_LIST_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: ORDER_LIST_STORAGE_KEY }));
    writeOrderList([line(B, 2)]);
    await vi.waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(puts(fetch)[0]!.lines).toEqual([{ productId: B, quantity: 2 }]);
  });

  it('keeps a product the server no longer knows in the browser, and saves the rest', async () => {
    writeOrderList([line(A, 5), line(B, 3)]);
    const fetch = stubApi({
      'GET /api/order-lists': () => json([saved([])]),
      'PUT /api/order-lists/65a1b2c3d4e5f60718293aff': (init) => {
        const body = JSON.parse(String(init?.body)) as { lines: { productId: string }[] };
        const at = body.lines.findIndex((one) => one.productId === B);
        return at >= 0
          ? json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Unknown product',
                  fields: { [`lines.${at}.productId`]: 'Unknown product' },
                },
              },
              400,
            )
          : json({ modifiedCount: 1, list: saved(body.lines as never, 'later') });
      },
    });
    stop = startOrderListSync();
    await vi.waitFor(() => expect(puts(fetch)).toHaveLength(2));
    expect(puts(fetch)[1]!.lines).toEqual([{ productId: A, quantity: 5 }]);
    // Shown as no longer available until the buyer removes it.
    expect(getOrderList().map((l) => l.productId)).toEqual([A, B]);
  });
});
