import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { newId } from '../ids.js';
import { createMigrator, migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';

/**
 * Finding 16 (security report 2026-11-26): upgrading a shop whose catalog holds two SKUs that
 * differ only in case. The migration cannot make them one SKU by itself (which product keeps
 * it is the shop's call, and SKUs are printed on invoices and in buyers' spreadsheets), so it
 * stops, naming them, and changes nothing; once one of each pair is renamed it completes.
 */
describe.each(testDatabases)('finding 16: migration 0015 on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const product = async (sku: string | null) => {
    const id = newId();
    const now = nowIso();
    await sql`insert into products (id, name, description, img_url, price_cents, aqty, minquantity, sku, created_at, updated_at)
      values (${id}, ${`Case ${sku ?? 'none'}`}, 'x', '/x.svg', 1000, 10, 1, ${sku}, ${now}, ${now})`.execute(
      db.kysely,
    );
    return id;
  };
  const columnsOf = async (table: string) =>
    db.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(db.kysely)
        ).rows.map((row) => row.name)
      : (
          await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(
            db.kysely,
          )
        ).rows.map((row) => row.name);

  it('stops naming two SKUs that differ only in case, changes nothing, and completes once one is renamed', async () => {
    const migrator = await createMigrator(db);
    // Every migration before 0015: PostgreSQL runs a batch of pending migrations in one
    // transaction, so a failed 0015 would take an earlier one of the same batch back with it.
    expect((await migrator.migrateTo('0014-unpaid-value-and-cooldowns')).error).toBeUndefined();

    const upper = await product('PRB-1');
    const lower = await product('prb-1');
    await product('PRB-2');
    await product(null);
    await product(null);

    await expect(migrateToLatest(db)).rejects.toThrow(
      `these products have SKUs that differ only in case: PRB-1 (product ${upper}) and prb-1 (product ${lower})`,
    );
    // Nothing of 0015 was done: its columns are not there, the exact SKU index still is.
    expect(await columnsOf('mail_outbox')).not.toContain('admitted_at');
    await expect(product('PRB-2')).rejects.toThrow();

    await sql`update products set sku = 'PRB-1-OLD' where id = ${lower}`.execute(db.kysely);
    // Later migrations run after it: 0015 first.
    expect((await migrateToLatest(db))[0]).toBe('0015-mail-limits-and-sku-case');
    expect(await columnsOf('mail_outbox')).toEqual(
      expect.arrayContaining(['admitted_at', 'skipped_at', 'skip_reason']),
    );
    // Any spelling of a taken SKU is refused by the database itself; no SKU is still fine.
    await expect(product('prb-2')).rejects.toThrow();
    await expect(product('Prb-1')).rejects.toThrow();
    await product(null);
    await product('PRB-3');
  });
});
