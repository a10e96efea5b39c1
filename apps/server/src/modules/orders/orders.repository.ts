import type { Kysely, Transaction } from 'kysely';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema.js';
import { containsText, readPage, type ListWindow } from '../../db/list-queries.js';
import { nowIso } from '../../db/time.js';
import { orderTransitions, type OrderStatus } from '@shop/shared';
import { enqueueOrderMail } from '../mail/outbox.repository.js';
import type { PaymentsRepository, SucceededPayment } from '../payments/payments.repository.js';
import { toOrder } from './order-view.js';
import {
  byProductId,
  kyselyStatements,
  placeWith,
  Refusal,
  type NewOrder,
  type PlaceResult,
  type PlaceRules,
} from './place-order.repository.js';
import { createPostgresOrderPlacement } from './place-postgres.repository.js';
import { createSqliteOrderBatches } from './place-sqlite.repository.js';

export {
  MAX_ORDER_CENTS,
  type CustomerLimits,
  type NewOrder,
  type NewOrderLine,
  type PlaceRefusal,
  type PlaceResult,
  type PlaceRules,
} from './place-order.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An expiry's terms: the hold ran out by `by`; the products cool down until `cooldownUntil`. */
export interface OrderExpiryTerms {
  by: string;
  cooldownUntil: string;
}

/** Ids per query when reading lines: far below any database's bound-parameter limit. */
const LINES_CHUNK = 500;

/** Which orders Manage Order lists (`GET /api/orders?q=&status=`). */
export interface OrderListFilter {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

/**
 * `direct`: the driver under Kysely and the change feed, for placing orders without Kysely's
 * per-call work (the server passes them; a test may leave them out and get the plain path).
 */
export function createOrdersRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  payments: Pick<PaymentsRepository, 'recordSuccess'>,
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
  const byId = (q: Executor, id: string) =>
    q.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  /** better-sqlite3 binds no booleans: SQLite keeps them as 0 and 1. */
  const flag = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0);

  const linesIn = (q: Executor, orderId: string) =>
    q
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();

  /** Every line's pieces back on its product's shelf (a deleted product's line has none). */
  async function returnStock(trx: Executor, lines: readonly OrderLineRow[]): Promise<void> {
    const now = nowIso();
    const held = lines.flatMap((line) =>
      line.product_id ? [{ productId: line.product_id, quantity: line.quantity }] : [],
    );
    for (const line of held.sort(byProductId)) {
      await trx
        .updateTable('products')
        .set((eb) => ({ aqty: eb('aqty', '+', line.quantity), updated_at: now }))
        .where('id', '=', line.productId)
        .execute();
    }
  }

  /** The order mail of a change, written in the change's transaction (DESIGN.md section 9). */
  async function enqueueMail(
    trx: Transaction<Database>,
    kind: 'order-paid' | 'order-shipped',
    order: OrderRow,
  ): Promise<void> {
    await enqueueOrderMail(trx, kind, toOrder(order, await linesIn(trx, order.id)));
  }

  /**
   * Cancels one unpaid order and returns every line's stock, inside the caller's transaction.
   * The conditional UPDATE is the exactly-once guard: of two instances cancelling the same
   * order, only the one whose UPDATE matched returns the stock. An expiry (`expiry`: only if the
   * hold ran out by `by`) also keeps the order's products from its customer until
   * `cooldownUntil`, in the same transaction, so the stock it frees cannot go straight back to
   * them (DESIGN.md section 11).
   */
  async function cancelIn(
    trx: Transaction<Database>,
    id: string,
    expiry?: OrderExpiryTerms,
  ): Promise<OrderRow | undefined> {
    const order = await trx
      .updateTable('orders')
      .set({ ...orderTransitions.cancel.to, expires_at: null, updated_at: nowIso() })
      .where('id', '=', id)
      .where('payment_status', '=', orderTransitions.cancel.from.payment_status)
      .$if(expiry !== undefined, (qb) => qb.where('expires_at', '<=', expiry?.by ?? ''))
      .returningAll()
      .executeTakeFirst();
    if (!order) return undefined;
    const lines = await linesIn(trx, id);
    await returnStock(trx, lines);
    if (expiry) await coolDown(trx, order.user_id, lines, expiry.cooldownUntil);
    return order;
  }

  /** The customer may not hold these lines' products again before `until` (an upsert each). */
  async function coolDown(
    trx: Transaction<Database>,
    userId: string,
    lines: readonly OrderLineRow[],
    until: string,
  ): Promise<void> {
    const products = [
      ...new Set(lines.flatMap((line) => (line.product_id ? [line.product_id] : []))),
    ].sort();
    for (const productId of products) {
      await trx
        .insertInto('hold_cooldowns')
        .values({ user_id: userId, product_id: productId, ends_at: until })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ ends_at: until }))
        .execute();
    }
  }

  return {
    findById: (id: string) => byId(db, id),

    /** The lines of these orders, by order id, each order's in the buyer's order. */
    async linesOf(orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
      const byOrder = new Map<string, OrderLineRow[]>();
      for (let start = 0; start < orderIds.length; start += LINES_CHUNK) {
        const rows = await db
          .selectFrom('order_lines')
          .selectAll()
          .where('order_id', 'in', orderIds.slice(start, start + LINES_CHUNK))
          .orderBy('order_id')
          .orderBy('position')
          .execute();
        for (const row of rows) {
          const list = byOrder.get(row.order_id);
          if (list) list.push(row);
          else byOrder.set(row.order_id, [row]);
        }
      }
      return byOrder;
    },

    listForEmail(email: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_email', '=', email)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Manage Order's list, newest first: the orders matching `filter`, the rows of `window`
     * (all without one), and how many match. `q` is found in the customer's name or email, the
     * order id, any line's product name, the PO number, transaction id or tracking number.
     */
    listMatching(
      filter: OrderListFilter,
      window: ListWindow | undefined,
    ): Promise<{ rows: OrderRow[]; total: number }> {
      let matching = db.selectFrom('orders').selectAll('orders');
      if (filter.status) matching = matching.where('order_status', '=', filter.status);
      const { q } = filter;
      if (q) {
        const contains = containsText(q);
        matching = matching.where((eb) =>
          eb.or([
            contains(eb.ref('orders.user_name')),
            contains(eb.ref('orders.user_email')),
            contains(eb.ref('orders.id')),
            contains(eb.ref('orders.po_number')),
            contains(eb.ref('orders.transaction_id')),
            contains(eb.ref('orders.tracking_number')),
            eb.exists(
              eb
                .selectFrom('order_lines')
                .select('order_lines.position')
                .whereRef('order_lines.order_id', '=', 'orders.id')
                .where((line) => contains(line.ref('order_lines.product_name'))),
            ),
          ]),
        );
      }
      return readPage(
        matching.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc'),
        window,
      );
    },

    /**
     * Places an order of one or more lines and reserves their stock in one transaction, all or
     * nothing. Each line's stock is taken by a single conditional UPDATE (`aqty >= quantity`,
     * the minimum, the pack size), which the database applies atomically, so no concurrency can
     * take it below zero; each line is priced from the product's price and breaks, and the
     * order-placed mail is written to the outbox in the same transaction.
     */
    async place(input: NewOrder, rules: PlaceRules): Promise<PlaceResult> {
      // SQLite: orders arriving together share one transaction (place-sqlite.repository.ts).
      if (sqliteBatches) return sqliteBatches.place(input, rules);
      // PostgreSQL: a one-line order of a product this instance knows, in one statement.
      const placed = await postgresPlacement?.place(input, rules);
      if (placed) return placed;
      try {
        return await db
          .transaction()
          .execute((trx) => placeWith(kyselyStatements(trx), input, rules));
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        throw error;
      }
    },

    /**
     * Marks an order paid with its transaction id, once: the UPDATE only matches an unpaid
     * order, so a second call (the webhook after the page, or twice at once) changes nothing.
     */
    markPaid(
      id: string,
      transactionId: string,
      payment?: SucceededPayment,
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const order = await trx
          .updateTable('orders')
          .set({
            ...orderTransitions.markPaid.to,
            transaction_id: transactionId,
            expires_at: null,
            paid_at: now,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.markPaid.from.payment_status)
          .returningAll()
          .executeTakeFirst();
        if (!order) return { changed: false, order: await byId(trx, id) };
        if (payment) await payments.recordSuccess(trx, id, payment);
        await enqueueMail(trx, 'order-paid', order);
        return { changed: true, order };
      });
    },

    /**
     * A payment the gateway confirmed after the order was cancelled (DESIGN.md section 11): the
     * order is paid either way; it takes every line's stock again when all of it is still there,
     * and is otherwise kept unshippable and flagged for a refund. Once only, like `markPaid`.
     */
    markPaidAfterCancel(
      id: string,
      payment: SucceededPayment,
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        // Claims the order first, so a second report of the same success changes nothing.
        const claimed = await trx
          .updateTable('orders')
          .set({
            ...orderTransitions.paidAfterCancel.to,
            transaction_id: payment.intentId,
            refund_needed: flag(true),
            paid_at: now,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.paidAfterCancel.from.payment_status)
          .returningAll()
          .executeTakeFirst();
        if (!claimed) return { changed: false, order: await byId(trx, id) };
        let order = claimed;
        if (await takeStockAgain(trx, await linesIn(trx, id), now)) {
          order = await trx
            .updateTable('orders')
            .set({
              order_status: orderTransitions.reinstate.to.order_status,
              refund_needed: flag(false),
            })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        await payments.recordSuccess(trx, id, payment);
        await enqueueMail(trx, 'order-paid', order);
        return { changed: true, order };
      });
    },

    /** A second payment reached an order already paid: the money must go back. */
    async flagRefund(id: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ refund_needed: flag(true), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    /** Unpaid orders whose hold ran out by `now`, oldest first. */
    async dueForExpiry(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('payment_status', '=', orderTransitions.cancel.from.payment_status)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Cancels an unpaid order (when `expiry` is given: only if its hold ran out by `expiry.by`,
     * and its products then cool down for its customer) and returns its stock, in one
     * transaction; undefined when another caller got there first.
     */
    cancel(id: string, expiry?: OrderExpiryTerms): Promise<OrderRow | undefined> {
      return db.transaction().execute((trx) => cancelIn(trx, id, expiry));
    },

    /** Forgets the cooldowns that ended by `now`; answers how many. */
    async purgeCooldowns(now: string): Promise<number> {
      const result = await db
        .deleteFrom('hold_cooldowns')
        .where('ends_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Before a product is removed (PostgreSQL): locks it and every product whose stock its unpaid
     * orders would give back, in product-id order as placing an order takes them, so removing a
     * product and placing an order of several lines cannot deadlock. SQLite has one writer.
     */
    async lockForRemoval(trx: Transaction<Database>, productId: string): Promise<void> {
      if (dialect !== 'postgres') return;
      await trx
        .selectFrom('products')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('id', '=', productId),
            eb(
              'id',
              'in',
              eb
                .selectFrom('order_lines')
                .innerJoin('orders', 'orders.id', 'order_lines.order_id')
                .select('order_lines.product_id')
                .where('orders.payment_status', '=', orderTransitions.cancel.from.payment_status)
                .where('orders.id', 'in', (qb) =>
                  qb
                    .selectFrom('order_lines')
                    .select('order_id')
                    .where('product_id', '=', productId),
                ),
            ),
          ]),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Every order holding a product, and the unpaid ones: what deleting the product would do. */
    async countForProduct(q: Executor, productId: string) {
      const row = await q
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('orders'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when('payment_status', '=', orderTransitions.cancel.from.payment_status)
                .then(1)
                .else(0)
                .end(),
            )
            .as('unpaid'),
        ])
        .where('id', 'in', (qb) =>
          qb.selectFrom('order_lines').select('order_id').where('product_id', '=', productId),
        )
        .executeTakeFirstOrThrow();
      return { orders: Number(row.orders), unpaidOrders: Number(row.unpaid ?? 0) };
    },

    /** Cancels every unpaid order holding a product, inside the caller's transaction. */
    async cancelAllForProduct(trx: Transaction<Database>, productId: string): Promise<OrderRow[]> {
      const pending = await trx
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', (qb) =>
          qb.selectFrom('order_lines').select('order_id').where('product_id', '=', productId),
        )
        .where('payment_status', '=', orderTransitions.cancel.from.payment_status)
        .orderBy('id')
        .execute();
      const cancelled: OrderRow[] = [];
      for (const { id } of pending) {
        const order = await cancelIn(trx, id);
        if (order) cancelled.push(order);
      }
      return cancelled;
    },

    /**
     * Ships a paid order, with its carrier and tracking number when given, and writes the
     * order-shipped mail in the same transaction; `changed` is false when the order was not in
     * the state shipping needs.
     */
    ship(
      id: string,
      shipment?: { carrier: string; trackingNumber: string },
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        let update = trx
          .updateTable('orders')
          .set({
            ...orderTransitions.ship.to,
            carrier: shipment?.carrier ?? null,
            tracking_number: shipment?.trackingNumber ?? null,
            shipped_at: now,
            updated_at: now,
          })
          .where('id', '=', id);
        for (const [column, value] of Object.entries(orderTransitions.ship.from)) {
          update = update.where(column as keyof typeof orderTransitions.ship.from, '=', value);
        }
        const order = await update.returningAll().executeTakeFirst();
        if (!order) return { changed: false, order: await byId(trx, id) };
        await enqueueMail(trx, 'order-shipped', order);
        return { changed: true, order };
      });
    },

    /**
     * Deletes an unpaid order and gives every line's stock back, in one transaction. Its
     * payment rows stay (they no longer reference the order), so a late success at the gateway
     * is still matched.
     */
    delete(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Read before the delete: the lines go with the order.
        const lines = await linesIn(trx, id);
        const deleted = await trx
          .deleteFrom('orders')
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.delete.from.payment_status)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return false;
        await returnStock(trx, lines);
        return true;
      });
    },
  };

  /**
   * Takes every line's stock again, all or nothing, inside the caller's transaction: a line
   * that cannot be taken (product gone, archived or sold out) gives back what was taken before.
   */
  async function takeStockAgain(
    trx: Transaction<Database>,
    lines: readonly OrderLineRow[],
    now: string,
  ): Promise<boolean> {
    if (lines.some((line) => line.product_id === null)) return false;
    const wanted = lines
      .map((line) => ({ productId: line.product_id ?? '', quantity: line.quantity }))
      .sort(byProductId);
    const taken: typeof wanted = [];
    for (const line of wanted) {
      const result = await trx
        .updateTable('products')
        .set((eb) => ({ aqty: eb('aqty', '-', line.quantity), updated_at: now }))
        .where('id', '=', line.productId)
        .where('archived_at', 'is', null)
        .where('aqty', '>=', line.quantity)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        for (const back of taken) {
          await trx
            .updateTable('products')
            .set((eb) => ({ aqty: eb('aqty', '+', back.quantity) }))
            .where('id', '=', back.productId)
            .execute();
        }
        return false;
      }
      taken.push(line);
    }
    return true;
  }
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
