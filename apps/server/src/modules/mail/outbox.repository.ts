import type { CancelReason, CompanyRole, Order } from '@shop/shared';
import { sql, type Insertable, type Kysely, type QueryCreator, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, MailOutboxTable } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso, toIso } from '../../db/time.js';

/** Why a row was settled unsent, and what is logged (at info) when a mail is not sent for it. */
export const UNCONFIRMED_RECIPIENT = 'recipient has not confirmed the address';
export const UNCONFIRMED_RECIPIENT_LOG =
  'order mail not sent: its recipient has not confirmed the address';

/**
 * The order mails a customer gets (DESIGN.md section 9), and the shop's own mail of each new
 * order (`shop-order-placed`, to SHOP_ORDERS_EMAIL when set; issue 22).
 */
export const ORDER_MAIL_KINDS = [
  'order-placed',
  'order-paid',
  'order-shipped',
  'order-cancelled',
  'shop-order-placed',
  // DESIGN.md section 12: to each company admin when a buyer's order awaits them; to the buyer
  // with the decision.
  'order-awaiting-approval',
  'order-approved',
  'order-rejected',
  /** Paid on account (DESIGN.md section 13): the invoice, its due date and terms. */
  'order-invoiced',
  /** An invoice due in REMINDER_DAYS_BEFORE_DUE days, and one due since yesterday. */
  'invoice-reminder',
  'invoice-overdue',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/**
 * A company's invitation to join it (DESIGN.md section 12): not an order mail. Its recipient may
 * have no account yet, so no confirmation is asked of the address; the hourly allowance per
 * recipient holds it as any other mail, and the company's own hourly number of invitations is
 * kept where it is sent (modules/companies).
 */
export const INVITATION_MAIL_KIND = 'company-invitation';

/** What an invitation mail is written from (its payload). */
export interface InvitationMailPayload {
  companyName: string;
  invitedByName: string;
  role: CompanyRole;
  /** Dollars, or null for none. */
  orderLimit: number | null;
  /** The path of the invitation page, `/invitations/{token}`. */
  path: string;
  expiresAt: string;
}

/** The outbox row of an invitation mail, written in the transaction that makes the invitation. */
export function invitationMailRow(
  recipient: string,
  payload: InvitationMailPayload,
): Insertable<MailOutboxTable> {
  const now = nowIso();
  return {
    id: newId(),
    kind: INVITATION_MAIL_KIND,
    order_id: null,
    recipient,
    payload: JSON.stringify(payload),
    next_attempt_at: now,
    created_at: now,
  };
}

/**
 * A shop admin's offer on a quote (DESIGN.md section 14), to its buyer: not an order mail. The
 * buyer is a customer, so the confirmation and the hourly allowance hold it as any order mail.
 */
export const QUOTE_OFFER_MAIL_KIND = 'quote-offered';

/** What an offer mail is written from (its payload). */
export interface QuoteOfferMailPayload {
  reference: string;
  userName: string;
  lines: { productName: string; quantity: number; unitPrice: number; lineTotal: number }[];
  total: number;
  validUntil: string;
  message: string;
  /** The quote page, `/dashboard/quotes/{id}`. */
  path: string;
}

/** The outbox row of an offer mail, written in the transaction that makes the offer. */
export function quoteOfferMailRow(
  recipient: string,
  payload: QuoteOfferMailPayload,
): Insertable<MailOutboxTable> {
  const now = nowIso();
  return {
    id: newId(),
    kind: QUOTE_OFFER_MAIL_KIND,
    order_id: null,
    recipient,
    payload: JSON.stringify(payload),
    next_attempt_at: now,
    created_at: now,
  };
}

/**
 * Mail to the shop's own address (SHOP_ORDERS_EMAIL), set by the operator: not a customer's
 * account, so no confirmation is asked of it and no hourly allowance holds it back.
 */
export const SHOP_MAIL_KINDS: readonly OrderMailKind[] = ['shop-order-placed'];

/**
 * Writes an order mail to the outbox, inside the transaction of the change it reports: the mail
 * exists exactly when the change does. `order` is the order as the API shows it after the
 * change; the mail is written from it, whatever happens to the order later. An
 * `order-cancelled` mail also keeps why (`cancelReason`).
 */
export async function enqueueOrderMail(
  q: Kysely<Database> | Transaction<Database>,
  kind: OrderMailKind,
  order: Order,
  cancelReason?: CancelReason,
): Promise<void> {
  await insertOrderMail(q, orderMailRow(kind, order, cancelReason)).execute();
  // The row is visible once the caller's transaction commits; a worker woken a moment later finds
  // it then, or at its next poll.
  orderMailEnqueued();
}

/**
 * The outbox row of an order mail, written from the order as the API shows it; the payload is
 * the order, with `cancelReason` beside its fields for a cancellation.
 */
export function orderMailRow(
  kind: OrderMailKind,
  order: Order,
  cancelReason?: CancelReason,
  to?: { email: string; name: string },
): Insertable<MailOutboxTable> {
  const now = nowIso();
  return {
    id: newId(),
    kind,
    order_id: order._id,
    recipient: to?.email ?? order.userEmail,
    payload: JSON.stringify({
      ...order,
      ...(cancelReason ? { cancelReason } : {}),
      ...(to ? { recipientName: to.name } : {}),
    }),
    next_attempt_at: now,
    created_at: now,
  };
}

/** The shop's mail of a new order, to `shopEmail` (SHOP_ORDERS_EMAIL), written with the order. */
export function shopOrderMailRow(order: Order, shopEmail: string): Insertable<MailOutboxTable> {
  return { ...orderMailRow('shop-order-placed', order), recipient: shopEmail };
}

/** The columns of `orderMailRow`, for a statement prepared once (orders/place-sqlite.repository.ts). */
export const ORDER_MAIL_COLUMNS = [
  'id',
  'kind',
  'order_id',
  'recipient',
  'payload',
  'next_attempt_at',
  'created_at',
] as const satisfies readonly (keyof MailOutboxTable)[];

export const insertOrderMail = (
  q: Kysely<Database> | Transaction<Database>,
  row: Insertable<MailOutboxTable>,
) => q.insertInto('mail_outbox').values(row);

/** Wakes the running workers of this process: a mail was written (call after it commits). */
export function orderMailEnqueued(): void {
  for (const listener of enqueueListeners) listener();
}

/** Every enqueued mail calls these, so a running worker can look for it at once. */
const enqueueListeners = new Set<() => void>();

/** Calls `listener` after every enqueueOrderMail of this process; answers the unsubscribe. */
export function onOrderMailEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/** A row the worker claimed: what it needs to send it, and the claim to settle. */
export interface ClaimedMail {
  id: string;
  kind: string;
  recipient: string;
  payload: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

export interface OutboxCounts {
  /** Waiting for their first or next attempt (claimed ones included). */
  pending: number;
  sent: number;
  failed: number;
  /** Settled without sending: the recipient never confirmed the address. */
  skipped: number;
}

/** What `admit` answers: the row may be sent now, its recipient's hour is full, or it was lost. */
export type Admission =
  | { kind: 'admitted' }
  /** `oldest`: the earliest admission still in the window; a place opens an hour after it. */
  | { kind: 'full'; oldest: string }
  /** The claim was taken over (its lease ran out): not this pass's row any more. */
  | { kind: 'lost' };

/**
 * The first key of the advisory lock that queues admissions to one recipient on PostgreSQL (the
 * second is the address's hash): the two-key form keeps clear of the one-key locks of the seed
 * and the first admin.
 */
const RECIPIENT_LOCK_CLASS = 0x6d61696c; // 'mail'

/** The outbox table, as the worker uses it (modules own their tables: only this file writes SQL). */
export function createOutboxRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    /**
     * Claims up to `limit` due rows for the pass `token`: each claimed row counts an attempt and
     * becomes due again only when `leaseUntil` passes, so a claim whose instance died is taken
     * over then. On PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so instances
     * claiming at the same moment each take other rows and never wait for one another; SQLite
     * runs one statement at a time, and the conditional UPDATE is the claim.
     */
    async claimDue(
      token: string,
      { now, leaseUntil, limit }: { now: string; leaseUntil: string; limit: number },
    ): Promise<ClaimedMail[]> {
      const due = (qb: QueryCreator<Database>) => {
        const query = qb
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('skipped_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit);
        return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
      };
      // The rows are picked (and locked, on PostgreSQL) once, in a CTE: a subquery in the
      // UPDATE's WHERE may be evaluated again when a row changed under it, locking rows it then
      // does not update.
      const rows = await db
        .with('picked', due)
        .updateTable('mail_outbox')
        .from('picked')
        .set((eb) => ({
          claim_token: token,
          attempts: eb('mail_outbox.attempts', '+', 1),
          next_attempt_at: leaseUntil,
        }))
        .whereRef('mail_outbox.id', '=', 'picked.id')
        // Checked again on the row itself: another instance may have claimed it meanwhile.
        .where('mail_outbox.sent_at', 'is', null)
        .where('mail_outbox.failed_at', 'is', null)
        .where('mail_outbox.skipped_at', 'is', null)
        .where('mail_outbox.next_attempt_at', '<=', now)
        .returning([
          'mail_outbox.id',
          'mail_outbox.kind',
          'mail_outbox.recipient',
          'mail_outbox.payload',
          'mail_outbox.attempts',
          'mail_outbox.created_at',
        ])
        .execute();
      // Oldest first: RETURNING answers in no particular order.
      const age = (row: (typeof rows)[number]) => `${toIso(row.created_at)} ${row.id}`;
      return rows
        .sort((a, b) => (age(a) < age(b) ? -1 : age(a) > age(b) ? 1 : 0))
        .map(({ created_at: _created, ...row }) => row);
    },

    /** Marks a claimed row sent; false when the claim was lost (its lease ran out and was taken). */
    async markSent(id: string, token: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('mail_outbox')
        .set({ sent_at: now, claim_token: null, last_error: null })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Settles a failed attempt: the row is due again at `retryAt`, or, with `retryAt` null, given
     * up (`failed_at`). Nothing happens when the claim was lost.
     */
    async markFailed(
      id: string,
      token: string,
      { error, retryAt, now }: { error: string; retryAt: string | null; now: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('mail_outbox')
        .set({
          claim_token: null,
          // A failed attempt gives its place in the recipient's hour back.
          admitted_at: null,
          last_error: error.slice(0, 2000),
          ...(retryAt === null ? { failed_at: now } : { next_attempt_at: retryAt }),
        })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Which of these addresses their owner has confirmed (Better Auth's `emailVerified`), in
     * lower case. Order mail goes only to those (security report 2026-11-26, finding 4): an
     * account registered under someone else's address must not make the shop mail it.
     */
    async confirmedRecipients(emails: readonly string[]): Promise<Set<string>> {
      const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
      if (wanted.length === 0) return new Set();
      const rows = await db
        .selectFrom('auth_user')
        .select('email')
        // Better Auth stores addresses in lower case, as the shop's users table does.
        .where('email', 'in', wanted)
        .where('emailVerified', '=', dialect === 'postgres' ? true : 1)
        .execute();
      return new Set(rows.map((row) => row.email.toLowerCase()));
    },

    /** Settles a claimed row without sending it (`reason` says why); never tried again. */
    async markSkipped(id: string, token: string, reason: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('mail_outbox')
        .set({ skipped_at: now, skip_reason: reason, claim_token: null })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Takes a place for a claimed row in its recipient's allowance: at most `max` rows admitted
     * after `since` (an hour ago). The place is taken before the mail is sent, by one conditional
     * UPDATE that counts the recipient's admissions itself. SQLite runs that statement alone
     * (one writer at a time, whatever the connection); PostgreSQL first takes an advisory lock
     * on the recipient for the transaction, so instances admitting at once are queued and cannot
     * both take the last place (read committed would let each count without the other's).
     */
    async admit(
      row: { id: string; recipient: string },
      token: string,
      { now, since, max }: { now: string; since: string; max: number },
    ): Promise<Admission> {
      const take = async (q: Kysely<Database> | Transaction<Database>) => {
        const result = await q
          .updateTable('mail_outbox')
          .set({ admitted_at: now })
          .where('id', '=', row.id)
          .where('claim_token', '=', token)
          .where((eb) =>
            eb(
              eb
                .selectFrom('mail_outbox as admitted')
                .select(eb.fn.countAll<number>().as('places'))
                .where('admitted.recipient', '=', row.recipient)
                .where('admitted.admitted_at', '>', since)
                // A row admitted before by a pass that died counts once, as itself.
                .where('admitted.id', '!=', row.id),
              '<',
              max,
            ),
          )
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      };
      const taken =
        dialect === 'postgres'
          ? await db.transaction().execute(async (trx) => {
              await sql`select pg_advisory_xact_lock(${sql.lit(RECIPIENT_LOCK_CLASS)}, hashtext(${row.recipient}))`.execute(
                trx,
              );
              return take(trx);
            })
          : await take(db);
      if (taken) return { kind: 'admitted' };
      const [mine, window] = await Promise.all([
        db
          .selectFrom('mail_outbox')
          .select('id')
          .where('id', '=', row.id)
          .where('claim_token', '=', token)
          .executeTakeFirst(),
        db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.min('admitted_at').as('oldest'))
          .where('recipient', '=', row.recipient)
          .where('admitted_at', '>', since)
          .executeTakeFirstOrThrow(),
      ]);
      if (!mine) return { kind: 'lost' };
      // The hour emptied since the UPDATE looked: a place is there now, at the next pass.
      return { kind: 'full', oldest: window.oldest === null ? since : toIso(window.oldest) };
    },

    /**
     * Puts off a recipient's waiting mail to `until` (when a place opens in their hour): the rows
     * this pass claimed are given back with the attempt uncounted, and the unclaimed ones due
     * before then move with them, so a long queue for one address is put off in one statement,
     * not looked at row by row on every pass. Nothing is dropped.
     */
    async deferRecipient(recipient: string, token: string, until: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          next_attempt_at: until,
          attempts: eb
            .case()
            .when('claim_token', '=', token)
            .then(eb('attempts', '-', 1))
            .else(eb.ref('attempts'))
            .end(),
          claim_token: null,
        }))
        .where('recipient', '=', recipient)
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('skipped_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('claim_token', '=', token),
            eb.and([eb('claim_token', 'is', null), eb('next_attempt_at', '<', until)]),
          ]),
        )
        .execute();
    },

    /**
     * Deletes up to `limit` rows sent before `before`, and up to `limit` skipped before it;
     * answers how many went. Rows given up on (`failed_at`) stay for the operator.
     */
    async purgeSettled(before: string, limit: number): Promise<number> {
      let deleted = 0;
      for (const column of ['sent_at', 'skipped_at'] as const) {
        const result = await db
          .deleteFrom('mail_outbox')
          .where('id', 'in', (qb) =>
            qb.selectFrom('mail_outbox').select('id').where(column, '<', before).limit(limit),
          )
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    },

    /** Gives back claimed rows not attempted (the worker is stopping): due now, attempt uncounted. */
    async release(ids: readonly string[], token: string, now: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          claim_token: null,
          next_attempt_at: now,
          attempts: eb('attempts', '-', 1),
        }))
        .where('id', 'in', ids)
        .where('claim_token', '=', token)
        .execute();
    },

    /** How many rows wait, were sent and were given up on (for the health of the outbox). */
    async counts(): Promise<OutboxCounts> {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => [
          eb.fn
            .sum<number | string>(eb.case().when('sent_at', 'is not', null).then(1).else(0).end())
            .as('sent'),
          eb.fn
            .sum<number | string>(eb.case().when('failed_at', 'is not', null).then(1).else(0).end())
            .as('failed'),
          eb.fn
            .sum<number | string>(
              eb.case().when('skipped_at', 'is not', null).then(1).else(0).end(),
            )
            .as('skipped'),
          eb.fn.countAll<number | string>().as('total'),
        ])
        .executeTakeFirstOrThrow();
      const sent = Number(row.sent ?? 0);
      const failed = Number(row.failed ?? 0);
      const skipped = Number(row.skipped ?? 0);
      return { pending: Number(row.total) - sent - failed - skipped, sent, failed, skipped };
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
