import { formatOrderNumber } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  insertCustomer,
  insertProduct,
  oneLineOrder,
  stockIn,
  unpaidOrdersOf,
  unpaidValueOf,
} from '../../test/factories.js';
import { createOrdersRepository } from './orders.repository.js';
import { createPostgresOrderPlacement } from './place-postgres.repository.js';
import type { NewOrder, PlaceResult } from './place-order.repository.js';

const postgres = testDatabases.find((kind) => kind.name === 'postgres');
const RULES = { holdMinutes: 60, limits: { maxUnpaid: 1000, maxUnpaidCents: 1e12 } };

/**
 * Issue 15: a one-line order on PostgreSQL is one statement (place-postgres.repository.ts). It
 * must place exactly what the general path places, and step aside to it whenever what it knows
 * of the product is no longer true.
 */
describe.skipIf(!postgres)('PostgreSQL one-statement orders', () => {
  let db: TestDb;
  /** The server's repository: one statement where it can. */
  let fast: ReturnType<typeof createOrdersRepository>;
  /** The general path only (Kysely's transaction), to compare with. */
  let general: ReturnType<typeof createOrdersRepository>;

  const order = (userId: string, productId: string, quantity: number): NewOrder => ({
    ...oneLineOrder(userId, productId, quantity),
    poNumber: 'PO-15',
  });

  const placed = (result: PlaceResult) => {
    if (result.kind !== 'placed') throw new Error(`expected an order, got ${result.kind}`);
    return result;
  };

  const mailOf = (orderId: string) =>
    db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'payload'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();

  const unpaidOf = (userId: string) => unpaidOrdersOf(db, userId);

  beforeAll(async () => {
    if (!postgres) return;
    db = await postgres.open();
    fast = createOrdersRepository(db.kysely, db.dialect, {
      driver: db.driver,
      changes: db.changes,
    });
    general = createOrdersRepository(db.kysely, db.dialect);
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('stores the same order, line, mail and count as the general path', async () => {
    const productId = await insertProduct(db, { stock: 100, minimum: 2, priceCents: 1_250 });
    const buyer = await insertCustomer(db);
    const one = placed(await fast.place(order(buyer, productId, 4), RULES));
    const other = placed(await general.place(order(buyer, productId, 4), RULES));

    const stored = (id: string) =>
      db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const lines = (id: string) =>
      db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', id).execute();
    const [a, b] = [await stored(one.order.id), await stored(other.order.id)];
    const unique = ['id', 'number', 'expires_at', 'created_at', 'updated_at'] as const;
    const without = <T extends object>(row: T, keys: readonly string[]) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
    expect(without(a, unique)).toEqual(without(b, unique));
    expect(a).toMatchObject({ price_cents: 5_000, quantity: 4, po_number: 'PO-15' });
    // Both got their number from the sequence, one after the other (migration 0016).
    expect(b.number).toBe(a.number + 1);
    // What the route answers is what was stored.
    expect(one.order).toEqual(a);
    expect((await lines(one.order.id)).map((line) => without(line, ['order_id']))).toEqual(
      (await lines(other.order.id)).map((line) => without(line, ['order_id'])),
    );

    const [mailA, mailB] = [await mailOf(one.order.id), await mailOf(other.order.id)];
    expect(mailA.kind).toBe('order-placed');
    const payload = (mail: { payload: string }) =>
      without(JSON.parse(mail.payload) as object, [
        '_id',
        'orderNumber',
        'placedAt',
        'createdAt',
        'updatedAt',
        'expiresAt',
      ]);
    expect(payload(mailA)).toEqual(payload(mailB));
    // The one statement writes the number the insert drew into its mail, as the view spells it.
    expect(JSON.parse(mailA.payload)).toMatchObject({ orderNumber: formatOrderNumber(a.number) });
    expect(JSON.parse(mailB.payload)).toMatchObject({ orderNumber: formatOrderNumber(b.number) });
    expect(await stockIn(db, productId)).toBe(92);
    expect(await unpaidOf(buyer)).toBe(2);
  });

  it('prices an order afresh after the product was edited, and refuses an archived one', async () => {
    const productId = await insertProduct(db, { stock: 100, minimum: 1, priceCents: 1_000 });
    const buyer = await insertCustomer(db);
    placed(await fast.place(order(buyer, productId, 1), RULES));
    await db.kysely
      .updateTable('products')
      .set({ price_cents: 1_500, name: 'Renamed Case' })
      .where('id', '=', productId)
      .execute();
    const repriced = placed(await fast.place(order(buyer, productId, 2), RULES));
    expect(repriced.order).toMatchObject({ price_cents: 3_000, product_name: 'Renamed Case' });
    // Known again, at its new price: the next order takes the one statement and agrees.
    expect(placed(await fast.place(order(buyer, productId, 1), RULES)).order.price_cents).toBe(
      1_500,
    );

    await db.kysely
      .updateTable('products')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', productId)
      .execute();
    expect(await fast.place(order(buyer, productId, 1), RULES)).toEqual({
      kind: 'no-product',
      line: 0,
    });
    expect(await stockIn(db, productId)).toBe(96);
  });

  it('refuses an order beyond the unpaid limit, taking no stock', async () => {
    const productId = await insertProduct(db, { stock: 10, minimum: 1 });
    const buyer = await insertCustomer(db);
    const rules = { holdMinutes: 60, limits: { maxUnpaid: 2, maxUnpaidCents: 1e12 } };
    placed(await fast.place(order(buyer, productId, 1), rules));
    placed(await fast.place(order(buyer, productId, 1), rules));
    expect(await fast.place(order(buyer, productId, 1), rules)).toEqual({
      kind: 'too-many-unpaid',
      max: 2,
    });
    expect(await stockIn(db, productId)).toBe(8);
    expect(await unpaidOf(buyer)).toBe(2);
  });

  it('refuses an order beyond the unpaid value in the one statement, telling which limit, taking no stock', async () => {
    if (db.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    const statement = createPostgresOrderPlacement(db.driver.pool, db.changes);
    const productId = await insertProduct(db, { stock: 100, minimum: 1, priceCents: 1_000 });
    const buyer = await insertCustomer(db);
    const rules = { holdMinutes: 60, limits: { maxUnpaid: 3, maxUnpaidCents: 5_000 } };
    // Answered by the statement itself (undefined would mean it stepped aside).
    expect((await statement.place(order(buyer, productId, 6), rules))?.kind).toBe(
      'unpaid-value-exceeded',
    );
    expect((await statement.place(order(buyer, productId, 3), rules))?.kind).toBe('placed');
    expect(await statement.place(order(buyer, productId, 3), rules)).toEqual({
      kind: 'unpaid-value-exceeded',
      maxCents: 5_000,
    });
    expect((await statement.place(order(buyer, productId, 2), rules))?.kind).toBe('placed');
    expect((await statement.place(order(buyer, productId, 1), rules))?.kind).toBe(
      'unpaid-value-exceeded',
    );
    // The count met first is named as the count.
    const counted = { holdMinutes: 60, limits: { maxUnpaid: 2, maxUnpaidCents: 1e12 } };
    expect(await statement.place(order(buyer, productId, 1), counted)).toEqual({
      kind: 'too-many-unpaid',
      max: 2,
    });
    expect(await stockIn(db, productId)).toBe(95);
    expect([await unpaidOf(buyer), await unpaidValueOf(db, buyer)]).toEqual([2, 5_000]);
  });

  it('steps aside for a product cooling down for the customer, taking no stock; the general path names it', async () => {
    if (db.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    const statement = createPostgresOrderPlacement(db.driver.pool, db.changes);
    const productId = await insertProduct(db, { stock: 100, minimum: 1 });
    const [cooling, other] = [await insertCustomer(db), await insertCustomer(db)];
    const until = new Date(Date.now() + 60_000).toISOString();
    await db.kysely
      .insertInto('hold_cooldowns')
      .values({ user_id: cooling, product_id: productId, ends_at: until })
      .execute();
    expect(await statement.place(order(cooling, productId, 1), RULES)).toBeUndefined();
    expect(await stockIn(db, productId)).toBe(100);
    expect(await fast.place(order(cooling, productId, 1), RULES)).toEqual({
      kind: 'hold-cooldown',
      line: 0,
      productName: expect.any(String),
      until,
    });
    // Another customer, an admin, or the same customer after the end: placed in the statement.
    expect((await statement.place(order(other, productId, 1), RULES))?.kind).toBe('placed');
    expect(
      (await statement.place(order(cooling, productId, 1), { ...RULES, limits: undefined }))?.kind,
    ).toBe('placed');
    const later = { ...RULES, now: new Date(Date.now() + 120_000).toISOString() };
    expect((await statement.place(order(cooling, productId, 1), later))?.kind).toBe('placed');
    expect(await stockIn(db, productId)).toBe(97);
  });

  it('answers a retry with the same idempotency key with the order placed before', async () => {
    const productId = await insertProduct(db, { stock: 10, minimum: 1 });
    const buyer = await insertCustomer(db);
    const since = new Date(Date.now() - 60_000).toISOString();
    const keyed = { ...order(buyer, productId, 1), idempotency: { tag: `tag-${newId()}`, since } };
    const first = placed(await fast.place(keyed, RULES));
    const again = placed(await fast.place(keyed, RULES));
    expect(again.order.id).toBe(first.order.id);
    expect(again.lines).toBeUndefined();
    expect(await stockIn(db, productId)).toBe(9);
  });

  it('sells exactly the stock to 200 orders from 40 customers at once', async () => {
    const productId = await insertProduct(db, { stock: 50, minimum: 1 });
    const buyers = await Promise.all(Array.from({ length: 40 }, () => insertCustomer(db)));
    // Known first, so every order races in the one statement.
    placed(await fast.place(order(buyers[0] ?? '', productId, 1), RULES));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        fast.place(order(buyers[index % 40] ?? '', productId, 1), RULES),
      ),
    );
    expect(results.filter((result) => result.kind === 'placed')).toHaveLength(49);
    expect(new Set(results.map((result) => result.kind))).toEqual(new Set(['placed', 'quantity']));
    expect(await stockIn(db, productId)).toBe(0);
    const counted = await db.kysely
      .selectFrom('unpaid_order_counts')
      .select((eb) => eb.fn.sum<number | string>('unpaid').as('unpaid'))
      .where('user_id', 'in', buyers)
      .executeTakeFirstOrThrow();
    expect(Number(counted.unpaid)).toBe(50);
  });

  it('commits the orders of one product arriving together in shared transactions', async () => {
    const productId = await insertProduct(db, { stock: 1_000, minimum: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => insertCustomer(db)));
    placed(await fast.place(order(buyers[0] ?? '', productId, 1), RULES));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        fast.place(order(buyers[index % 5] ?? '', productId, 1), RULES),
      ),
    );
    expect(results.every((result) => result.kind === 'placed')).toBe(true);
    // Rows written by one transaction share its id (xmin).
    const { rows } = await sql<{ orders: string; transactions: string }>`
      select count(*) as orders, count(distinct xmin::text) as transactions
      from orders where product_id = ${productId}`.execute(db.kysely);
    expect(Number(rows[0]?.orders)).toBe(61);
    expect(Number(rows[0]?.transactions)).toBeLessThan(30);
    expect(await stockIn(db, productId)).toBe(939);
  });

  it('answers each order of a batch alone when one of them is refused by the unpaid limit', async () => {
    const productId = await insertProduct(db, { stock: 100, minimum: 1 });
    const [full, other] = [await insertCustomer(db), await insertCustomer(db)];
    const rules = { holdMinutes: 60, limits: { maxUnpaid: 3, maxUnpaidCents: 1e12 } };
    placed(await fast.place(order(other, productId, 1), rules));
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => fast.place(order(full, productId, 1), rules)),
      ...Array.from({ length: 2 }, () => fast.place(order(other, productId, 1), rules)),
    ]);
    const kinds = results.map((result) => result.kind);
    expect(kinds.slice(0, 5).filter((kind) => kind === 'placed')).toHaveLength(3);
    expect(kinds.slice(0, 5).filter((kind) => kind === 'too-many-unpaid')).toHaveLength(2);
    expect(kinds.slice(5)).toEqual(['placed', 'placed']);
    expect(await stockIn(db, productId)).toBe(94);
    expect([await unpaidOf(full), await unpaidOf(other)]).toEqual([3, 3]);
  });

  it('never deadlocks: two instances, two products, the same customers, all at once', async () => {
    if (db.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    // Two instances' placements; a deadlock would fail a statement (40P01) and its batch would
    // be placed again order by order, which `retriedAlone` counts.
    const instances = [
      createPostgresOrderPlacement(db.driver.pool, db.changes),
      createPostgresOrderPlacement(db.driver.pool, db.changes),
    ] as const;
    const products = [
      await insertProduct(db, { stock: 1_000, minimum: 1 }),
      await insertProduct(db, { stock: 1_000, minimum: 1 }),
    ];
    const buyers = await Promise.all(Array.from({ length: 6 }, () => insertCustomer(db)));
    for (const instance of instances) {
      for (const productId of products) {
        await instance.place(order(buyers[0] ?? '', productId, 1), RULES);
      }
    }
    // Each instance takes one product's orders from the customers in the opposite order: a
    // batch locking customers as they came would hold one the other batch waits for.
    const results: (PlaceResult | undefined)[] = [];
    for (let wave = 0; wave < 10; wave += 1) {
      const [one, two] = instances;
      results.push(
        ...(await Promise.all([
          ...buyers.map((buyer) => one.place(order(buyer, products[0] ?? '', 1), RULES)),
          ...buyers
            .toReversed()
            .map((buyer) => two.place(order(buyer, products[1] ?? '', 1), RULES)),
        ])),
      );
    }
    expect(results).toHaveLength(120);
    expect(results.every((result) => result?.kind === 'placed')).toBe(true);
    expect(instances.map((instance) => instance.retriedAlone)).toEqual([0, 0]);
    expect((await stockIn(db, products[0] ?? '')) + (await stockIn(db, products[1] ?? ''))).toBe(
      2_000 - 124,
    );
  });
});
