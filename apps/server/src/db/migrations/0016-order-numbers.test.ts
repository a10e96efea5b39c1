import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { insertCustomer } from '../../test/factories.js';
import { newId } from '../ids.js';
import { createMigrator, migrateToLatest } from '../migrate.js';

/**
 * Issue 22: migration 0016 numbers the orders a shop already has by their placing time, from
 * 10001, gives the mail still waiting in the outbox its order's number, and the next order
 * placed (by any insert) the number after the last.
 */
describe.each(testDatabases)('migration 0016 on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const insertOrder = async (userId: string, createdAt: string) => {
    const id = newId();
    await sql`insert into orders (id, product_id, product_name, user_id, user_email, user_name,
        phone, address, quantity, unit_price_cents, price_cents, payment_status, order_status,
        created_at, updated_at)
      values (${id}, null, 'Case', ${userId}, 'a@example.com', 'A', '+1 555 0100', '1 Main St',
        1, 100, 100, 'paid', 'placed', ${createdAt}, ${createdAt})`.execute(db.kysely);
    return id;
  };
  const numberOf = async (id: string) =>
    (
      await db.kysely
        .selectFrom('orders')
        .select('number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).number;

  it('numbers existing orders by placing time, stamps waiting mail, and goes on from the last', async () => {
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('0015-mail-limits-and-sku-case')).error).toBeUndefined();

    const userId = await insertCustomer(db);
    const second = await insertOrder(userId, '2026-11-02T10:00:00.000Z');
    const first = await insertOrder(userId, '2026-11-01T10:00:00.000Z');
    const third = await insertOrder(userId, '2026-11-03T10:00:00.000Z');
    const mail = (id: string, orderId: string, sentAt: string | null) =>
      sql`insert into mail_outbox (id, kind, order_id, recipient, payload, next_attempt_at,
          created_at, sent_at)
        values (${id}, 'order-paid', ${orderId}, 'a@example.com', ${JSON.stringify({ _id: orderId })},
          '2026-11-03T10:00:00.000Z', '2026-11-03T10:00:00.000Z', ${sentAt})`.execute(db.kysely);
    await mail('waiting', second, null);
    await mail('sent', third, '2026-11-03T10:01:00.000Z');

    expect(await migrateToLatest(db)).toContain('0016-order-numbers');
    expect([await numberOf(first), await numberOf(second), await numberOf(third)]).toEqual([
      10_001, 10_002, 10_003,
    ]);
    const payloads = await db.kysely
      .selectFrom('mail_outbox')
      .select(['id', 'payload'])
      .orderBy('id')
      .execute();
    expect(payloads.map((row) => [row.id, JSON.parse(row.payload) as unknown])).toEqual([
      ['sent', { _id: third }],
      ['waiting', { _id: second, orderNumber: 'CF-10002' }],
    ]);

    // Any insert gets the next number; deleting the last never makes its number free again.
    const fourth = await insertOrder(userId, '2026-11-04T10:00:00.000Z');
    expect(await numberOf(fourth)).toBe(10_004);
    await db.kysely.deleteFrom('orders').where('id', '=', fourth).execute();
    expect(await numberOf(await insertOrder(userId, '2026-11-05T10:00:00.000Z'))).toBe(10_005);
    // The number is unique.
    await expect(
      db.kysely
        .updateTable('orders')
        .set({ number: 10_001 } as never)
        .where('id', '=', second)
        .execute(),
    ).rejects.toThrow();
  });
});
