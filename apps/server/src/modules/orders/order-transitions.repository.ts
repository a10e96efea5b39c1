import type { Kysely, Transaction } from 'kysely';
import { orderTransitions, type CancelReason } from '@shop/shared';
import type { Dialect } from '../../db/database.js';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { enqueueOrderMail, type OrderMailKind } from '../mail/outbox.repository.js';
import { applyTransition, inStateFor, type Executor } from './apply-transition.repository.js';
import { issueInvoiceIn, type OnAccountTerms } from './invoice-number.repository.js';
import { linesOfOrder, orderById } from './order-reads.repository.js';
import { toOrder } from './order-view.js';
import { byProductId } from './place-order.repository.js';

/** An expiry's terms: the hold ran out by `by`; the products cool down until `cooldownUntil`. */
export interface OrderExpiryTerms {
  by: string;
  cooldownUntil: string;
}

/**
 * What the caller records in the transaction that marks an order paid (the payments module: its
 * payment row), so the order is paid exactly when its payment is recorded. The orders module
 * does not know the payments table.
 */
export type RecordInTransaction = (trx: Transaction<Database>) => Promise<void>;

/**
 * Paying on account's step in the invoicing transaction (DESIGN.md section 13), given by the
 * caller (modules/on-account): the company's credit taken for the claimed order in one
 * conditional UPDATE, answering the terms the invoice is issued on, or why not (the
 * transaction is then rolled back: the order is unpaid again, nothing changed).
 */
export type ReserveCredit = (
  trx: Transaction<Database>,
  order: OrderRow,
) => Promise<{ kind: 'reserved'; terms: OnAccountTerms } | { kind: 'refused'; reason: string }>;

/** What an invoice payment's caller records with it (the payment row, the balance). */
export type RecordInvoicePayment = (trx: Transaction<Database>, order: OrderRow) => Promise<void>;

/** Thrown inside a transaction to roll it back with a refusal the caller answers. */
export class CreditRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The invoicing steps inside the caller's transaction (DESIGN.md section 13): the order claimed
 * by the `invoice` transition (only while unpaid, of `companyId`, its approval allowing payment),
 * the company's credit taken by `reserve`, the invoice numbered and its mail written. Undefined
 * when the claim matched nothing; a refused credit throws `CreditRefused` (the caller's
 * transaction is rolled back). Paying by invoice, placing on account and approving an order
 * placed on account all run it (ux 2026-11-28 #14).
 */
export async function invoiceIn(
  trx: Transaction<Database>,
  id: string,
  companyId: string,
  reserve: ReserveCredit,
): Promise<OrderRow | undefined> {
  const now = nowIso();
  const claimed = await applyTransition(trx, id, 'invoice', { expires_at: null, updated_at: now })
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return undefined;
  const credit = await reserve(trx, claimed);
  if (credit.kind === 'refused') throw new CreditRefused(credit.reason);
  const order = await issueInvoiceIn(trx, claimed, now, credit.terms);
  await enqueueMail(trx, 'order-invoiced', order);
  return order;
}

/** better-sqlite3 binds no booleans: SQLite keeps them as 0 and 1. */
const flagFor = (dialect: Dialect) => (value: boolean) =>
  dialect === 'postgres' ? value : value ? 1 : 0;

/** The order mail of a change, written in the change's transaction (DESIGN.md section 9). */
async function enqueueMail(
  trx: Transaction<Database>,
  kind: OrderMailKind,
  order: OrderRow,
  lines?: readonly OrderLineRow[],
  cancelReason?: CancelReason,
): Promise<void> {
  const orderLines = lines ?? (await linesOfOrder(trx, order.id));
  await enqueueOrderMail(trx, kind, toOrder(order, orderLines), cancelReason);
}

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

/**
 * Takes every line's stock again, all or nothing, inside the caller's transaction: a line
 * that cannot be taken (product gone, archived or sold out) gives back what was taken before.
 */
async function takeStockAgain(
  trx: Transaction<Database>,
  lines: readonly OrderLineRow[],
  now: string,
): Promise<boolean> {
  // A line that never had a product (an offer's fee: no SKU either) holds no stock; a line
  // whose product was deleted (it keeps its SKU) cannot be taken again.
  const stocked = lines.filter((line) => line.product_id !== null || line.sku !== null);
  if (stocked.some((line) => line.product_id === null)) return false;
  const wanted = stocked
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

/**
 * Cancels one unpaid order, returns every line's stock and writes the cancellation mail to the
 * outbox, inside the caller's transaction. The conditional UPDATE is the exactly-once guard: of
 * two instances cancelling the same order, only the one whose UPDATE matched returns the stock
 * and writes the mail. An expiry (`expiry`: only if the hold ran out by `by`) also keeps the
 * order's products from its customer until `cooldownUntil`, in the same transaction, so the
 * stock it frees cannot go straight back to them (DESIGN.md section 11).
 */
export async function cancelIn(
  trx: Transaction<Database>,
  id: string,
  reason: CancelReason,
  expiry?: OrderExpiryTerms,
): Promise<OrderRow | undefined> {
  const order = await applyTransition(trx, id, 'cancel', { expires_at: null, updated_at: nowIso() })
    .$if(expiry !== undefined, (qb) => qb.where('expires_at', '<=', expiry?.by ?? ''))
    .returningAll()
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await linesOfOrder(trx, id);
  await returnStock(trx, lines);
  if (expiry) await coolDown(trx, order.user_id, lines, expiry.cooldownUntil);
  await enqueueMail(trx, 'order-cancelled', order, lines, reason);
  return order;
}

/**
 * The moves of an order through its states, each one conditional UPDATE built from
 * `orderTransitions` (apply-transition.repository.ts), with what goes with it in the same
 * transaction: stock back or taken again, the order mail, the caller's payment row.
 */
export function createOrderTransitions(db: Kysely<Database>, dialect: Dialect) {
  const flag = flagFor(dialect);
  return {
    /**
     * Marks an order paid with its transaction id, once: the UPDATE only matches an unpaid
     * order, so a second call (the webhook after the page, or twice at once) changes nothing.
     * `record` runs in the same transaction when the order changed.
     */
    markPaid(
      id: string,
      transactionId: string,
      record?: RecordInTransaction,
      /** A bank transfer an admin marked it paid for: when the money was received (ux #15). */
      receivedAt?: string,
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const paid = await applyTransition(trx, id, 'markPaid', {
          transaction_id: transactionId,
          expires_at: null,
          paid_at: now,
          updated_at: now,
          ...(receivedAt !== undefined && { payment_received_at: receivedAt }),
        })
          .returningAll()
          .executeTakeFirst();
        if (!paid) return { changed: false, order: await orderById(trx, id) };
        // Paid and invoiced together: a rolled-back payment takes its number back with it.
        const order = await issueInvoiceIn(trx, paid, now);
        if (record) await record(trx);
        await enqueueMail(trx, 'order-paid', order);
        return { changed: true, order };
      });
    },

    /**
     * A payment the gateway confirmed after the order was cancelled (DESIGN.md section 11): the
     * order is paid either way; it takes every line's stock again when all of it is still there
     * (`reinstate`), and is otherwise kept unshippable and flagged for a refund
     * (`paidAfterCancel`). Once only, like `markPaid`; `record` runs in its transaction.
     */
    markPaidAfterCancel(
      id: string,
      transactionId: string,
      record: RecordInTransaction,
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        // Claims the order first, so a second report of the same success changes nothing.
        const claimed = await applyTransition(trx, id, 'paidAfterCancel', {
          transaction_id: transactionId,
          refund_needed: flag(true),
          paid_at: now,
          updated_at: now,
        })
          .returningAll()
          .executeTakeFirst();
        if (!claimed) return { changed: false, order: await orderById(trx, id) };
        let order = claimed;
        if (await takeStockAgain(trx, await linesOfOrder(trx, id), now)) {
          // The claim holds the row: what `reinstate` leaves, in place of `paidAfterCancel`'s.
          order = await trx
            .updateTable('orders')
            .set({ ...orderTransitions.reinstate.to, refund_needed: flag(false) })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        // Paid either way: the money was received, so it is invoiced (a refund is a credit).
        order = await issueInvoiceIn(trx, order, now);
        await record(trx);
        await enqueueMail(trx, 'order-paid', order);
        return { changed: true, order };
      });
    },

    /**
     * Pays an order on account (DESIGN.md section 13), once: the order is claimed by the
     * `invoice` transition (only while unpaid, of `companyId`, and passing `narrow`: the
     * approval), then `reserve` takes the company's credit in the same transaction, then the
     * invoice is numbered and its mail written. Answers `not-payable` (with the order as it is)
     * when the claim matched nothing, `refused` with the reserve's reason (everything rolled
     * back), or the order with its invoice issued.
     */
    async invoiceOnAccount(
      id: string,
      companyId: string,
      reserve: ReserveCredit,
    ): Promise<
      | { kind: 'issued'; order: OrderRow }
      | { kind: 'not-payable'; order: OrderRow | undefined }
      | { kind: 'refused'; reason: string }
    > {
      try {
        return await db.transaction().execute(async (trx) => {
          const order = await invoiceIn(trx, id, companyId, reserve);
          if (!order) return { kind: 'not-payable' as const, order: await orderById(trx, id) };
          return { kind: 'issued' as const, order };
        });
      } catch (error) {
        if (error instanceof CreditRefused) return { kind: 'refused', reason: error.reason };
        throw error;
      }
    },

    /**
     * Money received for an order paid on account: its amount due is lowered by `amountCents`
     * in one conditional UPDATE (only while invoiced and only if that much is still due, so
     * concurrent recordings never overshoot); at 0 the order is settled (`settleInvoice`: paid,
     * `trxId` the reference) and its paid mail written. `record` (the payment row, the balance)
     * runs in the same transaction. Answers the order, or why nothing changed.
     */
    recordInvoicePayment(
      id: string,
      amountCents: number,
      reference: string,
      record: RecordInvoicePayment,
    ): Promise<
      | { kind: 'recorded'; order: OrderRow; settled: boolean }
      | { kind: 'not-invoiced'; order: OrderRow | undefined }
      | { kind: 'too-much'; order: OrderRow | undefined }
    > {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const lowered = await applyTransition(trx, id, 'recordInvoicePayment', { updated_at: now })
          .set((eb) => ({
            invoice_amount_due_cents: eb('invoice_amount_due_cents', '-', amountCents),
          }))
          .where('invoice_amount_due_cents', '>=', amountCents)
          .returningAll()
          .executeTakeFirst();
        if (!lowered) {
          const order = await orderById(trx, id);
          const invoiced =
            order?.payment_status === orderTransitions.settleInvoice.from.payment_status;
          return invoiced
            ? { kind: 'too-much' as const, order }
            : { kind: 'not-invoiced' as const, order };
        }
        let order = lowered;
        const settled = Number(lowered.invoice_amount_due_cents) === 0;
        if (settled) {
          order = await applyTransition(trx, id, 'settleInvoice', {
            transaction_id: reference,
            paid_at: now,
            updated_at: now,
          })
            .returningAll()
            .executeTakeFirstOrThrow();
          await enqueueMail(trx, 'order-paid', order);
        }
        await record(trx, order);
        return { kind: 'recorded' as const, order, settled };
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

    /**
     * Cancels an unpaid order, returns its stock and writes its cancellation mail, in one
     * transaction; undefined when another caller got there first.
     */
    cancel(id: string, reason: CancelReason): Promise<OrderRow | undefined> {
      return db.transaction().execute((trx) => cancelIn(trx, id, reason));
    },

    /**
     * `cancel` for an order whose hold ran out by `expiry.by` (and only then): its products
     * also cool down for its customer until `expiry.cooldownUntil`.
     */
    expire(id: string, expiry: OrderExpiryTerms): Promise<OrderRow | undefined> {
      return db.transaction().execute((trx) => cancelIn(trx, id, 'expired', expiry));
    },

    /**
     * A company admin approves an order awaiting approval (DESIGN.md section 12): payable from
     * now, holding its stock for the ordinary hold from the approval (`expiresAt`), the buyer
     * mailed, once: of two decisions at once only one UPDATE matches. An order whose hold ran
     * out meanwhile is not approved (the expiry cancels it).
     */
    approve(
      id: string,
      decision: { by: { userId: string; name: string }; at: string; expiresAt: string },
      /**
       * The credit step when the order was placed on account (ux 2026-11-28 #14): it is then
       * invoiced in the approval's transaction; a refused credit rolls the approval back.
       */
      onAccount?: { companyId: string; reserve: ReserveCredit },
    ): Promise<
      | { changed: boolean; order: OrderRow | undefined }
      | { changed: false; order: OrderRow | undefined; creditRefused: string }
    > {
      return db
        .transaction()
        .execute(async (trx) => {
          const approved = await applyTransition(trx, id, 'approve', {
            approval_decided_at: decision.at,
            approval_decided_by: decision.by.userId,
            approval_decided_by_name: decision.by.name,
            expires_at: decision.expiresAt,
            updated_at: decision.at,
          })
            .where('expires_at', '>', decision.at)
            .returningAll()
            .executeTakeFirst();
          if (!approved) return { changed: false, order: await orderById(trx, id) };
          let order = approved;
          if (onAccount && approved.payment_method === 'on_account') {
            // The claim holds the row: nobody else can invoice or expire it meanwhile.
            order = (await invoiceIn(trx, id, onAccount.companyId, onAccount.reserve)) ?? approved;
          }
          await enqueueMail(trx, 'order-approved', order);
          return { changed: true, order };
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof CreditRefused)) throw error;
          return {
            changed: false as const,
            order: await orderById(db, id),
            creditRefused: error.reason,
          };
        });
    },

    /**
     * A company admin rejects an order awaiting approval: cancelled as an expired order is, its
     * stock returned, its products cooling down for the buyer until `cooldownUntil` (as after an
     * expiry) and the buyer mailed with the reason, in one transaction, once.
     */
    reject(
      id: string,
      decision: {
        by: { userId: string; name: string };
        at: string;
        reason: string;
        cooldownUntil: string;
      },
    ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
      return db.transaction().execute(async (trx) => {
        const order = await applyTransition(trx, id, 'reject', {
          approval_decided_at: decision.at,
          approval_decided_by: decision.by.userId,
          approval_decided_by_name: decision.by.name,
          rejection_reason: decision.reason,
          expires_at: null,
          updated_at: decision.at,
        })
          .returningAll()
          .executeTakeFirst();
        if (!order) return { changed: false, order: await orderById(trx, id) };
        const lines = await linesOfOrder(trx, id);
        await returnStock(trx, lines);
        await coolDown(trx, order.user_id, lines, decision.cooldownUntil);
        await enqueueMail(trx, 'order-rejected', order, lines);
        return { changed: true, order };
      });
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
        const order = await applyTransition(trx, id, 'ship', {
          carrier: shipment?.carrier ?? null,
          tracking_number: shipment?.trackingNumber ?? null,
          shipped_at: now,
          updated_at: now,
        })
          .returningAll()
          .executeTakeFirst();
        if (!order) return { changed: false, order: await orderById(trx, id) };
        await enqueueMail(trx, 'order-shipped', order);
        return { changed: true, order };
      });
    },

    /**
     * A shipped order's carrier and tracking number corrected (or removed), in one UPDATE that
     * applies only while the order is shipped; undefined when it is not (any more).
     */
    editShipment(
      id: string,
      shipment?: { carrier: string; trackingNumber: string },
    ): Promise<OrderRow | undefined> {
      return applyTransition(db, id, 'editShipment', {
        carrier: shipment?.carrier ?? null,
        tracking_number: shipment?.trackingNumber ?? null,
        updated_at: nowIso(),
      })
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Deletes an unpaid order and gives every line's stock back, in one transaction. Its
     * payment rows stay (they no longer reference the order), so a late success at the gateway
     * is still matched.
     */
    delete(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Read before the delete: the lines go with the order.
        const lines = await linesOfOrder(trx, id);
        const deleted = await trx
          .deleteFrom('orders')
          .where('id', '=', id)
          .where(inStateFor('delete'))
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return false;
        await returnStock(trx, lines);
        return true;
      });
    },
  };
}

export type OrderTransitions = ReturnType<typeof createOrderTransitions>;
