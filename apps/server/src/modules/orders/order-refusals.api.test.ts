import {
  apiErrorSchema,
  orderCreatedSchema,
  orderRefusals,
  refusalOf,
  type OrderAction,
} from '@shop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';

/**
 * A refusal is written in one place, the table beside the order states (@shop/shared
 * `orderRefusals`), and the API answers it from there: a refusal changed in that table is the
 * API's answer, with no other change (issue 34). The web reads the same table
 * (my-orders.test.tsx: 'reads why an order cannot be paid from the state table').
 */
describe.each(testDatabases)('order refusals from the state table on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;
  let productId: string;

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app);
    productId = await insertProduct(shop.db, { stock: 1_000 });
  });

  const errorOf = (res: LightMyRequestResponse) => apiErrorSchema.parse(res.json()).error;
  const place = async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: {
        lines: [{ productId, quantity: 2 }],
        phone: '+1 555 0100',
        address: '1 Main St, Springfield',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderCreatedSchema.parse(res.json()).order;
  };
  const markPaid = (id: string) =>
    shop.app.inject({ method: 'PUT', url: `/api/order/${id}`, headers: bearer(admin.token) });
  const ship = (id: string) =>
    shop.app.inject({ method: 'PUT', url: `/api/ship/${id}`, headers: bearer(admin.token) });

  /** Runs `work` with `action`'s refusals replaced, then puts the table back. */
  async function withRefusals(
    action: OrderAction,
    rules: (typeof orderRefusals)[OrderAction],
    work: () => Promise<void>,
  ) {
    const table = orderRefusals as Record<OrderAction, (typeof orderRefusals)[OrderAction]>;
    const before = table[action];
    table[action] = rules;
    try {
      await work();
    } finally {
      table[action] = before;
    }
  }

  it("answers the table's refusal, and a refusal changed in the table, with its code and words", async () => {
    const order = await place();
    const unpaid = await ship(order._id);
    expect(unpaid.statusCode).toBe(409);
    const shipRefusal = refusalOf('ship', { payment_status: 'pending', order_status: 'pending' });
    expect(errorOf(unpaid)).toEqual(shipRefusal);
    expect(shipRefusal?.code).toBe('order_not_paid');

    expect((await markPaid(order._id)).statusCode).toBe(200);
    const again = await markPaid(order._id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('order_already_paid');

    // The same refusal, written differently in the one table: the API follows.
    await withRefusals(
      'markPaid',
      [{ when: {}, code: 'conflict', message: 'Paid already: see the order page.' }],
      async () => {
        const changed = await markPaid(order._id);
        expect(changed.statusCode).toBe(409);
        expect(errorOf(changed)).toEqual({
          code: 'conflict',
          message: 'Paid already: see the order page.',
        });
      },
    );
    expect(errorOf(await markPaid(order._id)).code).toBe('order_already_paid');
  });
});
