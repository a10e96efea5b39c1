import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDb extends Db {
  /** Another connection to the same database, as a second instance of the server would open. */
  reopen(): Db;
  /** Closes the connection and removes the database (file or schema). */
  drop(): Promise<void>;
}

interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestDb>;
}

const sqlite: TestDatabaseKind = {
  name: 'sqlite',
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
    const file = path.join(dir, 'shop.db');
    const db = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(db);
    return {
      ...db,
      reopen: () => openDatabase({ kind: 'sqlite', file }),
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgres(url: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async open() {
      // A fresh schema per test file, so runs and files never see each other's rows.
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const db = openDatabase({ kind: 'postgres', url }, { schema });
      await migrateToLatest(db);
      return {
        ...db,
        reopen: () => openDatabase({ kind: 'postgres', url }, { schema }),
        async drop() {
          await db.close();
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop schema ${schema} cascade`);
          await cleanup.end();
        },
      };
    },
  };
}

const testDatabaseUrl = process.env['TEST_DATABASE_URL'];

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabases: TestDatabaseKind[] = testDatabaseUrl
  ? [sqlite, postgres(testDatabaseUrl)]
  : [sqlite];
