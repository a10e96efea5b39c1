import type SQLite from 'better-sqlite3';
import {
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';

/**
 * The tables whose reads the server keeps in memory: the public lists, and the users, sessions
 * and identities (a confirmed email) behind API tokens (auth/session-cache.ts).
 */
export type WatchedTable = 'products' | 'reviews' | 'users' | 'auth_session' | 'auth_user';
const WATCHED: readonly WatchedTable[] = [
  'products',
  'reviews',
  'users',
  'auth_session',
  'auth_user',
];

/**
 * The PostgreSQL channel the 0005 migration's triggers notify, with `schema.table` as payload
 * (0027; a bare table name before it).
 */
export const CHANGES_CHANNEL = 'shop_changes';

/**
 * The tables a notification on CHANGES_CHANNEL tells this listener of: none when it names
 * another schema (NOTIFY reaches every listener of the database, whatever its schema), the one
 * it names, or every table when the table is not one of ours. A bare table name comes from a
 * schema whose triggers predate migration 0027, so never this listener's (an instance migrates
 * before it listens): another shop's, or a test's database at an older migration. Ignored.
 */
export function notifiedTables(payload: string, ownSchema: string): readonly WatchedTable[] {
  const dot = payload.lastIndexOf('.');
  if (dot === -1 || payload.slice(0, dot) !== ownSchema) return [];
  const name = payload.slice(dot + 1);
  const table = WATCHED.find((watched) => watched === name);
  return table ? [table] : WATCHED;
}

/**
 * Tells an in-memory cache whether what it holds is still current, on one instance or many:
 * - writes through this process's Kysely bump a table's generation (the plugin below);
 * - SQLite: another process's commit changes `PRAGMA data_version`, which bumps every table;
 * - PostgreSQL: triggers notify every instance after each commit (LISTEN on a connection of its
 *   own); while that connection is down nothing may be cached, since a change could be missed.
 */
export interface ChangeFeed {
  /** The table's generation, or undefined when no cached read may be trusted right now. */
  generation(table: WatchedTable): number | undefined;
  /** The Kysely plugin that sees this process's writes. */
  readonly plugin: KyselyPlugin;
  /** Tells of this process's writes made without Kysely (the plugin cannot see them). */
  wrote(tables: readonly WatchedTable[]): void;
  /** Where the feed reports losing and regaining PostgreSQL (the app's logger). */
  setLog(log: FeedLog): void;
  close(): Promise<void>;
}

export type FeedLog = (message: string, error?: unknown) => void;

function tableName(node: OperationNode | undefined): string | undefined {
  if (node && TableNode.is(node)) return node.table.identifier.name;
  return undefined;
}

/** Raw SQL that only reads (the health check's `select 1`, a lock): it changes no table. */
const READ_ONLY_SQL = /^\s*select\b/i;

/** The watched tables a query writes; every watched table for raw SQL we cannot read. */
function writtenTables(node: RootOperationNode): readonly WatchedTable[] {
  if (SelectQueryNode.is(node)) return [];
  if (RawNode.is(node) && READ_ONLY_SQL.test(node.sqlFragments.join(' '))) return [];
  let written: string | undefined;
  if (InsertQueryNode.is(node)) written = tableName(node.into);
  else if (UpdateQueryNode.is(node)) written = tableName(node.table);
  else if (DeleteQueryNode.is(node)) written = tableName(node.from.froms[0]);
  else return WATCHED;
  return WATCHED.filter((table) => table === written);
}

class Generations {
  private readonly counts = new Map<WatchedTable, number>(WATCHED.map((table) => [table, 0]));

  bump(tables: readonly WatchedTable[] = WATCHED): void {
    for (const table of tables) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  of(table: WatchedTable): number {
    return this.counts.get(table) ?? 0;
  }
}

function writeTracker(generations: Generations): KyselyPlugin {
  const pending = new WeakMap<object, readonly WatchedTable[]>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const tables = writtenTables(node);
      if (tables.length > 0) pending.set(queryId, tables);
      return node;
    },
    async transformResult({
      result,
      queryId,
    }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const tables = pending.get(queryId);
      if (tables) generations.bump(tables);
      return result;
    },
  };
}

/** How often SQLite's feed asks whether another process committed (see sqliteChangeFeed). */
export const DATA_VERSION_EVERY_MS = 1;

/**
 * SQLite: one connection per process, and Kysely runs one query at a time on it, so a read
 * queued behind a write transaction sees its commit. Other processes are seen through
 * `data_version`, which changes when another connection commits.
 */
export function sqliteChangeFeed(sqlite: SQLite.Database): ChangeFeed {
  const generations = new Generations();
  // Prepared once: `sqlite.pragma()` would prepare it again on every read of a cached list.
  const statement = sqlite.prepare('PRAGMA data_version').pluck();
  const dataVersion = () => Number(statement.get());
  let seen = dataVersion();
  // Asked at most once a millisecond (DATA_VERSION_EVERY_MS): the pragma opens a read of the
  // WAL index, which cost a fifth of a replayed list's time when every read asked. This
  // process's own writes (Kysely's and those told through `wrote`) count at once; another
  // process's commit is seen within the millisecond, no later than if it had committed then.
  let checkedAt = -Infinity;
  return {
    plugin: writeTracker(generations),
    wrote: (tables) => generations.bump(tables),
    generation(table) {
      const at = performance.now();
      if (at - checkedAt >= DATA_VERSION_EVERY_MS) {
        checkedAt = at;
        const now = dataVersion();
        if (now !== seen) {
          seen = now;
          generations.bump();
        }
      }
      return generations.of(table);
    },
    setLog: () => undefined,
    close: async () => undefined,
  };
}

/** PostgreSQL: the plugin for this process's writes, LISTEN for everyone's commits. */
export function postgresChangeFeed(connection: pg.ClientConfig): ChangeFeed {
  let log: FeedLog = () => undefined;
  const generations = new Generations();
  let client: pg.Client | undefined;
  // The schema this connection's tables are in (its search_path's first), asked on connecting.
  let schema = '';
  let listening = false;
  let started = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (error?: unknown) => {
    if (!listening && client === undefined) return;
    listening = false;
    const gone = client;
    client = undefined;
    gone?.removeAllListeners();
    gone?.on('error', () => undefined);
    void gone?.end().catch(() => undefined);
    if (!closed) {
      log('change feed lost: serving reads from the database until it is back', error);
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    }
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client(connection);
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      const tables = notifiedTables(message.payload ?? '', schema);
      if (tables.length > 0) generations.bump(tables);
    });
    try {
      await next.connect();
      const current = await next.query<{ schema: string }>('select current_schema() as schema');
      schema = current.rows[0]?.schema ?? 'public';
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (!closed) {
        retry = setTimeout(() => void connect(), 1000);
        retry.unref();
      }
      log('change feed could not connect', error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Whatever changed while nobody listened is unknown: start every table afresh.
    generations.bump();
    listening = true;
  }

  return {
    plugin: writeTracker(generations),
    wrote: (tables) => generations.bump(tables),
    generation(table) {
      if (!started) {
        started = true;
        void connect();
      }
      return listening ? generations.of(table) : undefined;
    },
    setLog(next) {
      log = next;
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
    },
  };
}
