import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_VERSION_EVERY_MS, sqliteChangeFeed } from './change-feed.js';

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
