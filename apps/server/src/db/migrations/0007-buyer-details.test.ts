import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { createMigrator, migrateToLatest } from '../migrate.js';
import { newId } from '../ids.js';
import { nowIso } from '../time.js';

/** Upgrading a shop that has users to 0007 keeps them, with no buyer details yet. */
describe.each(testDatabases)('migration 0007-buyer-details on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('adds empty buyer details to existing users, and goes down and up again', async () => {
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo('0006-order-holds');
    expect(down.error).toBeUndefined();

    // A user as the previous release left them, with the spec's profile fields.
    const now = nowIso();
    const userId = newId();
    await sql`insert into users (id, email, display_name, provider_id, role, phone, location, created_at, updated_at)
      values (${userId}, ${`old-${userId}@example.com`}, 'Old', 'Email & Password', 'user', '+1 555 0100', 'Leeds', ${now}, ${now})`.execute(
      db.kysely,
    );

    expect(await migrateToLatest(db)).toContain('0007-buyer-details');

    const readUser = () =>
      db.kysely
        .selectFrom('users')
        .select(['display_name', 'phone', 'location', 'company', 'vat_number', 'shipping_address'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    expect(await readUser()).toEqual({
      display_name: 'Old',
      phone: '+1 555 0100',
      location: 'Leeds',
      company: null,
      vat_number: null,
      shipping_address: null,
    });

    // The new columns hold what the profile writes: a multi-line address keeps its breaks.
    await db.kysely
      .updateTable('users')
      .set({ company: 'Acme', vat_number: 'DE123456789', shipping_address: 'Acme\nDock Road 4' })
      .where('id', '=', userId)
      .execute();
    expect(await readUser()).toMatchObject({
      company: 'Acme',
      vat_number: 'DE123456789',
      shipping_address: 'Acme\nDock Road 4',
    });

    // Down drops only the new columns; up again starts them empty.
    const back = await migrator.migrateTo('0006-order-holds');
    expect(back.error).toBeUndefined();
    const old = await sql<{ phone: string }>`select phone from users where id = ${userId}`.execute(
      db.kysely,
    );
    expect(old.rows[0]?.phone).toBe('+1 555 0100');
    await expect(sql`select company from users`.execute(db.kysely)).rejects.toThrow();
    expect(await migrateToLatest(db)).toContain('0007-buyer-details');
    expect(await readUser()).toMatchObject({ company: null, shipping_address: null });
  });
});
