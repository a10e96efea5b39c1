import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { insertCustomer } from '../../test/factories.js';
import { newId } from '../ids.js';
import { createMigrator, migrateToLatest } from '../migrate.js';

/**
 * Issue 33 (ux 2026-11-28 #27): migration 0032 numbers the quotes a shop already has by their
 * asking time, from 10001, and the next quote asked (by any insert) gets the number after the
 * last; a number is never given twice.
 */
describe.each(testDatabases)('migration 0032 on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const insertQuote = async (userId: string, createdAt: string) => {
    const id = newId();
    await sql`insert into quotes (id, user_id, user_email, user_name, status, note, lines,
        created_at, updated_at)
      values (${id}, ${userId}, 'a@example.com', 'A', 'requested', '', '[]', ${createdAt},
        ${createdAt})`.execute(db.kysely);
    return id;
  };
  const numberOf = async (id: string) =>
    (
      await db.kysely
        .selectFrom('quotes')
        .select('number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).number;

  it('numbers existing quotes by asking time and goes on from the last', async () => {
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('0027-change-feed-names-schema')).error).toBeUndefined();
    const userId = await insertCustomer(db);
    const second = await insertQuote(userId, '2026-11-27T10:00:00.000Z');
    const first = await insertQuote(userId, '2026-11-26T10:00:00.000Z');

    expect(await migrateToLatest(db)).toContain('0032-quotes-that-can-be-accepted');
    expect([await numberOf(first), await numberOf(second)]).toEqual([10_001, 10_002]);
    const third = await insertQuote(userId, '2026-11-28T10:00:00.000Z');
    expect(await numberOf(third)).toBe(10_003);
    await db.kysely.deleteFrom('quotes').where('id', '=', third).execute();
    expect(await numberOf(await insertQuote(userId, '2026-11-28T11:00:00.000Z'))).toBe(10_004);
  });
});
