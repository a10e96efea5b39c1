import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { createMigrator, migrateToLatest } from '../migrate.js';
import { newId } from '../ids.js';
import { nowIso } from '../time.js';

/** 0007 adds the keys table to a shop that has users; a key is unique per user and goes with them. */
describe.each(testDatabases)('migration 0008-idempotency-keys on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is unique on user and key, goes with its user, and can be rolled back', async () => {
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo('0006-order-holds');
    expect(down.error).toBeUndefined();
    const now = nowIso();
    const users = [newId(), newId()];
    for (const id of users) {
      await sql`insert into users (id, email, display_name, provider_id, role, created_at, updated_at)
        values (${id}, ${`keys-${id}@example.com`}, 'Keys', 'Email & Password', 'user', ${now}, ${now})`.execute(
        db.kysely,
      );
    }

    expect(await migrateToLatest(db)).toContain('0008-idempotency-keys');

    const row = (userId: string, key: string) => ({
      user_id: userId,
      idempotency_key: key,
      request_hash: 'a'.repeat(64),
      claim_token: 'b'.repeat(32),
      claimed_at: now,
      expires_at: now,
    });
    await db.kysely
      .insertInto('idempotency_keys')
      .values(row(users[0] ?? '', 'k-1'))
      .execute();
    // Another user may hold the same key; the same user may not, twice.
    await db.kysely
      .insertInto('idempotency_keys')
      .values(row(users[1] ?? '', 'k-1'))
      .execute();
    await expect(
      db.kysely
        .insertInto('idempotency_keys')
        .values(row(users[0] ?? '', 'k-1'))
        .execute(),
    ).rejects.toThrow();
    // The key names a user that exists.
    await expect(
      db.kysely.insertInto('idempotency_keys').values(row(newId(), 'k-2')).execute(),
    ).rejects.toThrow();

    await db.kysely
      .deleteFrom('users')
      .where('id', '=', users[0] ?? '')
      .execute();
    const left = await db.kysely.selectFrom('idempotency_keys').select('user_id').execute();
    expect(left).toEqual([{ user_id: users[1] }]);

    const back = await migrator.migrateTo('0006-order-holds');
    expect(back.error).toBeUndefined();
    await expect(sql`select 1 from idempotency_keys`.execute(db.kysely)).rejects.toThrow();
    expect(await migrateToLatest(db)).toContain('0008-idempotency-keys');
  });
});
