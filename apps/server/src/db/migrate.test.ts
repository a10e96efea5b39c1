import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('migrating a PostgreSQL schema', () => {
  // Kysely's own introspector reads every column of every schema (with pg_get_serial_sequence for
  // each): a table created or dropped in another schema meanwhile failed the migration with
  // "relation … does not exist" or "column … does not exist" (seen in CI with the test files'
  // schemas side by side). The migrator now reads only its own schema.
  it('is not disturbed by another schema of the same database changing meanwhile', async () => {
    const databaseUrl = url ?? '';
    const name = () => `${inject('testSchemaPrefix')}${randomBytes(6).toString('hex')}`;
    const other = name();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${other}`);

    let churning = true;
    let churned = 0;
    const columns = Array.from({ length: 40 }, (_, i) => `c${i} serial`).join(', ');
    const churner = new pg.Client({ connectionString: databaseUrl });
    await churner.connect();
    const churn = (async () => {
      while (churning) {
        await churner.query(`create table ${other}.t (${columns})`);
        await churner.query(`drop table ${other}.t`);
        churned += 1;
      }
    })();

    try {
      for (let round = 0; round < 6; round += 1) {
        const schema = name();
        await admin.query(`create schema ${schema}`);
        const db = openDatabase({ kind: 'postgres', url: databaseUrl }, { schema });
        try {
          expect((await migrateToLatest(db)).length).toBeGreaterThan(0);
        } finally {
          await db.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      await churner.end();
      await admin.end();
    }
    // The other schema really changed while the migrations ran.
    expect(churned).toBeGreaterThan(6);
  });
});
