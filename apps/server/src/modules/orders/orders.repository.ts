import { placedApproval } from '@shop/shared';
import type { Kysely, Transaction } from 'kysely';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { createOrderReads } from './order-reads.repository.js';
import {
  createOrderTransitions,
  CreditRefused,
  invoiceIn,
  type ReserveCredit,
} from './order-transitions.repository.js';
import {
  kyselyStatements,
  placeWith,
  Refusal,
  type NewOrder,
  type PlaceRefusal,
  type PlaceResult,
  type PlaceRules,
} from './place-order.repository.js';
import { createPostgresOrderPlacement } from './place-postgres.repository.js';
import { createSqliteOrderBatches } from './place-sqlite.repository.js';
import { createProductRemoval } from './product-removal.repository.js';

export {
  MAX_ORDER_CENTS,
  type CustomerLimits,
  type NewOrder,
  type NewOrderLine,
  type OrderCharge,
  type PlaceRefusal,
  type PlaceResult,
  type PlaceRules,
} from './place-order.repository.js';
export type { ListedOrderRow, OrderListFilter } from './order-reads.repository.js';
export type { OrderExpiryTerms, RecordInTransaction } from './order-transitions.repository.js';

/**
 * The orders module's repositories as the service uses them, one object: placing
 * (modules/orders/README.md: the ways an order is placed), reads and lists
 * (order-reads.repository.ts), the moves between states (order-transitions.repository.ts) and
 * the part in removing a product (product-removal.repository.ts).
 *
 * `direct`: the driver under Kysely and the change feed, for placing orders without Kysely's
 * per-call work (the server passes them; a test may leave them out and get the plain path).
 */
export function createOrdersRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  direct?: { driver: Db['driver']; changes: ChangeFeed },
) {
  const sqliteBatches =
    direct?.driver.kind === 'sqlite'
      ? createSqliteOrderBatches(db, direct.driver.sqlite, direct.changes)
      : undefined;
  const postgresPlacement =
    direct?.driver.kind === 'postgres'
      ? createPostgresOrderPlacement(direct.driver.pool, direct.changes)
      : undefined;

  return {
    ...createOrderReads(db),
    ...createOrderTransitions(db, dialect),
    ...createProductRemoval(dialect),

    /**
     * Places an order of one or more lines and reserves their stock in one transaction, all or
     * nothing. Each line's stock is taken by a single conditional UPDATE (`aqty >= quantity`,
     * the minimum, the pack size), which the database applies atomically, so no concurrency can
     * take it below zero; each line is priced from the product's price and breaks, and the
     * order-placed mail is written to the outbox in the same transaction.
     */
    /**
     * Runs `work` in one transaction with `place`, the general placement path inside it
     * (`placeWith`: every rule of every order, the offer's prices where the input has them). A
     * refusal of the placement rolls back all `work` wrote and is answered instead; any other
     * error of `work` rolls it back and is thrown. An accepted quote uses it (modules/quotes):
     * its claim of the quote commits with its order or not at all.
     */
    async placeInTransaction<T>(
      work: (
        trx: Transaction<Database>,
        place: (
          input: NewOrder,
          rules: PlaceRules,
        ) => Promise<Extract<PlaceResult, { kind: 'placed' }>>,
      ) => Promise<T>,
    ): Promise<{ kind: 'done'; value: T } | PlaceRefusal> {
      try {
        const value = await db.transaction().execute((trx) =>
          work(trx, async (input, rules) => {
            const result = await placeWith(kyselyStatements(trx, dialect), input, rules);
            if (result.kind !== 'placed') throw new Refusal(result);
            return result;
          }),
        );
        return { kind: 'done', value };
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        throw error;
      }
    },

    /**
     * Places an order on account (ux 2026-11-28 #14) and, unless it awaits approval, invoices it
     * in the same transaction (`invoiceIn`: the `invoice` transition, `reserve`'s credit step,
     * the invoice number and its mail), by the general path. A placement refusal is answered as
     * `place` answers it; a refused credit rolls the placement back too (`credit-refused`). An
     * idempotent retry answers the order placed before, as it is now.
     */
    async placeOnAccount(
      input: NewOrder & { paymentMethod: 'on_account' },
      rules: PlaceRules,
      companyId: string,
      reserve: ReserveCredit,
    ): Promise<PlaceResult | { kind: 'credit-refused'; reason: string }> {
      try {
        return await db.transaction().execute(async (trx) => {
          const placed = await placeWith(kyselyStatements(trx, dialect), input, rules);
          if (placed.kind !== 'placed' || placed.lines === undefined) return placed;
          if (placed.order.approval_status !== placedApproval.none) return placed;
          const invoiced = await invoiceIn(trx, placed.order.id, companyId, reserve);
          if (!invoiced) throw new Error('an order just placed could not be invoiced');
          return { ...placed, order: invoiced };
        });
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        if (error instanceof CreditRefused) return { kind: 'credit-refused', reason: error.reason };
        throw error;
      }
    },

    async place(input: NewOrder, rules: PlaceRules): Promise<PlaceResult> {
      // SQLite: orders arriving together share one transaction (place-sqlite.repository.ts).
      if (sqliteBatches) return sqliteBatches.place(input, rules);
      // PostgreSQL: a one-line order of a product this instance knows, in one statement.
      const placed = await postgresPlacement?.place(input, rules);
      if (placed) return placed;
      try {
        return await db
          .transaction()
          .execute((trx) => placeWith(kyselyStatements(trx, dialect), input, rules));
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        throw error;
      }
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
