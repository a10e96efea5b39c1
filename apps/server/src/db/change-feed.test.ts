import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../test/databases.js';
import {
  CHANGES_CHANNEL,
  DATA_VERSION_EVERY_MS,
  notifiedTables,
  sqliteChangeFeed,
} from './change-feed.js';

describe('SQLite change feed', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function twoConnections() {
    const dir = mkdtempSync(path.join(tmpdir(), 'feed-'));
    dirs.push(dir);
    const file = path.join(dir, 'shop.db');
    const mine = new SQLite(file);
    mine.pragma('journal_mode = WAL');
    mine.exec('create table products (id text)');
    return { mine, other: new SQLite(file) };
  }

  it("tells this process's writes at once, and another process's within the interval", async () => {
    const { mine, other } = twoConnections();
    const feed = sqliteChangeFeed(mine);
    const before = feed.generation('products') ?? 0;
    feed.wrote(['products']);
    const afterOwn = feed.generation('products') ?? 0;
    expect(afterOwn).toBe(before + 1);

    other.exec("insert into products values ('made elsewhere')");
    await sleep(DATA_VERSION_EVERY_MS + 1);
    expect(feed.generation('products')).toBeGreaterThan(afterOwn);
    // Asked many times without a commit elsewhere: nothing changes.
    const settled = feed.generation('products');
    for (let i = 0; i < 1000; i += 1) expect(feed.generation('products')).toBe(settled);
    mine.close();
    other.close();
  });
});

describe('notifiedTables', () => {
  it("hears its own schema's tables, none of another schema's, nor a bare name of a schema migrated before 0027", () => {
    expect(notifiedTables('shop_a.products', 'shop_a')).toEqual(['products']);
    expect(notifiedTables('shop_b.products', 'shop_a')).toEqual([]);
    expect(notifiedTables('products', 'shop_a')).toEqual([]);
    expect(notifiedTables('shop_a.orders', 'shop_a')).toHaveLength(5);
  });
});

const postgresKind = testDatabases.find((kind) => kind.name === 'postgres');

describe.skipIf(!postgresKind)('PostgreSQL change feed, two shops on one database', () => {
  it("does not drop one schema's kept reads when another schema is written", async () => {
    const mine = await postgresKind!.open();
    const theirs = await postgresKind!.open();
    // A second connection to my schema: its writes reach my feed only through NOTIFY, like
    // another instance's.
    const mineElsewhere = mine.reopen();
    try {
      await vi.waitFor(() => expect(mine.changes.generation('products')).toBeDefined(), {
        timeout: 10_000,
      });
      const products = mine.changes.generation('products');
      const reviews = mine.changes.generation('reviews');
      // The other shop writes its products; then my other connection writes my reviews.
      // PostgreSQL delivers notifications in commit order, so once my reviews' is heard, theirs
      // about products has been heard too (and must have changed nothing).
      await sql`update products set name = name where false`.execute(theirs.kysely);
      // And a schema whose triggers predate migration 0027 names the table alone.
      await sql`select pg_notify(${CHANGES_CHANNEL}, 'products')`.execute(theirs.kysely);
      await sql`update reviews set rating = rating where false`.execute(mineElsewhere.kysely);
      await vi.waitFor(() => expect(mine.changes.generation('reviews')).not.toBe(reviews), {
        timeout: 10_000,
      });
      expect(mine.changes.generation('products')).toBe(products);
    } finally {
      await mineElsewhere.close();
      await theirs.drop();
      await mine.drop();
    }
  });
});
