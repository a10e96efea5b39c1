import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDb extends Db {
  /** Another connection to the same database, as a second instance of the server would open. */
  reopen(): Db;
  /** Closes the connection and removes the database (a SQLite file now; a schema at the run's end). */
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
      // A fresh schema per test file, so runs and files never see each other's rows; dropped
      // with the rest of the run's at its end (postgres-schemas.global.ts).
      const schema = `${inject('testSchemaPrefix')}${randomBytes(6).toString('hex')}`;
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
