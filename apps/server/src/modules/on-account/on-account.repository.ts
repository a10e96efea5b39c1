import { placedApproval } from '@shop/shared';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { CompanyRow, Database, InvoicePaymentRow, OrderRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';
import { enqueueOrderMail, type OrderMailKind } from '../mail/outbox.repository.js';
import { inStateFor } from '../orders/apply-transition.repository.js';
import { linesOfOrder } from '../orders/order-reads.repository.js';
import { toOrder } from '../orders/order-view.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The company columns paying on account reads (DESIGN.md section 13). */
export type AccountRow = Pick<
  CompanyRow,
  | 'id'
  | 'name'
  | 'vat_id'
  | 'on_hold'
  | 'terms_days'
  | 'credit_limit_cents'
  | 'balance_cents'
  | 'hold_reason'
  | 'hold_note'
  | 'hold_waived_before'
>;

const ACCOUNT_COLUMNS = [
  'id',
  'name',
  'vat_id',
  'on_hold',
  'terms_days',
  'credit_limit_cents',
  'balance_cents',
  'hold_reason',
  'hold_note',
  'hold_waived_before',
] as const;

/**
 * Why the company's credit was not taken for an order: `hold` is an invoice overdue beyond
 * CREDIT_HOLD_DAYS (or the worker's hold for one), `manual-hold` a hold a shop admin set by hand
 * with no invoice that overdue (security 2026-11-28 #17: each says its own reason).
 */
export type CreditRefusal = 'no-terms' | 'hold' | 'manual-hold' | 'limit';

/** The two reminders of an invoice: before its due date and the day after it. */
export type ReminderKind = 'before-due' | 'after-due';
const REMINDER_MAIL: Record<ReminderKind, OrderMailKind> = {
  'before-due': 'invoice-reminder',
  'after-due': 'invoice-overdue',
};

/**
 * "An invoice of this company is overdue by more than CREDIT_HOLD_DAYS": an open invoice due
 * before `cutoff` (now less the days), unless a shop admin lifted the hold after it was due
 * (`hold_waived_before`). Asked in the same statement as the credit check, so the hold holds
 * the moment it is due, whether or not the worker has set `on_hold` yet.
 */
function overdueBeyond(cutoff: string) {
  return (eb: ExpressionBuilder<Database, 'companies'>) =>
    eb.exists(
      eb
        .selectFrom('orders')
        .select('orders.id')
        .whereRef('orders.company_id', '=', 'companies.id')
        .where(inStateFor('recordInvoicePayment'))
        .where('orders.invoice_due_at', '<', cutoff)
        .where((inner) =>
          inner.or([
            inner('companies.hold_waived_before', 'is', null),
            inner('orders.invoice_due_at', '>=', inner.ref('companies.hold_waived_before')),
          ]),
        ),
    );
}

/**
 * Paying on account's statements (DESIGN.md section 13): the credit columns of `companies`
 * (the companies module owns the rest of the table), `invoice_payments`, `invoice_reminders`,
 * and the reads of open invoices from `orders` (written only by the orders module).
 */
export function createOnAccountRepository(db: Kysely<Database>, dialect: Dialect) {
  /** better-sqlite3 binds no booleans: SQLite keeps them as 0 and 1. */
  const flag = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0);

  return {
    account(companyId: string): Promise<AccountRow | undefined> {
      return db
        .selectFrom('companies')
        .select(ACCOUNT_COLUMNS)
        .where('id', '=', companyId)
        .executeTakeFirst();
    },

    /** Whether the company has payment terms now. */
    async hasPaymentTerms(companyId: string): Promise<boolean> {
      const row = await db
        .selectFrom('companies')
        .select('terms_days')
        .where('id', '=', companyId)
        .executeTakeFirst();
      return row !== undefined && row.terms_days !== null;
    },

    /** Grants, changes or (null) removes a company's terms; undefined for an unknown company. */
    setTerms(
      companyId: string,
      terms: { days: number; creditLimitCents: number } | null,
    ): Promise<AccountRow | undefined> {
      return db
        .updateTable('companies')
        .set({
          terms_days: terms?.days ?? null,
          credit_limit_cents: terms?.creditLimitCents ?? null,
          updated_at: nowIso(),
        })
        .where('id', '=', companyId)
        .returning(ACCOUNT_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * A shop admin sets or lifts the hold. Lifting also waives the invoices overdue beyond the
     * days by now (`waivedBefore`: now less CREDIT_HOLD_DAYS), so the worker does not put the
     * hold straight back; an invoice that becomes that overdue later sets it again.
     */
    setHold(
      companyId: string,
      hold: { onHold: boolean; reason: string | null },
      waivedBefore: string,
    ): Promise<AccountRow | undefined> {
      return db
        .updateTable('companies')
        .set(
          hold.onHold
            ? {
                on_hold: flag(true),
                hold_reason: 'admin',
                hold_note: hold.reason,
                updated_at: nowIso(),
              }
            : {
                on_hold: flag(false),
                hold_reason: null,
                hold_note: null,
                hold_waived_before: waivedBefore,
                updated_at: nowIso(),
              },
        )
        .where('id', '=', companyId)
        .returning(ACCOUNT_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * Takes `cents` of the company's credit, in the caller's transaction: ONE conditional
     * UPDATE that checks the terms, the hold (set, or due by `holdCutoff`) and the limit against
     * the balance as it is in the row, and raises the balance. On PostgreSQL concurrent callers
     * wait for the row and test the condition again against the balance the first one left, so
     * no interleaving, on any number of instances, takes the balance above the limit; SQLite has
     * one writer. Answers the company as the invoice names it, or why not.
     */
    async reserveCredit(
      trx: Transaction<Database>,
      companyId: string,
      cents: number,
      holdCutoff: string,
    ): Promise<
      | { kind: 'reserved'; company: Pick<CompanyRow, 'name' | 'vat_id'>; termsDays: number }
      | { kind: 'refused'; reason: CreditRefusal }
    > {
      const taken = await trx
        .updateTable('companies')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', cents) }))
        .where('id', '=', companyId)
        .where('terms_days', 'is not', null)
        .where('credit_limit_cents', 'is not', null)
        .where('on_hold', '=', flag(false))
        .where((eb) => eb(eb('balance_cents', '+', cents), '<=', eb.ref('credit_limit_cents')))
        .where((eb) => eb.not(overdueBeyond(holdCutoff)(eb)))
        .returning(['name', 'vat_id', 'terms_days'])
        .executeTakeFirst();
      if (taken && taken.terms_days !== null) {
        return {
          kind: 'reserved',
          company: { name: taken.name, vat_id: taken.vat_id },
          termsDays: taken.terms_days,
        };
      }
      const company = await trx
        .selectFrom('companies')
        .select(ACCOUNT_COLUMNS)
        .select((eb) => overdueBeyond(holdCutoff)(eb).as('overdue'))
        .where('id', '=', companyId)
        .executeTakeFirst();
      if (!company || company.terms_days === null || company.credit_limit_cents === null) {
        return { kind: 'refused', reason: 'no-terms' };
      }
      if (company.overdue) return { kind: 'refused', reason: 'hold' };
      if (company.on_hold) {
        return {
          kind: 'refused',
          reason: company.hold_reason === 'admin' ? 'manual-hold' : 'hold',
        };
      }
      return { kind: 'refused', reason: 'limit' };
    },

    /**
     * What the buyer's orders in the company that were not approved (no approval was needed)
     * and were put on the account since `since` (the month's start) are worth, `exceptId` left
     * out: the monthly limit's measure at invoicing (security 2026-11-28 #7). Read in the
     * invoicing transaction after the credit's UPDATE locked the company's row (PostgreSQL), so
     * a buyer's concurrent invoicings are judged one after the other.
     */
    async invoicedWithoutApproval(
      trx: Transaction<Database>,
      p: { userId: string; companyId: string; since: string; exceptId: string },
    ): Promise<number> {
      const row = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.sum<number | string | null>('price_cents').as('cents'))
        .where('user_id', '=', p.userId)
        .where('company_id', '=', p.companyId)
        .where('approval_status', '=', placedApproval.none)
        .where('invoice_issued_at', '>=', p.since)
        .where('id', '!=', p.exceptId)
        .executeTakeFirst();
      return Number(row?.cents ?? 0);
    },

    /**
     * Money received, in the caller's transaction (the orders module lowered the amount due in
     * it): the payment's row, and the company's balance lowered by as much.
     */
    async recordPayment(
      trx: Transaction<Database>,
      payment: {
        orderId: string;
        companyId: string | null;
        amountCents: number;
        reference: string;
        receivedAt: string;
        recordedBy: { userId: string; name: string };
      },
    ): Promise<InvoicePaymentRow> {
      const row = await trx
        .insertInto('invoice_payments')
        .values({
          id: newId(),
          order_id: payment.orderId,
          company_id: payment.companyId,
          amount_cents: payment.amountCents,
          reference: payment.reference,
          received_at: payment.receivedAt,
          recorded_at: nowIso(),
          recorded_by_user_id: payment.recordedBy.userId,
          recorded_by_name: payment.recordedBy.name,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (payment.companyId !== null) {
        await trx
          .updateTable('companies')
          .set((eb) => ({ balance_cents: eb('balance_cents', '-', payment.amountCents) }))
          .where('id', '=', payment.companyId)
          .execute();
      }
      return row;
    },

    /** The payments recorded against an order, oldest first. */
    paymentsOf(orderId: string): Promise<InvoicePaymentRow[]> {
      return db
        .selectFrom('invoice_payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('recorded_at')
        .orderBy('id')
        .execute();
    },

    /** A company's open invoices (paid on account, not yet paid), the oldest due first. */
    openInvoices(companyId: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('company_id', '=', companyId)
        .where(inStateFor('recordInvoicePayment'))
        .orderBy('invoice_due_at')
        .orderBy('number')
        .execute();
    },

    /**
     * The company's account between `from` (included) and `until` (excluded), ISO date-times
     * (issue 33 point 4): what was invoiced on account and paid before `from` (the opening
     * balance is their difference), and every invoice issued and payment received in the
     * period. Invoices are the company's orders with an invoice number; one without terms
     * (`invoice_terms_days` null) was paid when it was issued. Payments are `invoice_payments`
     * of the company's orders. The same rows the balance is kept from, so a period that ends
     * now closes on the company's `balance`.
     */
    async ledger(companyId: string, from: string, until: string) {
      const [invoicedBefore, paidBefore, invoices, payments] = await Promise.all([
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.sum<number | string | null>('price_cents').as('cents'))
          .where('company_id', '=', companyId)
          .where('invoice_number', 'is not', null)
          .where('invoice_terms_days', 'is not', null)
          .where('invoice_issued_at', '<', from)
          .executeTakeFirst(),
        db
          .selectFrom('invoice_payments')
          .innerJoin('orders', 'orders.id', 'invoice_payments.order_id')
          .select((eb) =>
            eb.fn.sum<number | string | null>('invoice_payments.amount_cents').as('cents'),
          )
          .where('orders.company_id', '=', companyId)
          .where('invoice_payments.received_at', '<', from)
          .executeTakeFirst(),
        db
          .selectFrom('orders')
          .select([
            'id',
            'number',
            'invoice_number',
            'invoice_issued_at',
            'invoice_terms_days',
            'invoice_amount_due_cents',
            'price_cents',
            'po_number',
            'transaction_id',
          ])
          .where('company_id', '=', companyId)
          .where('invoice_number', 'is not', null)
          .where('invoice_issued_at', '>=', from)
          .where('invoice_issued_at', '<', until)
          .orderBy('invoice_issued_at')
          .orderBy('number')
          .execute(),
        db
          .selectFrom('invoice_payments')
          .innerJoin('orders', 'orders.id', 'invoice_payments.order_id')
          .select([
            'invoice_payments.id',
            'invoice_payments.order_id',
            'orders.number',
            'orders.invoice_number',
            'invoice_payments.amount_cents',
            'invoice_payments.reference',
            'invoice_payments.received_at',
            'invoice_payments.recorded_at',
          ])
          .where('orders.company_id', '=', companyId)
          .where('invoice_payments.received_at', '>=', from)
          .where('invoice_payments.received_at', '<', until)
          .orderBy('invoice_payments.received_at')
          .orderBy('invoice_payments.recorded_at')
          .execute(),
      ]);
      return {
        openingCents: Number(invoicedBefore?.cents ?? 0) - Number(paidBefore?.cents ?? 0),
        invoices,
        payments,
      };
    },

    /**
     * Puts on hold every company with an invoice overdue beyond the days (`cutoff`), and lifts
     * the automatic hold of those that have none any more (a shop admin's hold stays). Two
     * conditional UPDATEs: several instances may run it at once.
     */
    async sweepHolds(
      cutoff: string,
      companyId?: string,
    ): Promise<{ held: number; lifted: number }> {
      const now = nowIso();
      const held = await db
        .updateTable('companies')
        .set({ on_hold: flag(true), hold_reason: 'overdue', hold_note: null, updated_at: now })
        .where('on_hold', '=', flag(false))
        .$if(companyId !== undefined, (qb) => qb.where('id', '=', companyId ?? ''))
        .where(overdueBeyond(cutoff))
        .executeTakeFirst();
      const lifted = await db
        .updateTable('companies')
        .set({ on_hold: flag(false), hold_reason: null, hold_note: null, updated_at: now })
        .where('on_hold', '=', flag(true))
        .where('hold_reason', '=', 'overdue')
        .$if(companyId !== undefined, (qb) => qb.where('id', '=', companyId ?? ''))
        .where((eb) => eb.not(overdueBeyond(cutoff)(eb)))
        .executeTakeFirst();
      return { held: Number(held.numUpdatedRows), lifted: Number(lifted.numUpdatedRows) };
    },

    /**
     * Open invoices owed a reminder of `kind` by `now`: 'before-due' from REMINDER_DAYS_BEFORE_DUE
     * days before the due date until it (`from` .. `until`), 'after-due' from the day after it;
     * without its marker. At most `batch`.
     */
    remindersDue(
      kind: ReminderKind,
      window: { from?: string; until: string },
      batch: number,
    ): Promise<string[]> {
      return db
        .selectFrom('orders')
        .select('orders.id')
        .where(inStateFor('recordInvoicePayment'))
        .where('orders.invoice_due_at', '<=', window.until)
        .$if(window.from !== undefined, (qb) =>
          qb.where('orders.invoice_due_at', '>', window.from ?? ''),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('invoice_reminders')
                .select('invoice_reminders.order_id')
                .whereRef('invoice_reminders.order_id', '=', 'orders.id')
                .where('invoice_reminders.kind', '=', kind),
            ),
          ),
        )
        .orderBy('orders.invoice_due_at')
        .limit(batch)
        .execute()
        .then((rows) => rows.map((row) => row.id));
    },

    /**
     * Sends one reminder, once across instances: its marker is inserted (the primary key is the
     * claim: of two instances only one inserts it, the other waits for the first to commit and
     * inserts nothing) and its mail written to the outbox in the same transaction, from the
     * order as it is now, if it is still open. Answers whether this call sent it.
     */
    sendReminder(orderId: string, kind: ReminderKind, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('invoice_reminders')
          .values({ order_id: orderId, kind, sent_at: now })
          .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
          .returning('order_id')
          .executeTakeFirst();
        if (!claimed) return false;
        const order = await trx
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', orderId)
          .where(inStateFor('recordInvoicePayment'))
          .executeTakeFirst();
        // Settled meanwhile: the marker stays (nothing to remind of), no mail.
        if (!order) return false;
        const lines = await linesOfOrder(trx, orderId);
        await enqueueOrderMail(trx, REMINDER_MAIL[kind], toOrder(order, lines));
        return true;
      });
    },
  };
}

export type OnAccountRepository = ReturnType<typeof createOnAccountRepository>;

/** The executor type the service passes through (a transaction of the orders module). */
export type { Executor };
