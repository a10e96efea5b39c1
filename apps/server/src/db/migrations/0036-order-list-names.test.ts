import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { insertCustomer } from '../../test/factories.js';
import { createMigrator, migrateToLatest } from '../migrate.js';
import { newId } from '../ids.js';

/*
 * ux 2026-11-28 #26: upgrading a shop whose customers saved lists twice under one name. The
 * later lists get ` (2)`, ` (3)`... (in any case, shortened to fit), the order list itself and
 * other customers' lists are left alone, and then the index refuses a duplicate.
 */
describe.each(testDatabases)('migration 0036-order-list-names on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('ux 2026-11-28 #26: tells duplicate names apart, then refuses a new duplicate', async () => {
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo('0027-change-feed-names-schema');
    expect(down.error).toBeUndefined();

    const me = await insertCustomer(db);
    const you = await insertCustomer(db);
    const at = '2026-11-01T00:00:00.000Z';
    const long = 'L'.repeat(60);
    const insert = async (userId: string, slot: number, name: string) => {
      const id = newId();
      await sql`insert into order_lists (id, user_id, slot, name, lines, created_at, updated_at)
        values (${id}, ${userId}, ${slot}, ${name}, '[]', ${at}, ${at})`.execute(db.kysely);
      return id;
    };
    await insert(me, 0, 'Order list');
    await insert(me, 1, 'Rack A');
    await insert(me, 2, 'rack a');
    await insert(me, 3, 'Rack A (2)');
    await insert(me, 4, 'RACK A');
    await insert(me, 5, 'Order list');
    await insert(me, 6, long);
    await insert(me, 7, long);
    await insert(you, 1, 'Rack A');

    await migrateToLatest(db);
    const names = async (userId: string) =>
      (
        await sql<{ slot: number; name: string }>`
          select slot, name from order_lists where user_id = ${userId} order by slot`.execute(
          db.kysely,
        )
      ).rows.map((row) => [Number(row.slot), row.name]);
    expect(await names(me)).toEqual([
      [0, 'Order list'],
      [1, 'Rack A'],
      [2, 'rack a (3)'],
      [3, 'Rack A (2)'],
      [4, 'RACK A (4)'],
      [5, 'Order list'],
      [6, long],
      [7, `${'L'.repeat(56)} (2)`],
    ]);
    expect(await names(you)).toEqual([[1, 'Rack A']]);

    await expect(insert(you, 2, 'rack A')).rejects.toThrow();
    // Down and up again.
    expect((await migrator.migrateTo('0027-change-feed-names-schema')).error).toBeUndefined();
    await insert(you, 2, 'rack A');
    await sql`delete from order_lists where user_id = ${you} and slot = 2`.execute(db.kysely);
    await migrateToLatest(db);
  });
});
