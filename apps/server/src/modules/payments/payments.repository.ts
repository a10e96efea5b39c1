import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';

/** A payment intent of ours that may still be paid at the gateway. */
export interface OpenIntent {
  intentId: string;
  amountCents: number;
}

/** A success the gateway reported for an order. */
export interface SucceededPayment {
  intentId: string;
  gateway: string;
  amountCents: number;
}

const CLOSED_INTENT_STATUSES = ['succeeded', 'canceled'];

/**
 * The payments table: one row per intent made at the gateway. Only this module writes it; the
 * orders repository records a success through `recordSuccess` inside its own transaction, so
 * the order is paid exactly when its payment is recorded.
 */
export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    /** One payment row per intent, whoever reports the success first; in the caller's transaction. */
    async recordSuccess(
      trx: Transaction<Database>,
      orderId: string,
      payment: SucceededPayment,
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

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
