import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp } from './build-app.js';
import type { testDatabases, TestDb } from './databases.js';

type TestDatabaseKind = (typeof testDatabases)[number];

/** The shop a describe block tests: its database and the app built on it. */
export interface Shop {
  readonly db: TestDb;
  readonly app: FastifyInstance;
}

export interface ShopOptions {
  /** Settings over the tests' own (testConfig), as environment variables. */
  config?: Record<string, string>;
  /** What the app is built with besides (a mailer that records, a clock). */
  deps?: Parameters<typeof buildTestApp>[2];
  /** Runs on the migrated database before the app is built (demo data, rows to start from). */
  before?: (db: TestDb) => Promise<unknown>;
}

/**
 * The set-up most server test files share, for one test database (use it inside
 * `describe.each(testDatabases)`): before the block's tests a fresh, migrated database and the
 * app built on it (buildTestApp); after them both closed and the database removed. Read
 * `shop.app` and `shop.db` inside hooks and tests, where they exist.
 */
export function withShop(kind: TestDatabaseKind, options: ShopOptions = {}): Shop {
  let db: TestDb | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    db = await kind.open();
    await options.before?.(db);
    app = await buildTestApp(db, options.config, options.deps);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`shop.${name} is read before the shop is built`);
    return value;
  };
  return {
    get db() {
      return ready(db, 'db');
    },
    get app() {
      return ready(app, 'app');
    },
  };
}
