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
}

export type PlaceResult =
  | { kind: 'placed'; order: OrderRow }
  | { kind: 'no-product' }
  | { kind: 'below-minimum'; minimum: number }
  | { kind: 'out-of-stock'; available: number }
  | { kind: 'too-expensive' };

/** The largest total one card payment may carry ($999,999.99, Stripe's limit). */
export const MAX_ORDER_CENTS = 99_999_999;

/** Why the stock could not be taken: the product, read again inside the same transaction. */
async function refusal(trx: Transaction<Database>, input: NewOrder): Promise<PlaceResult> {
  const product = await trx
    .selectFrom('products')
    .select(['price_cents', 'minquantity', 'aqty'])
    .where('id', '=', input.productId)
    .executeTakeFirst();
  if (!product) return { kind: 'no-product' };
  if (input.quantity < product.minquantity) {
    return { kind: 'below-minimum', minimum: product.minquantity };
  }
  if (product.price_cents * input.quantity > MAX_ORDER_CENTS) return { kind: 'too-expensive' };
  return { kind: 'out-of-stock', available: product.aqty };
}

export function createOrdersRepository(db: Kysely<Database>, dialect: Dialect) {
  const byId = (q: Kysely<Database> | Transaction<Database>, id: string) =>
    q.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

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
    place(input: NewOrder): Promise<PlaceResult> {
      return db.transaction().execute(async (trx): Promise<PlaceResult> => {
        const now = nowIso();
        // One statement checks every rule that depends on the product and takes the stock.
        const product = await trx
          .updateTable('products')
          .set((eb) => ({ aqty: eb('aqty', '-', input.quantity), updated_at: now }))
          .where('id', '=', input.productId)
          .where('aqty', '>=', input.quantity)
          .where('minquantity', '<=', input.quantity)
          // In 64 bits: a 32-bit PostgreSQL integer would overflow on a large order.
          .where((eb) =>
            eb(eb(eb.cast('price_cents', 'bigint'), '*', input.quantity), '<=', MAX_ORDER_CENTS),
          )
          .returning(['id', 'name', 'price_cents'])
          .executeTakeFirst();
        if (!product) return refusal(trx, input);

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
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { kind: 'placed', order };
      });
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
          .set({ ...orderTransitions.markPaid.to, transaction_id: transactionId, updated_at: now })
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.markPaid.from.payment_status)
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) === 1;
        if (changed && payment) {
          // One payment row per intent, whoever reports the success first.
          await trx
            .insertInto('payments')
            .values({
              id: newId(),
              order_id: id,
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
        return { changed, order: await byId(trx, id) };
      });
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

    /** Deletes an unpaid order and gives its stock back, in one transaction. */
    delete(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('orders')
          .select(['id', 'product_id', 'quantity'])
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.delete.from.payment_status)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!order) return false;
        // Intents made for this order go with it; the order is no longer payable.
        await trx.deleteFrom('payments').where('order_id', '=', id).execute();
        const deleted = await trx
          .deleteFrom('orders')
          .where('id', '=', id)
          .where('payment_status', '=', orderTransitions.delete.from.payment_status)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return false;
        if (order.product_id) {
          await trx
            .updateTable('products')
            .set((eb) => ({ aqty: eb('aqty', '+', order.quantity), updated_at: nowIso() }))
            .where('id', '=', order.product_id)
            .execute();
        }
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
