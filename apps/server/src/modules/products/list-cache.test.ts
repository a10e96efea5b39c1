import { productListSchema, reviewListSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';

/**
 * The public lists are served from memory. These tests write through one instance (or straight
 * into the database) and read through another, which must never keep serving the old list.
 */
describe.each(testDatabases)('cached product and review lists on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let customer: TestAccount;
  let admin: TestAccount;

  const products = async (app: FastifyInstance) =>
    productListSchema.parse((await app.inject({ method: 'GET', url: '/api/products' })).json());
  const stockOn = async (app: FastifyInstance, id: string) =>
    (await products(app)).find((product) => product._id === id)?.aqty;

  beforeAll(async () => {
    db = await kind.open();
    otherDb = db.reopen();
    first = await buildTestApp(db);
    second = await buildTestApp(otherDb);
    customer = await registerAccount(first);
    admin = await registerAdmin(first, db);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await otherDb?.close();
    await db?.drop();
  });

  it('shows an order taken on one instance in the stock another instance lists', async () => {
    const productId = await insertProduct(db, { stock: 100, minimum: 2 });
    await expect.poll(() => stockOn(second, productId)).toBe(100);
    expect(await stockOn(second, productId)).toBe(100);

    const placed = await first.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer.token),
      payload: { orderProduct: productId, phone: '+1 555 0100', address: '1 Main St', orderQty: 7 },
    });
    expect(placed.statusCode).toBe(200);

    expect(await stockOn(first, productId)).toBe(93);
    await expect.poll(() => stockOn(second, productId)).toBe(93);
  });

  it('shows a product an admin adds or deletes on another instance', async () => {
    const before = (await products(second)).length;
    const created = await first.inject({
      method: 'POST',
      url: '/api/product',
      headers: bearer(admin.token),
      payload: {
        name: 'Cached Tower',
        description: 'A tower case added while another instance holds the list',
        imgURL: '/images/products/vortex-rgb-gaming.svg',
        price: 99,
        aqty: 500,
        minquantity: 10,
      },
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json() as { insertedId: string }).insertedId;
    await expect.poll(async () => (await products(second)).length).toBe(before + 1);

    const removed = await first.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);
    await expect.poll(async () => (await products(second)).length).toBe(before);
  });

  it('shows a stock change written straight into the database by another connection', async () => {
    const productId = await insertProduct(db, { stock: 40 });
    await expect.poll(() => stockOn(first, productId)).toBe(40);
    await otherDb.kysely
      .updateTable('products')
      .set({ aqty: 12 })
      .where('id', '=', productId)
      .execute();
    await expect.poll(() => stockOn(first, productId)).toBe(12);
  });

  it('shows a new review on the other instance', async () => {
    const reviews = async (app: FastifyInstance) =>
      reviewListSchema.parse((await app.inject({ method: 'GET', url: '/api/reviews' })).json());
    const before = (await reviews(second)).length;
    const written = await first.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: bearer(customer.token),
      payload: {
        rating: 5,
        review: 'Solid steel, clean cable routing, and it arrived on time.'.repeat(2),
      },
    });
    expect(written.statusCode).toBe(200);
    await expect.poll(async () => (await reviews(second)).length).toBe(before + 1);
  });
});
