import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, OrderRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';
import { orderTransitions } from './order-states.js';

export interface NewOrder {
  productId: string;
  quantity: number;
  userId: string;
  userEmail: string;
  userName: string;
  phone: string;
  address: string;
  /**
   * The request's claimed `Idempotency-Key` (http/idempotency.ts `idempotencyTag`): kept on the
   * order, and an order placed with the same tag since the key's life began is answered
   * instead of placing another.
   */
  idempotency?: { tag: string; since: string } | undefined;
}

export interface PlaceRules {
  /** How long the order holds its stock unpaid (ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /** At most this many unpaid orders per customer (MAX_UNPAID_ORDERS); undefined: no limit. */
  maxUnpaid: number | undefined;
}

export type PlaceResult =
  | { kind: 'placed'; order: OrderRow }
  | { kind: 'no-product' }
  | { kind: 'below-minimum'; minimum: number }
  | { kind: 'out-of-stock-for-minimum'; minimum: number }
  | { kind: 'out-of-stock'; available: number }
  | { kind: 'too-expensive' }
  | { kind: 'too-many-unpaid'; max: number };

type Executor = Kysely<Database> | Transaction<Database>;

/** Thrown inside a transaction to roll it back and answer a refusal instead. */
class Refusal extends Error {
  constructor(readonly result: PlaceResult) {
    super(result.kind);
  }
}

/** A payment intent of ours that may still be paid at the gateway. */
export interface OpenIntent {
  intentId: string;
  amountCents: number;
}

const CLOSED_INTENT_STATUSES = ['succeeded', 'canceled'];

/** The largest total one card payment may carry ($999,999.99, Stripe's limit). */
export const MAX_ORDER_CENTS = 99_999_999;

/** Why the stock could not be taken: the product, read again inside the same transaction. */
async function refusal(trx: Transaction<Database>, input: NewOrder): Promise<PlaceResult> {
  const product = await trx
    .selectFrom('products')
    .select(['price_cents', 'minquantity', 'aqty'])
    .where('id', '=', input.productId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!product) return { kind: 'no-product' };
  // Nobody can order it until it is restocked, whatever quantity was asked for.
  if (product.aqty < product.minquantity) {
    return { kind: 'out-of-stock-for-minimum', minimum: product.minquantity };
  }
  if (input.quantity < product.minquantity) {
    return { kind: 'below-minimum', minimum: product.minquantity };
  }
  if (product.price_cents * input.quantity > MAX_ORDER_CENTS) return { kind: 'too-expensive' };
  return { kind: 'out-of-stock', available: product.aqty };
}

export function createOrdersRepository(db: Kysely<Database>, dialect: Dialect) {
  const byId = (q: Executor, id: string) =>
    q.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  /** better-sqlite3 binds no booleans: SQLite keeps them as 0 and 1. */
  const flag = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0);

  const returnStock = (trx: Executor, productId: string | null, quantity: number) =>
    productId
      ? trx
          .updateTable('products')
          .set((eb) => ({ aqty: eb('aqty', '+', quantity), updated_at: nowIso() }))
          .where('id', '=', productId)
          .execute()
      : Promise.resolve();

  /**
   * Cancels one unpaid order and returns its stock, inside the caller's transaction. The
   * conditional UPDATE is the exactly-once guard: of two instances cancelling the same order,
   * only the one whose UPDATE matched returns the stock.
   */
  async function cancelIn(
    trx: Transaction<Database>,
    id: string,
    expiredBy?: string,
  ): Promise<OrderRow | undefined> {
    const order = await trx
      .updateTable('orders')
      .set({ ...orderTransitions.cancel.to, expires_at: null, updated_at: nowIso() })
      .where('id', '=', id)
      .where('payment_status', '=', orderTransitions.cancel.from.payment_status)
      .$if(expiredBy !== undefined, (qb) => qb.where('expires_at', '<=', expiredBy ?? ''))
      .returningAll()
      .executeTakeFirst();
    if (order) await returnStock(trx, order.product_id, order.quantity);
    return order;
  }

  /** The transaction of `place`; a refusal found after the stock was taken throws to roll it back. */
  function placeIn(input: NewOrder, rules: PlaceRules): Promise<PlaceResult> {
    return db.transaction().execute(async (trx): Promise<PlaceResult> => {
      const now = nowIso();
      if (rules.maxUnpaid !== undefined && dialect === 'postgres') {
        // Two submits of one customer at once queue here, so the count below sees the other's
        // order. (SQLite's writers are serialised by the stock UPDATE's write lock.)
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', input.userId)
          .forUpdate()
          .execute();
      }
      if (input.idempotency) {
        const placed = await trx
          .selectFrom('orders')
          .selectAll()
          .where('user_id', '=', input.userId)
          .where('idempotency_key', '=', input.idempotency.tag)
          .where('created_at', '>=', input.idempotency.since)
          .executeTakeFirst();
        if (placed) return { kind: 'placed', order: placed };
      }
      // One statement checks every rule that depends on the product and takes the stock.
      const product = await trx
        .updateTable('products')
        .set((eb) => ({ aqty: eb('aqty', '-', input.quantity), updated_at: now }))
        .where('id', '=', input.productId)
        .where('archived_at', 'is', null)
        .where('aqty', '>=', input.quantity)
        .where('minquantity', '<=', input.quantity)
        // In 64 bits: a 32-bit PostgreSQL integer would overflow on a large order.
        .where((eb) =>
          eb(eb(eb.cast('price_cents', 'bigint'), '*', input.quantity), '<=', MAX_ORDER_CENTS),
        )
        .returning(['id', 'name', 'price_cents'])
        .executeTakeFirst();
      if (!product) return refusal(trx, input);

      if (rules.maxUnpaid !== undefined) {
        // Counts no further than the limit, on the (user_id, payment_status) index: a customer's
        // long history of orders costs nothing here.
        const { unpaid } = await trx
          .selectFrom((qb) =>
            qb
              .selectFrom('orders')
              .select('id')
              .where('user_id', '=', input.userId)
              .where('payment_status', '=', 'pending')
              .limit(rules.maxUnpaid ?? 0)
              .as('held'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('unpaid'))
          .executeTakeFirstOrThrow();
        // Roll back the stock just taken.
        if (Number(unpaid) >= rules.maxUnpaid) {
          throw new Refusal({ kind: 'too-many-unpaid', max: rules.maxUnpaid });
        }
      }

      const order = await trx
        .insertInto('orders')
        .values({
          id: newId(),
          product_id: product.id,
          product_name: product.name,
          user_id: input.userId,
          user_email: input.userEmail,
          user_name: input.userName,
          phone: input.phone,
          address: input.address,
          quantity: input.quantity,
          unit_price_cents: product.price_cents,
          price_cents: product.price_cents * input.quantity,
          payment_status: 'pending',
          order_status: 'pending',
          transaction_id: null,
          expires_at: new Date(Date.parse(now) + rules.holdMinutes * 60_000).toISOString(),
          idempotency_key: input.idempotency?.tag ?? null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { kind: 'placed', order };
    });
  }

  /** One payment row per intent, whoever reports the success first. */
  async function recordSuccess(
    trx: Transaction<Database>,
    orderId: string,
    payment: { intentId: string; gateway: string; amountCents: number },
  ): Promise<void> {
    const now = nowIso();
    await trx
      .insertInto('payments')
      .values({
        id: newId(),
        order_id: orderId,
        gateway: payment.gateway,
        intent_id: payment.intentId,
        amount_cents: payment.amountCents,
        status: 'succeeded',
        client_secret: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('intent_id').doUpdateSet({ status: 'succeeded', updated_at: now }),
      )
      .execute();
  }

  return {
    findById: (id: string) => byId(db, id),

    listForEmail(email: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_email', '=', email)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    listAll(): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Places an order and reserves its stock in one transaction. The stock is taken by a single
     * conditional UPDATE (`aqty >= quantity`), which the database applies atomically, so no
     * concurrency can take it below zero; the order is priced from the stored unit price.
     */
    async place(input: NewOrder, rules: PlaceRules): Promise<PlaceResult> {
      try {
        return await placeIn(input, rules);
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
      payment?: { intentId: string; gateway: string; amountCents: number },
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const result = await trx
          .updateTable('orders')
          .set({
            ...orderTransitions.markPaid.to,
            transaction_id: transactionId,
            expires_at: null,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.markPaid.from.payment_status)
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) === 1;
        if (changed && payment) await recordSuccess(trx, id, payment);
        return { changed, order: await byId(trx, id) };
      });
    },

    /**
     * A payment the gateway confirmed after the order was cancelled (DESIGN.md section 11): the
     * order is paid either way; it takes its stock again when the stock is still there, and is
     * otherwise kept unshippable and flagged for a refund. Once only, like `markPaid`.
     */
    markPaidAfterCancel(
      id: string,
      payment: { intentId: string; gateway: string; amountCents: number },
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        // Claims the order first, so a second report of the same success changes nothing.
        const order = await trx
          .updateTable('orders')
          .set({
            ...orderTransitions.paidAfterCancel.to,
            transaction_id: payment.intentId,
            refund_needed: flag(true),
            updated_at: now,
          })
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.paidAfterCancel.from.payment_status)
          .returningAll()
          .executeTakeFirst();
        if (!order) return { changed: false, order: await byId(trx, id) };
        const taken = order.product_id
          ? await trx
              .updateTable('products')
              .set((eb) => ({ aqty: eb('aqty', '-', order.quantity), updated_at: now }))
              .where('id', '=', order.product_id)
              .where('archived_at', 'is', null)
              .where('aqty', '>=', order.quantity)
              .executeTakeFirst()
          : undefined;
        if (taken && Number(taken.numUpdatedRows) === 1) {
          await trx
            .updateTable('orders')
            .set({
              order_status: orderTransitions.reinstate.to.order_status,
              refund_needed: flag(false),
            })
            .where('id', '=', id)
            .execute();
        }
        await recordSuccess(trx, id, payment);
        return { changed: true, order: await byId(trx, id) };
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
        .where('payment_status', '=', 'pending')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Cancels an unpaid order (when `expiredBy` is given: only if its hold ran out by then) and
     * returns its stock, in one transaction; undefined when another caller got there first.
     */
    cancel(id: string, expiredBy?: string): Promise<OrderRow | undefined> {
      return db.transaction().execute((trx) => cancelIn(trx, id, expiredBy));
    },

    /** Every order of a product, and the unpaid ones: what deleting the product would do. */
    async countForProduct(q: Executor, productId: string) {
      const row = await q
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('orders'),
          eb.fn
            .sum<number | string | null>(
              eb.case().when('payment_status', '=', 'pending').then(1).else(0).end(),
            )
            .as('unpaid'),
        ])
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return { orders: Number(row.orders), unpaidOrders: Number(row.unpaid ?? 0) };
    },

    /** Cancels every unpaid order of a product, inside the caller's transaction. */
    async cancelAllForProduct(trx: Transaction<Database>, productId: string): Promise<OrderRow[]> {
      const pending = await trx
        .selectFrom('orders')
        .select('id')
        .where('product_id', '=', productId)
        .where('payment_status', '=', 'pending')
        .execute();
      const cancelled: OrderRow[] = [];
      for (const { id } of pending) {
        const order = await cancelIn(trx, id);
        if (order) cancelled.push(order);
      }
      return cancelled;
    },

    /** Intents made for an order that the gateway may still charge. */
    async openIntents(orderId: string): Promise<OpenIntent[]> {
      const rows = await db
        .selectFrom('payments')
        .select(['intent_id', 'amount_cents'])
        .where('order_id', '=', orderId)
        .where('status', 'not in', CLOSED_INTENT_STATUSES)
        .execute();
      return rows.map((row) => ({ intentId: row.intent_id, amountCents: row.amount_cents }));
    },

    async setIntentStatus(intentId: string, status: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ status, updated_at: nowIso() })
        .where('intent_id', '=', intentId)
        .execute();
    },

    async ship(id: string): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      const result = await db
        .updateTable('orders')
        .set({ ...orderTransitions.ship.to, updated_at: nowIso() })
        .where('id', '=', id)
        .where('order_status', '=', orderTransitions.ship.from.order_status)
        .executeTakeFirst();
      return { changed: Number(result.numUpdatedRows) === 1, order: await byId(db, id) };
    },

    /**
     * Deletes an unpaid order and gives its stock back, in one transaction. Its payment rows stay
     * (they no longer reference the order), so a late success at the gateway is still matched.
     */
    delete(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const order = await trx
          .deleteFrom('orders')
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.delete.from.payment_status)
          .returning(['product_id', 'quantity'])
          .executeTakeFirst();
        if (!order) return false;
        await returnStock(trx, order.product_id, order.quantity);
        return true;
      });
    },

    /** The latest intent made for an order, to reuse it instead of making another. */
    latestPayment(orderId: string) {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    async recordIntent(input: {
      orderId: string;
      gateway: string;
      intentId: string;
      amountCents: number;
      status: string;
      clientSecret: string;
    }): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('payments')
        .values({
          id: newId(),
          order_id: input.orderId,
          gateway: input.gateway,
          intent_id: input.intentId,
          amount_cents: input.amountCents,
          status: input.status,
          client_secret: input.clientSecret,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('intent_id').doNothing())
        .execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
