import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { postgresChangeFeed, sqliteChangeFeed, type ChangeFeed } from './change-feed.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * The driver under Kysely, for the few hot statements that skip its query building (an order's
   * placement): SQLite's connection (use it only while holding Kysely's connection, see
   * orders.repository.ts) or PostgreSQL's pool (named prepared statements).
   */
  driver: { kind: 'sqlite'; sqlite: SQLite.Database } | { kind: 'postgres'; pool: pg.Pool };
  /** Tells in-memory caches when the tables they hold change, on any instance. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use instead of `public` (tests use one per run). */
  schema?: string;
}

/** How many prepared statements a SQLite connection keeps: the shop's queries are a small set. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query afresh; better-sqlite3 statements can be reused, and preparing
 * costs as much as running a small query. Kysely runs one query at a time per connection, so a
 * cached statement is never in use twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement) {
        // Most recently used last, so the oldest is the first to go.
        statements.delete(query);
      } else {
        statement = sqlite.prepare(query);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

/** Opens the configured database: SQLite (WAL, foreign keys on) or a PostgreSQL pool. */
export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Db {
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const changes = sqliteChangeFeed(sqlite);
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [changes.plugin],
    });
    return {
      kysely,
      dialect: 'sqlite',
      driver: { kind: 'sqlite', sqlite },
      changes,
      close: () => kysely.destroy(),
    };
  }
  const connection = {
    connectionString: config.url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new pg.Pool({
    ...connection,
    max: 10,
    // While the database is away a call fails after this long (a 503) instead of waiting forever.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // A connection that dies (the database restarts) emits 'error' on its client, idle or in use;
  // unheard, that would end the process. The query using it fails on its own (a 503), and the
  // pool drops the dead client and connects afresh for the next call.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const changes = postgresChangeFeed(connection);
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [changes.plugin],
  });
  return {
    kysely,
    dialect: 'postgres',
    driver: { kind: 'postgres', pool },
    changes,
    close: async () => {
      await changes.close();
      await kysely.destroy();
    },
  };
}
