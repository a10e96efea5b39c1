import { apiErrorSchema } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../test/factories.js';

/** Issue 10: quantities like [10], "0x0a", "1e1" and true were coerced to numbers. */
const coercedBefore = [[10], '0x0a', '1e1', true, '10.0', '+10'];

describe.each(testDatabases)('whole numbers in requests on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let customer: TestAccount;
  let admin: TestAccount;
  let productId: string;
  const call = (options: InjectOptions, token: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const stockOf = async () =>
    (
      await db.kysely
        .selectFrom('products')
        .select('aqty')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).aqty;

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
    customer = await registerAccount(app);
    admin = await registerAdmin(app, db);
    productId = await insertProduct(db, { stock: 100, minimum: 2 });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const order = (orderQty: unknown) =>
    call(
      {
        method: 'POST',
        url: '/api/order',
        payload: { orderProduct: productId, phone: '+1 555 0100', address: '1 Main St', orderQty },
      },
      customer.token,
    );

  it.each(coercedBefore)('refuses the order quantity %j and takes no stock', async (orderQty) => {
    const before = await stockOf();
    const res = await order(orderQty);
    expect(res.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.fields?.['orderQty']).toMatch(/^Quantity /);
    expect(await stockOf()).toBe(before);
  });

  it('takes a JSON integer or a string of digits', async () => {
    expect((await order(3)).statusCode).toBe(200);
    expect((await order('4')).statusCode).toBe(200);
  });

  it.each(coercedBefore)('refuses the product stock %j', async (aqty) => {
    const res = await call(
      {
        method: 'POST',
        url: '/api/product',
        payload: {
          name: 'Numbers Case',
          imgURL: 'https://cdn.example.com/n.png',
          price: '12.50',
          aqty,
          minquantity: '1',
        },
      },
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields?.['aqty']).toBeDefined();
  });

  it.each(['0x0c', '1.25e1', [12]])('refuses the price %j', async (price) => {
    const res = await call(
      {
        method: 'POST',
        url: '/api/product',
        payload: { name: 'Numbers Case', imgURL: '/images/a.png', price, aqty: 5, minquantity: 1 },
      },
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields?.['price']).toBe('Price must be a number');
  });
});
