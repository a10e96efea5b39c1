import {
  apiErrorSchema,
  IDEMPOTENCY_KEY_TTL_MS,
  idempotencyMessages,
  orderCreatedSchema,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
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

/** Issue 12: `POST /api/order` with an `Idempotency-Key` places one order however often it is sent. */
describe.each(testDatabases)('Idempotency-Key on POST /api/order on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let customer: TestAccount;
  let another: TestAccount;
  let admin: TestAccount;
  /** How far the keys' clock runs ahead of the real one. */
  let clockAhead = 0;
  let keys = 0;
  const newKey = () => `order-key-${process.pid}-${(keys += 1)}`;

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db, {}, { now: () => new Date(Date.now() + clockAhead) });
    customer = await registerAccount(app, { name: 'Retrying Rita' });
    another = await registerAccount(app, { name: 'Other Otto' });
    admin = await registerAdmin(app, db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const body = (productId: string, orderQty = 2) => ({
    orderProduct: productId,
    phone: '+1 555 0100',
    address: '1 Main St',
    orderQty,
  });

  const place = (
    account: TestAccount | undefined,
    payload: object,
    key: string | undefined,
    headers: InjectOptions['headers'] = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/order',
      headers: {
        ...headers,
        ...(key !== undefined ? { 'idempotency-key': key } : {}),
        ...(account ? bearer(account.token) : {}),
      },
      payload,
    });

  const ordersOf = async (productId: string) =>
    db.kysely
      .selectFrom('orders')
      .select(['id', 'user_id'])
      .where('product_id', '=', productId)
      .execute();

  const errorOf = (res: { json(): unknown }) => apiErrorSchema.parse(res.json()).error;

  it('replays the first answer to the same key and body: one order, stock taken once', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = newKey();
    const first = await place(customer, body(productId), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The same body with its fields in another order is the same request.
    const { orderQty, ...rest } = body(productId);
    const again = await place(customer, { orderQty, ...rest }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(orderCreatedSchema.parse(again.json()).insertedId).toBe(
      orderCreatedSchema.parse(first.json()).insertedId,
    );
    expect(await ordersOf(productId)).toHaveLength(1);
    expect(await stockIn(db, productId)).toBe(48);
  });

  it('makes exactly one order of 10 concurrent requests with one key', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(customer, body(productId), key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(answers.map((res) => orderCreatedSchema.parse(res.json()).insertedId));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await ordersOf(productId)).toHaveLength(1);
    expect(await stockIn(db, productId)).toBe(48);
  });

  it('holds across two instances on one database: concurrent requests to both make one order', async () => {
    // PostgreSQL: a pool of its own, as another instance has. SQLite: the same connection (two
    // connections of one process would wait on each other's write lock synchronously).
    const otherDb = kind.name === 'postgres' ? db.reopen() : db;
    const second = await buildTestApp(otherDb);
    try {
      const productId = await insertProduct(db, { stock: 50, minimum: 2 });
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 === 0 ? app : second).inject({
            method: 'POST',
            url: '/api/order',
            headers: { 'idempotency-key': key, ...bearer(customer.token) },
            payload: body(productId),
          }),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const ids = new Set(answers.map((res) => orderCreatedSchema.parse(res.json()).insertedId));
      expect(ids.size).toBe(1);
      expect(await ordersOf(productId)).toHaveLength(1);
      expect(await stockIn(db, productId)).toBe(48);
    } finally {
      await second.close();
      if (otherDb !== db) await otherDb.close();
    }
  });

  it('refuses the same key with another body (422), placing nothing more', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = newKey();
    expect((await place(customer, body(productId), key)).statusCode).toBe(200);
    const other = await place(customer, body(productId, 3), key);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)).toEqual({
      code: 'idempotency_key_reused',
      message: idempotencyMessages.keyReused,
    });
    expect(await ordersOf(productId)).toHaveLength(1);
    expect(await stockIn(db, productId)).toBe(48);
  });

  it('keeps keys per user: another customer and an admin with the same key get their own orders', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = newKey();
    const mine = await place(customer, body(productId), key);
    const theirs = await place(another, body(productId), key);
    const admins = await place(admin, body(productId), key);
    for (const res of [mine, theirs, admins]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    const ids = [mine, theirs, admins].map(
      (res) => orderCreatedSchema.parse(res.json()).insertedId,
    );
    expect(new Set(ids).size).toBe(3);
    expect(await ordersOf(productId)).toHaveLength(3);
    expect(await stockIn(db, productId)).toBe(44);
  });

  it.each([
    ['an empty key', ''],
    ['a key of 256 characters', 'k'.repeat(256)],
    ['a control character', 'key\u0007bell'],
    ['a character beyond ASCII', 'clé'],
  ])('refuses %s with 400 naming the header, placing nothing', async (_label, key) => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const res = await place(customer, body(productId), key);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain('Idempotency-Key');
    expect(error.fields).toEqual({ 'idempotency-key': idempotencyMessages.invalidKey });
    expect(await ordersOf(productId)).toHaveLength(0);
  });

  it('accepts a key of 255 printable characters, spaces and punctuation included', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = `${newKey()} ~!{}`.padEnd(255, '#');
    expect((await place(customer, body(productId), key)).statusCode).toBe(200);
    expect((await place(customer, body(productId), key)).headers['idempotent-replayed']).toBe(
      'true',
    );
    expect(await ordersOf(productId)).toHaveLength(1);
  });

  it('still answers 401 to an anonymous caller with a key, placing nothing', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const res = await place(undefined, body(productId), newKey());
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
    expect(await ordersOf(productId)).toHaveLength(0);
  });

  it('does not claim a key for an invalid body: the corrected request is placed', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = newKey();
    const invalid = await place(customer, { ...body(productId), phone: '' }, key);
    expect(invalid.statusCode).toBe(400);
    const fixed = await place(customer, body(productId), key);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('stores a stock conflict too: the same request with the same key is answered the same', async () => {
    const productId = await insertProduct(db, { stock: 5, minimum: 2 });
    const key = newKey();
    const refused = await place(customer, body(productId, 6), key);
    expect(refused.statusCode).toBe(409);
    await db.kysely
      .updateTable('products')
      .set({ aqty: 100 })
      .where('id', '=', productId)
      .execute();
    const again = await place(customer, body(productId, 6), key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(refused.body);
    // A new key is a new attempt.
    expect((await place(customer, body(productId, 6), newKey())).statusCode).toBe(200);
  });

  it('behaves as before without the header: each request is an order', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const first = await place(customer, body(productId), undefined);
    const second = await place(customer, body(productId), undefined);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(productId)).toHaveLength(2);
  });

  it('never places twice when the answer was lost after the order was committed', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = newKey();
    const first = await place(customer, body(productId), key);
    expect(first.statusCode, first.body).toBe(200);
    const { insertedId } = orderCreatedSchema.parse(first.json());
    // As if the instance stopped between committing the order and storing its answer: the key
    // has no answer and its claim is long abandoned.
    await db.kysely
      .updateTable('idempotency_keys')
      .set({ status_code: null, response_body: null, claimed_at: new Date(0).toISOString() })
      .where('idempotency_key', '=', key)
      .execute();

    const retry = await place(customer, body(productId), key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(orderCreatedSchema.parse(retry.json()).insertedId).toBe(insertedId);
    expect(await ordersOf(productId)).toHaveLength(1);
    expect(await stockIn(db, productId)).toBe(48);
    // Its answer is stored now: the next retry is a plain replay.
    const again = await place(customer, body(productId), key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(orderCreatedSchema.parse(again.json()).insertedId).toBe(insertedId);
  });

  it('forgets a key after 24 hours: it places a new order, and the clean-up deletes it', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 2 });
    const key = newKey();
    const first = await place(customer, body(productId), key);
    try {
      clockAhead = IDEMPOTENCY_KEY_TTL_MS - 60_000;
      const within = await place(customer, body(productId), key);
      expect(within.headers['idempotent-replayed']).toBe('true');
      expect(await app.idempotencyKeys.runOnce()).toBe(0);

      clockAhead = IDEMPOTENCY_KEY_TTL_MS + 60_000;
      const after = await place(customer, body(productId, 3), key);
      expect(after.statusCode, after.body).toBe(200);
      expect(after.headers['idempotent-replayed']).toBeUndefined();
      expect(orderCreatedSchema.parse(after.json()).insertedId).not.toBe(
        orderCreatedSchema.parse(first.json()).insertedId,
      );
      expect(await ordersOf(productId)).toHaveLength(2);
      // The fresh key now holds the new request.
      expect((await place(customer, body(productId, 3), key)).headers['idempotent-replayed']).toBe(
        'true',
      );

      const rows = () =>
        db.kysely
          .selectFrom('idempotency_keys')
          .select('idempotency_key')
          .where('idempotency_key', '=', key)
          .execute();
      expect(await rows()).toHaveLength(1);
      clockAhead = 2 * IDEMPOTENCY_KEY_TTL_MS + 120_000;
      expect(await app.idempotencyKeys.runOnce()).toBeGreaterThanOrEqual(1);
      expect(await rows()).toHaveLength(0);
    } finally {
      clockAhead = 0;
    }
  });

  it('documents the header and its 409 and 422 answers in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; required?: boolean; description?: string }[];
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    const placeOrder = doc.paths['/api/order']?.['post'];
    const header = placeOrder?.parameters?.find((p) => p.in === 'header');
    expect(header).toMatchObject({ name: 'idempotency-key', required: false });
    expect(header?.description).toContain('24 hours');
    expect(Object.keys(placeOrder?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '409', '422', '429']),
    );
  });
});
