import { apiErrorSchema, orderCreatedSchema, stockMessages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  stockIn,
  type TestAccount,
} from '../../test/factories.js';

/**
 * Issue 12: a product whose stock is below its minimum order cannot be ordered at all. The
 * customer is told so, instead of 'Please order maximum 40' (which is below the minimum) or
 * 'Please order minimum 50' (which is above the stock).
 */
describe.each(testDatabases)('out of stock for the minimum on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let customer: TestAccount;
  let another: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
    customer = await registerAccount(app);
    another = await registerAccount(app);
    admin = await registerAdmin(app, db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const place = (account: TestAccount | undefined, productId: string, orderQty: number) =>
    app.inject({
      method: 'POST',
      url: '/api/order',
      headers: account ? bearer(account.token) : {},
      payload: { orderProduct: productId, phone: '+1 555 0100', address: '1 Main St', orderQty },
    });

  const ordersOf = (productId: string) =>
    db.kysely.selectFrom('orders').select('id').where('product_id', '=', productId).execute();

  it.each([
    ['the minimum', 50],
    ['what is left', 40],
    ['less than what is left', 10],
    ['more than the minimum', 60],
  ])('refuses %s with 409 out_of_stock_for_minimum, changing nothing', async (_label, qty) => {
    const productId = await insertProduct(db, { stock: 40, minimum: 50 });
    const res = await place(customer, productId, qty);
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).error).toEqual({
      code: 'out_of_stock_for_minimum',
      message: 'Not enough stock for the minimum order of 50',
      fields: { orderQty: 'Not enough stock for the minimum order of 50' },
    });
    expect(await stockIn(db, productId)).toBe(40);
    expect(await ordersOf(productId)).toHaveLength(0);
  });

  it('refuses every customer and admins alike', async () => {
    const productId = await insertProduct(db, { stock: 3, minimum: 5 });
    for (const account of [another, admin]) {
      const res = await place(account, productId, 5);
      expect(res.statusCode).toBe(409);
      expect(apiErrorSchema.parse(res.json()).error.message).toBe(
        stockMessages.notEnoughForMinimum(5),
      );
    }
  });

  it('still answers 401 to an anonymous caller, and 400 to an invalid quantity', async () => {
    const productId = await insertProduct(db, { stock: 3, minimum: 5 });
    expect((await place(undefined, productId, 5)).statusCode).toBe(401);
    const invalid = await place(customer, productId, 0);
    expect(invalid.statusCode).toBe(400);
    expect(apiErrorSchema.parse(invalid.json()).error.code).toBe('validation_failed');
  });

  it('orders the last pieces when the stock is exactly the minimum', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 50 });
    const res = await place(customer, productId, 50);
    expect(res.statusCode, res.body).toBe(200);
    expect(orderCreatedSchema.parse(res.json()).order.orderQty).toBe(50);
    expect(await stockIn(db, productId)).toBe(0);
    // Now nothing is left for the next customer's minimum.
    const next = await place(another, productId, 50);
    expect(next.statusCode).toBe(409);
    expect(apiErrorSchema.parse(next.json()).error.code).toBe('out_of_stock_for_minimum');
  });

  it('keeps the old messages and statuses while the stock covers the minimum, coded by reason', async () => {
    const productId = await insertProduct(db, { stock: 60, minimum: 50 });
    const below = await place(customer, productId, 40);
    expect(below.statusCode).toBe(400);
    expect(apiErrorSchema.parse(below.json()).error).toMatchObject({
      code: 'below_minimum',
      message: 'Please order minimum 50',
      fields: { orderQty: 'Please order minimum 50' },
    });
    const above = await place(customer, productId, 70);
    expect(above.statusCode).toBe(409);
    expect(apiErrorSchema.parse(above.json()).error).toMatchObject({
      code: 'out_of_stock',
      message: 'Please order maximum 60',
    });
  });
});
