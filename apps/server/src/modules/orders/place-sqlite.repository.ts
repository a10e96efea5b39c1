import type SQLite from 'better-sqlite3';
import type { Insertable, Kysely } from 'kysely';
import type { ChangeFeed } from '../../db/change-feed.js';
import { precompile, type Precompiled } from '../../db/precompiled.js';
import type { Database, MailOutboxTable, OrderRow } from '../../db/schema.js';
import {
  insertOrderMail,
  ORDER_MAIL_COLUMNS,
  orderMailEnqueued,
} from '../mail/outbox.repository.js';
import {
  NEW_ORDER_COLUMNS,
  NEW_ORDER_LINE_COLUMNS,
  placeQueries,
  placeWith,
  Refusal,
  type NewOrder,
  type NewOrderLineRow,
  type NewOrderRow,
  type PlaceResult,
  type PlaceRules,
  type PlaceStatements,
  withNumber,
} from './place-order.repository.js';

/**
 * The most orders one SQLite transaction takes. Each is answered only after the commit, so a
 * batch's last order waits for the ones before it: small enough to keep that wait short.
 */
export const MAX_ORDERS_PER_COMMIT = 64;

interface Waiting {
  input: NewOrder;
  rules: PlaceRules;
  resolve(result: PlaceResult): void;
  reject(error: unknown): void;
}

/** A statement prepared once on the connection, with the compiled query's parameter order. */
function prepared<P>(sqlite: SQLite.Database, query: Precompiled<P>) {
  const statement = sqlite.prepare(query.sql);
  return {
    get: (values: P): unknown => statement.get(...query.parameters(values)),
    all: (values: P): unknown[] => statement.all(...query.parameters(values)),
    run: (values: P): void => {
      statement.run(...query.parameters(values));
    },
  };
}

/**
 * The placement's statements as SQLite statements prepared once: the queries are the ones
 * `placeQueries` builds (one definition), compiled when the server starts instead of on every
 * order. They run synchronously; only inside a batch's transaction (below).
 */
function sqliteStatements(db: Kysely<Database>, sqlite: SQLite.Database): PlaceStatements {
  const idempotentOrder = prepared(
    sqlite,
    precompile(['userId', 'tag', 'since'], (p: { userId: string; tag: string; since: string }) =>
      placeQueries.idempotentOrder(db, p),
    ),
  );
  const takeStock = prepared(
    sqlite,
    precompile(
      ['productId', 'quantity', 'now'],
      (p: { productId: string; quantity: number; now: string }) => placeQueries.takeStock(db, p),
    ),
  );
  const takeQuotedStock = prepared(
    sqlite,
    precompile(
      ['productId', 'quantity', 'now'],
      (p: { productId: string; quantity: number; now: string }) =>
        placeQueries.takeQuotedStock(db, p),
    ),
  );
  const reservePlace = prepared(
    sqlite,
    precompile(
      ['userId', 'cents', 'max', 'maxCents'],
      (p: { userId: string; cents: number; max: number; maxCents: number }) =>
        placeQueries.reservePlace(db, p),
    ),
  );
  const countPlace = prepared(
    sqlite,
    precompile(['userId', 'cents'], (p: { userId: string; cents: number }) =>
      placeQueries.countPlace(db, p),
    ),
  );
  const unpaidCount = prepared(
    sqlite,
    precompile(['userId'], (p: { userId: string }) => placeQueries.unpaidCount(db, p)),
  );
  const awaitingApproval = prepared(
    sqlite,
    precompile(['userId'], (p: { userId: string }) => placeQueries.awaitingApproval(db, p)),
  );
  const companyAwaitingCents = prepared(
    sqlite,
    precompile(['companyId'], (p: { companyId: string }) =>
      placeQueries.companyAwaitingCents(db, p),
    ),
  );
  const monthSpent = prepared(
    sqlite,
    precompile(
      ['userId', 'companyId', 'since'],
      (p: { userId: string; companyId: string; since: string }) => placeQueries.monthSpent(db, p),
    ),
  );
  const cooldowns = prepared(
    sqlite,
    precompile(['userId', 'now'], (p: { userId: string; now: string }) =>
      placeQueries.cooldowns(db, p),
    ),
  );
  const insertOrder = prepared(
    sqlite,
    precompile(NEW_ORDER_COLUMNS, (row: NewOrderRow) => placeQueries.insertOrder(db, row)),
  );
  const orderNumber = prepared(
    sqlite,
    precompile(['id'], (p: { id: string }) => placeQueries.orderNumber(db, p)),
  );
  const insertLine = prepared(
    sqlite,
    precompile(NEW_ORDER_LINE_COLUMNS, (row: NewOrderLineRow) => placeQueries.insertLine(db, row)),
  );
  const insertMail = prepared(
    sqlite,
    precompile(ORDER_MAIL_COLUMNS, (row: Insertable<MailOutboxTable>) => insertOrderMail(db, row)),
  );
  const productRules = prepared(
    sqlite,
    precompile(['productId'], (p: { productId: string }) => placeQueries.productRules(db, p)),
  );

  // The rows are what the same queries answer through Kysely (its SQLite driver returns them
  // as better-sqlite3 reads them).
  return {
    idempotentOrder: async (p) => idempotentOrder.get(p) as OrderRow | undefined,
    takeStock: async (p) => takeStock.get(p) as Awaited<ReturnType<PlaceStatements['takeStock']>>,
    takeQuotedStock: async (p) =>
      takeQuotedStock.get(p) as Awaited<ReturnType<PlaceStatements['takeQuotedStock']>>,
    async reservePlace({ userId, cents, limits }) {
      if (!limits) {
        countPlace.run({ userId, cents });
        return 'reserved';
      }
      const { maxUnpaid: max, maxUnpaidCents: maxCents } = limits;
      if (reservePlace.get({ userId, cents, max, maxCents }) !== undefined) return 'reserved';
      const row = unpaidCount.get({ userId }) as { unpaid: number } | undefined;
      return row && row.unpaid >= max ? 'count' : 'value';
    },
    // One writer at a time: the sums need no lock.
    async awaitingApproval({ userId, companyId }) {
      const mine = awaitingApproval.get({ userId }) as
        { n: number; cents: number | null } | undefined;
      const theirs = companyAwaitingCents.get({ companyId }) as
        { cents: number | null } | undefined;
      return {
        count: Number(mine?.n ?? 0),
        buyerCents: Number(mine?.cents ?? 0),
        companyCents: Number(theirs?.cents ?? 0),
      };
    },
    monthSpent: async (p) =>
      Number((monthSpent.get(p) as { cents: number | null } | undefined)?.cents ?? 0),
    // SQLite keeps times as the ISO text they were written as.
    cooldowns: async (p) => cooldowns.all(p) as { product_id: string; ends_at: string }[],
    insertOrder: async (row) =>
      withNumber(
        insertOrder.get(row) as OrderRow,
        async () => orderNumber.get({ id: row.id }) as { number: number } | undefined,
      ),
    insertLine: async (row) => insertLine.run(row),
    insertMail: async (row) => insertMail.run(row),
    productRules: async (p) =>
      productRules.get(p) as Awaited<ReturnType<PlaceStatements['productRules']>>,
  };
}

/**
 * SQLite's group commit: orders that arrive while a transaction is being written wait and then
 * share the next one, each in a savepoint of its own (a refused order rolls back its savepoint
 * only). A commit costs more than the statements of an order; sharing it is what lets one
 * SQLite file take thousands of orders a second. Nothing is answered before its commit: an
 * accepted order is on disk (WAL) when its answer leaves, and a failed commit fails every order
 * of the batch, none of which was answered yet.
 *
 * The statements run on the connection under Kysely while holding Kysely's hold on it
 * (`connection().execute`), so no other query of this process runs in between, and BEGIN
 * IMMEDIATE takes SQLite's write lock up front (another process waits, as for any writer).
 */
export function createSqliteOrderBatches(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  changes: ChangeFeed,
) {
  const statements = sqliteStatements(db, sqlite);
  const begin = sqlite.prepare('begin immediate');
  const commit = sqlite.prepare('commit');
  const rollback = sqlite.prepare('rollback');
  const savepoint = sqlite.prepare('savepoint place_order');
  const rollbackTo = sqlite.prepare('rollback to place_order');
  const release = sqlite.prepare('release place_order');
  let waiting: Waiting[] = [];
  let writing = false;

  /** Places one order of the batch in its savepoint; a refusal or an error undoes it alone. */
  async function placeOne(order: Waiting): Promise<{ result: PlaceResult } | { error: unknown }> {
    savepoint.run();
    try {
      const result = await placeWith(statements, order.input, order.rules);
      release.run();
      return { result };
    } catch (error) {
      rollbackTo.run();
      release.run();
      return error instanceof Refusal ? { result: error.result } : { error };
    }
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    let outcomes: ({ result: PlaceResult } | { error: unknown })[];
    try {
      outcomes = await db.connection().execute(async () => {
        begin.run();
        const done: ({ result: PlaceResult } | { error: unknown })[] = [];
        try {
          for (const order of batch) done.push(await placeOne(order));
          commit.run();
        } catch (error) {
          if (sqlite.inTransaction) rollback.run();
          throw error;
        }
        return done;
      });
    } catch (error) {
      for (const order of batch) order.reject(error);
      return;
    }
    if (outcomes.some((outcome) => 'result' in outcome && outcome.result.kind === 'placed')) {
      // Stock moved: the product lists kept in memory are stale. The outbox has new mail.
      changes.wrote(['products']);
      orderMailEnqueued();
    }
    batch.forEach((order, index) => {
      const outcome = outcomes[index];
      if (outcome && 'result' in outcome) order.resolve(outcome.result);
      else order.reject(outcome?.error ?? new Error('order not placed'));
    });
  }

  async function writeAll(): Promise<void> {
    writing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, MAX_ORDERS_PER_COMMIT);
        waiting = waiting.slice(MAX_ORDERS_PER_COMMIT);
        await writeBatch(batch);
      }
    } finally {
      writing = false;
    }
  }

  return {
    place(input: NewOrder, rules: PlaceRules): Promise<PlaceResult> {
      return new Promise<PlaceResult>((resolve, reject) => {
        waiting.push({ input, rules, resolve, reject });
        // The first order waits for the event loop's turn, so those that arrived with it join.
        if (!writing) {
          writing = true;
          setImmediate(() => void writeAll());
        }
      });
    },
  };
}
