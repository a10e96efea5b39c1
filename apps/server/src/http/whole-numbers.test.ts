import { apiErrorSchema } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { withShop } from '../test/shop.js';
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
  const shop = withShop(kind);
  let customer: TestAccount;
  let admin: TestAccount;
  let productId: string;
  const call = (options: InjectOptions, token: string) =>
    shop.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const stockOf = async () =>
    (
      await shop.db.kysely
        .selectFrom('products')
        .select('aqty')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).aqty;

  beforeAll(async () => {
    customer = await registerAccount(shop.app);
    admin = await registerAdmin(shop.app, shop.db);
    productId = await insertProduct(shop.db, { stock: 100, minimum: 2 });
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
