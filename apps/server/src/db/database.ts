import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use instead of `public` (tests use one per run). */
  schema?: string;
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
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}
