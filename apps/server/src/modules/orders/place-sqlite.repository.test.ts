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
} from '../../test/factories.js';
import { createOrdersRepository } from './orders.repository.js';
import type { PlaceResult } from './place-order.repository.js';

const sqlite = testDatabases.find((kind) => kind.name === 'sqlite');
const RULES = { holdMinutes: 60, limits: { maxUnpaid: 1000, maxUnpaidCents: 1e12 } };

/**
 * Issue 15: SQLite's group commit (place-sqlite.repository.ts). Orders placed at once share
 * transactions, each in its own savepoint: what one order does (a refusal, an error) touches no
 * other, and a commit that fails answers none of its orders and stores none.
 */
describe('SQLite orders placed together', () => {
  let db: TestDb;
  let repository: ReturnType<typeof createOrdersRepository>;

  const order = oneLineOrder;

  const storedOrders = async (productId: string) =>
    (
      await db.kysely
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    if (!sqlite) throw new Error('SQLite is always tested');
    db = await sqlite.open();
    repository = createOrdersRepository(db.kysely, db.dialect, {
      driver: db.driver,
      changes: db.changes,
    });
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('places each order or refuses it alone, and sells exactly the stock there is', async () => {
    const productId = await insertProduct(db, { stock: 30, minimum: 2 });
    const buyer = await insertCustomer(db);
    // 40 orders at once: 20 of 2 units (only 15 fit), 10 below the minimum, 10 of an unknown product.
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => repository.place(order(buyer, productId, 2), RULES)),
      ...Array.from({ length: 10 }, () => repository.place(order(buyer, productId, 1), RULES)),
      ...Array.from({ length: 10 }, () => repository.place(order(buyer, newId(), 2), RULES)),
    ]);
    const kinds = (list: PlaceResult[]) => list.map((result) => result.kind);
    expect(kinds(results.slice(0, 20)).filter((kind) => kind === 'placed')).toHaveLength(15);
    expect(kinds(results.slice(0, 20)).filter((kind) => kind === 'quantity')).toHaveLength(5);
    expect(new Set(kinds(results.slice(20, 30)))).toEqual(new Set(['quantity']));
    expect(new Set(kinds(results.slice(30)))).toEqual(new Set(['no-product']));
    expect(await stockIn(db, productId)).toBe(0);
    expect(Number(await storedOrders(productId))).toBe(15);
    expect(await unpaidOrdersOf(db, buyer)).toBe(15);
  });

  it('fails an order whose statement fails, and places the others of its batch', async () => {
    const productId = await insertProduct(db, { stock: 100, minimum: 1 });
    const buyer = await insertCustomer(db);
    // No such user: the order's INSERT breaks the foreign key (an error, not a refusal).
    const results = await Promise.allSettled([
      repository.place(order(buyer, productId, 1), RULES),
      repository.place(order(newId(), productId, 1), RULES),
      repository.place(order(buyer, productId, 1), RULES),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stockIn(db, productId)).toBe(98);
    expect(Number(await storedOrders(productId))).toBe(2);
  });

  it('answers none of a batch whose commit fails, and stores none of it', async () => {
    const productId = await insertProduct(db, { stock: 100, minimum: 1 });
    const buyer = await insertCustomer(db);
    // A deferred foreign key is checked at COMMIT: an order of 7 units writes a row breaking
    // it, so the whole transaction fails there, after every order's statements succeeded.
    await sql`create table commit_breaker (
      ref text references products (id) deferrable initially deferred)`.execute(db.kysely);
    await sql`create trigger break_commit after insert on orders when new.quantity = 7
      begin insert into commit_breaker (ref) values ('no such product'); end`.execute(db.kysely);
    try {
      const results = await Promise.allSettled([
        repository.place(order(buyer, productId, 1), RULES),
        repository.place(order(buyer, productId, 7), RULES),
        repository.place(order(buyer, productId, 1), RULES),
      ]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(await stockIn(db, productId)).toBe(100);
      expect(Number(await storedOrders(productId))).toBe(0);
      // The connection is usable again: the next order is placed.
      expect((await repository.place(order(buyer, productId, 1), RULES)).kind).toBe('placed');
      expect(await stockIn(db, productId)).toBe(99);
    } finally {
      await sql`drop trigger break_commit`.execute(db.kysely);
      await sql`drop table commit_breaker`.execute(db.kysely);
    }
  });
});
