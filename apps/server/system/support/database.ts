import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { OrderRow } from '../../src/db/schema.js';

/** PostgreSQL tests run when this is set (CI sets it), like the other server tests. */
export const testDatabaseUrl = process.env['TEST_DATABASE_URL'];

export interface FreshDatabase {
  /** The DATABASE_URL of the new database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database made from the TEST_DATABASE_URL connection, so the servers
 * under test migrate and seed it from scratch and no other test sees its rows.
 */
export async function createPostgresDatabase(): Promise<FreshDatabase> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_system_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** An order row as stored: the server's own row type, its times as the driver reads them. */
export type StoredOrder = Pick<
  OrderRow,
  | 'id'
  | 'product_id'
  | 'product_name'
  | 'user_id'
  | 'user_email'
  | 'user_name'
  | 'phone'
  | 'address'
  | 'quantity'
  | 'unit_price_cents'
  | 'price_cents'
  | 'payment_status'
  | 'order_status'
  | 'transaction_id'
> & { created_at: unknown; updated_at: unknown };

export interface StoredProduct {
  id: string;
  name: string;
  price_cents: number;
  aqty: number;
}

/** Reads the tables under test straight from the database the server writes. */
export interface Store {
  ordersOf(productIds: readonly string[]): Promise<StoredOrder[]>;
  products(productIds: readonly string[]): Promise<Map<string, StoredProduct>>;
  /** Users by id: id → email. */
  users(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

const placeholders = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => `$${i + from}`).join(', ');

export async function openPostgresStore(url: string): Promise<Store> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async ordersOf(ids) {
      const res = await client.query<StoredOrder>(
        `select * from orders where product_id in (${placeholders(ids.length)})`,
        [...ids],
      );
      return res.rows;
    },
    async products(ids) {
      const res = await client.query<StoredProduct>(
        `select id, name, price_cents, aqty from products where id in (${placeholders(ids.length)})`,
        [...ids],
      );
      return new Map(res.rows.map((row) => [row.id, row]));
    },
    async users() {
      const res = await client.query<{ id: string; email: string }>('select id, email from users');
      return new Map(res.rows.map((row) => [row.id, row.email]));
    },
    close: () => client.end(),
  };
}

/** The server's SQLite file in its data directory, opened read-only next to the server. */
export function openSqliteStore(dataDir: string): Store {
  const db = new SQLite(path.join(dataDir, 'shop.db'), { readonly: true, fileMustExist: true });
  const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');
  return {
    async ordersOf(ids) {
      return db
        .prepare(`select * from orders where product_id in (${marks(ids.length)})`)
        .all(...ids) as StoredOrder[];
    },
    async products(ids) {
      const rows = db
        .prepare(
          `select id, name, price_cents, aqty from products where id in (${marks(ids.length)})`,
        )
        .all(...ids) as StoredProduct[];
      return new Map(rows.map((row) => [row.id, row]));
    },
    async users() {
      const rows = db.prepare('select id, email from users').all() as {
        id: string;
        email: string;
      }[];
      return new Map(rows.map((row) => [row.id, row.email]));
    },
    async close() {
      db.close();
    },
  };
}
