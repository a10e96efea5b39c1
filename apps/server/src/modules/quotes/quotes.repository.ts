import type { Insertable, Kysely, Transaction } from 'kysely';
import { quoteNumberSearched, type QuoteStatus } from '@shop/shared';
import { containsText, readPage, type ListWindow } from '../../db/list-queries.js';
import type { Dialect } from '../../db/database.js';
import type {
  Database,
  MailOutboxTable,
  QuoteHistoryRow,
  QuoteRow,
  QuotesTable,
} from '../../db/schema.js';
import { insertOrderMail } from '../mail/outbox.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A requested line as stored (JSON in `quotes.lines`). */
export interface StoredQuoteLine {
  productId: string;
  productName: string;
  quantity: number;
}

/** An offered line as stored (JSON in `quotes.offer_lines`). */
export interface StoredOfferLine extends StoredQuoteLine {
  unitPriceCents: number;
}

/** An offered line that is not a product (a setup or tooling fee), as stored. */
export interface StoredExtraLine {
  description: string;
  amountCents: number;
}

/** The offer a shop admin makes, as it is written. */
export interface OfferFields {
  lines: StoredOfferLine[];
  extraLines: StoredExtraLine[];
  totalCents: number;
  validUntil: string;
  message: string;
  now: string;
}

/** Whose quotes a list shows: a customer's own, and a company's for its admin; none: all. */
export interface QuoteScope {
  userId: string;
  companyId?: string | undefined;
}

/** The attachment's facts, without its bytes. */
export interface AttachmentInfo {
  quote_id: string;
  filename: string;
  content_type: string;
  size: number;
  uploaded_at: Date | string;
}

/**
 * The quotes module's tables (`quotes`, `quote_attachments`, `quote_request_counts`, migration
 * 0022): every statement on them. Each change of a quote's status is one conditional UPDATE
 * (WHERE its status, and for an accept the offer's version and expiry), so of two requests at
 * once only one changes it, on one instance or several.
 */
export function createQuotesRepository(db: Kysely<Database>, dialect: Dialect) {
  /**
   * The bytes of artwork `userId`'s quotes hold that count in their quota at `now`
   * (security 2026-11-28 #4): quotes waiting for an offer or offered, and those declined or
   * whose offer expired after `keptSince` (a day before `now`). An ordered quote's file belongs
   * to its order and does not count. `except`: the quote whose file is being replaced.
   */
  async function artworkBytes(
    q: Executor,
    userId: string,
    { keptSince, except }: { keptSince: string; except: string },
  ): Promise<number> {
    const row = await q
      .selectFrom('quote_attachments')
      .innerJoin('quotes', 'quotes.id', 'quote_attachments.quote_id')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number | string>('quote_attachments.size'), eb.lit(0)).as('bytes'),
      )
      .where('quotes.user_id', '=', userId)
      .where('quotes.id', '!=', except)
      .where((eb) =>
        eb.or([
          eb('quotes.status', '=', 'requested'),
          eb.and([
            eb('quotes.status', '=', 'offered'),
            eb('quotes.offer_valid_until', '>', keptSince),
          ]),
          eb.and([eb('quotes.status', '=', 'declined'), eb('quotes.updated_at', '>', keptSince)]),
        ]),
      )
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** One more quote waiting for an offer for `userId`, unless they have `max`: the cap's one step. */
  async function reserveOpen(trx: Executor, userId: string, max: number): Promise<boolean> {
    const row = await trx
      .insertInto('quote_request_counts')
      .values({ user_id: userId, open: 1 })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({ open: eb(eb.ref('quote_request_counts.open'), '+', 1) }))
          .where('quote_request_counts.open', '<', max),
      )
      .returning('open')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A quote stops waiting for an offer (offered, or withdrawn): its place is given back. */
  async function releaseOpen(trx: Executor, userId: string): Promise<void> {
    await trx
      .updateTable('quote_request_counts')
      .set((eb) => ({ open: eb('open', '-', 1) }))
      .where('user_id', '=', userId)
      .where('open', '>', 0)
      .execute();
  }

  return {
    /**
     * Inserts a requested quote unless its buyer has `maxOpen` waiting already ('too-many',
     * nothing written): the count and the insert are one transaction.
     */
    async insert(row: Insertable<QuotesTable>, maxOpen: number): Promise<QuoteRow | 'too-many'> {
      return db.transaction().execute(async (trx) => {
        if (!(await reserveOpen(trx, row.user_id, maxOpen))) return 'too-many';
        const inserted = await trx
          .insertInto('quotes')
          .values(row)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (inserted.number !== null) return inserted;
        // SQLite's trigger numbers it after the insert (migration 0032): read back, as orders'.
        return trx
          .selectFrom('quotes')
          .selectAll()
          .where('id', '=', inserted.id)
          .executeTakeFirstOrThrow();
      });
    },

    /** One quote; `q` a transaction to read it inside (the accept's). */
    find(id: string, q: Executor = db): Promise<QuoteRow | undefined> {
      return q.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The quotes of `scope` (undefined: every quote, a shop admin's list), newest first,
     * narrowed by `status` (as answered: an offer past its time is `expired` at `now`) and `q`
     * (the reference, the buyer's name or address, the note), one page and the number of matches.
     */
    list(
      scope: QuoteScope | undefined,
      filter: { status?: QuoteStatus | undefined; q?: string | undefined; now: string },
      window: ListWindow | undefined,
    ): Promise<{ rows: QuoteRow[]; total: number }> {
      let query = db.selectFrom('quotes').selectAll();
      if (scope) {
        const { userId, companyId } = scope;
        // A company's quotes are its members' only while they are members (security
        // 2026-11-28 #8): a buyer who left takes their quotes with them.
        query = query.where((eb) =>
          companyId
            ? eb.or([
                eb('user_id', '=', userId),
                eb.and([
                  eb('company_id', '=', companyId),
                  eb.exists(
                    eb
                      .selectFrom('company_members')
                      .select('company_members.user_id')
                      .whereRef('company_members.user_id', '=', 'quotes.user_id')
                      .where('company_members.company_id', '=', companyId),
                  ),
                ]),
              ])
            : eb('user_id', '=', userId),
        );
      }
      const { status, q, now } = filter;
      if (status === 'expired') {
        query = query.where('status', '=', 'offered').where('offer_valid_until', '<=', now);
      } else if (status === 'offered') {
        query = query.where('status', '=', 'offered').where('offer_valid_until', '>', now);
      } else if (status) {
        query = query.where('status', '=', status);
      }
      if (q) {
        const matches = containsText(q.replace(/^q-/i, ''));
        const text = containsText(q);
        const number = quoteNumberSearched(q);
        query = query.where((eb) =>
          eb.or([
            ...(number === undefined ? [] : [eb('number', '=', number)]),
            matches(eb.ref('id')),
            text(eb.ref('user_email')),
            text(eb.ref('user_name')),
            text(eb.ref('note')),
          ]),
        );
      }
      return readPage(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), window);
    },

    /**
     * Writes an offer (a first one or a new one: `offer_version` one more) and its mail, in one
     * transaction, while the quote is requested or offered; undefined when it was accepted or
     * declined meanwhile. A first offer gives back the buyer's place among quotes waiting.
     */
    async offer(
      id: string,
      fields: OfferFields,
      mail: (row: QuoteRow) => Insertable<MailOutboxTable>,
    ): Promise<QuoteRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const set = (from: 'requested' | 'offered') =>
          trx
            .updateTable('quotes')
            .set((eb) => ({
              status: 'offered' as const,
              offer_lines: JSON.stringify(fields.lines),
              offer_extra_lines:
                fields.extraLines.length > 0 ? JSON.stringify(fields.extraLines) : null,
              offer_total_cents: fields.totalCents,
              offer_valid_until: fields.validUntil,
              offer_message: fields.message,
              offer_version: eb('offer_version', '+', 1),
              offered_at: fields.now,
              updated_at: fields.now,
            }))
            .where('id', '=', id)
            .where('status', '=', from)
            .returningAll()
            .executeTakeFirst();
        let row = await set('requested');
        if (row) await releaseOpen(trx, row.user_id);
        else row = await set('offered');
        if (!row) return undefined;
        await insertOrderMail(trx, mail(row)).execute();
        return row;
      });
    },

    /**
     * Claims an offered quote for its order, inside the accept's transaction: one conditional
     * UPDATE (offered, still valid at `now`, and of `version` when given) to `ordered`. It locks
     * the row (PostgreSQL) until the order commits or rolls back with it, so a second accept or
     * a new offer waits and then finds it ordered. Undefined when it did not apply.
     */
    claim(
      trx: Transaction<Database>,
      id: string,
      { now, version }: { now: string; version?: number | undefined },
    ): Promise<QuoteRow | undefined> {
      let query = trx
        .updateTable('quotes')
        .set({ status: 'ordered', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'offered')
        .where('offer_valid_until', '>', now);
      if (version !== undefined) query = query.where('offer_version', '=', version);
      return query.returningAll().executeTakeFirst();
    },

    /** Records the order an accept made (the same transaction as the claim). */
    async setOrder(trx: Transaction<Database>, id: string, orderId: string): Promise<void> {
      await trx.updateTable('quotes').set({ order_id: orderId }).where('id', '=', id).execute();
    },

    /**
     * Declines a quote that is requested or offered (an expired offer too): `declined`;
     * undefined when it was ordered or declined already. A request declined gives its place back.
     */
    async decline(id: string, now: string): Promise<QuoteRow | undefined> {
      return db.transaction().execute(async (trx) => {
        // One conditional UPDATE per status before (RETURNING says only the status after): a
        // quote waiting for an offer (a first request, or a new offer asked for) gives its place
        // back.
        const set = (from: 'requested' | 'offered') =>
          trx
            .updateTable('quotes')
            .set({ status: 'declined', updated_at: now })
            .where('id', '=', id)
            .where('status', '=', from)
            .returningAll()
            .executeTakeFirst();
        const requested = await set('requested');
        if (requested) {
          await releaseOpen(trx, requested.user_id);
          return requested;
        }
        return set('offered');
      });
    },

    /**
     * A new offer asked for (issue 33, defect 3): an offered quote (valid or expired; of
     * `version` when given) goes back to `requested`, its offer cleared and kept in its history
     * with the buyer's message, and takes a place among its buyer's quotes waiting for an offer
     * ('too-many' when they have `maxOpen`: nothing written). The quote's row is read locked
     * (PostgreSQL) and changed by a conditional UPDATE, so an accept at the same moment either
     * claims it first (this answers the row as it is: not offered) or finds it requested.
     */
    async reRequest(
      id: string,
      p: {
        now: string;
        version?: number | undefined;
        message: string;
        maxOpen: number;
        snapshot: (row: QuoteRow) => string;
      },
    ): Promise<
      | { kind: 'done'; row: QuoteRow }
      | { kind: 'not-offered'; row: QuoteRow | undefined }
      | { kind: 'too-many'; row: QuoteRow }
    > {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('quotes')
          .selectAll()
          .where('id', '=', id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (
          !before ||
          before.status !== 'offered' ||
          (p.version !== undefined && before.offer_version !== p.version)
        ) {
          return { kind: 'not-offered' as const, row: before };
        }
        if (!(await reserveOpen(trx, before.user_id, p.maxOpen))) {
          return { kind: 'too-many' as const, row: before };
        }
        const row = await trx
          .updateTable('quotes')
          .set({
            status: 'requested',
            offer_lines: null,
            offer_extra_lines: null,
            offer_total_cents: null,
            offer_valid_until: null,
            offer_message: null,
            offered_at: null,
            updated_at: p.now,
          })
          .where('id', '=', id)
          .where('status', '=', 'offered')
          .where('offer_version', '=', before.offer_version)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new Error(`quote ${id} changed under its lock`);
        await trx
          .insertInto('quote_history')
          .values({
            quote_id: id,
            kind: 'new-offer-asked',
            at: p.now,
            message: p.message,
            order_id: null,
            order_number: null,
            offer: p.snapshot(before),
          })
          .execute();
        return { kind: 'done' as const, row };
      });
    },

    /** The history of these quotes (migration 0032), oldest first per quote. */
    async historyOf(quoteIds: readonly string[]): Promise<Map<string, QuoteHistoryRow[]>> {
      const byQuote = new Map<string, QuoteHistoryRow[]>();
      if (quoteIds.length === 0) return byQuote;
      const rows = await db
        .selectFrom('quote_history')
        .selectAll()
        .where('quote_id', 'in', quoteIds)
        .orderBy('quote_id')
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const list = byQuote.get(row.quote_id) ?? [];
        list.push(row);
        byQuote.set(row.quote_id, list);
      }
      return byQuote;
    },

    /** The names of these companies (a quote shows its buyer's company). */
    async companyNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /**
     * What a shop admin prices an offer with (issue 33, defects 3 and 21): each product's SKU,
     * list price, breaks and stock now, sold or not.
     */
    productFacts(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'name', 'sku', 'price_cents', 'price_breaks', 'aqty', 'archived_at'])
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Stores (or replaces) a quote's artwork while the quote waits for an offer, within its
     * buyer's quota (`quotaBytes`, counted as `artworkBytes` says): 'closed' when the quote is
     * answered, 'quota' when the file would take the buyer past it; nothing written then.
     * - The buyer's row of `quote_request_counts` (written when they asked) is locked first
     *   (PostgreSQL), so two uploads at once, on one instance or several, are counted one after
     *   the other and cannot pass the quota together; SQLite runs one transaction at a time.
     * - The quote's row is touched by a conditional UPDATE, so an offer made at the same moment
     *   either comes after (and sees the file) or makes this refuse.
     */
    async putAttachment(
      quoteId: string,
      file: {
        userId: string;
        filename: string;
        contentType: string;
        data: Buffer;
        now: string;
        keptSince: string;
        quotaBytes: number;
      },
    ): Promise<'stored' | 'closed' | 'quota'> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await trx
            .selectFrom('quote_request_counts')
            .select('user_id')
            .where('user_id', '=', file.userId)
            .forUpdate()
            .execute();
        }
        // A quote answered meanwhile is closed, whatever the quota says.
        const current = await trx
          .selectFrom('quotes')
          .select('status')
          .where('id', '=', quoteId)
          .executeTakeFirst();
        if (current?.status !== 'requested') return 'closed';
        const held = await artworkBytes(trx, file.userId, {
          keptSince: file.keptSince,
          except: quoteId,
        });
        if (held + file.data.length > file.quotaBytes) return 'quota';
        const quote = await trx
          .updateTable('quotes')
          .set({ updated_at: file.now })
          .where('id', '=', quoteId)
          .where('status', '=', 'requested')
          .returning('id')
          .executeTakeFirst();
        if (!quote) return 'closed';
        const values = {
          filename: file.filename,
          content_type: file.contentType,
          size: file.data.length,
          data: file.data,
          uploaded_at: file.now,
        };
        await trx
          .insertInto('quote_attachments')
          .values({ quote_id: quoteId, ...values })
          .onConflict((oc) => oc.column('quote_id').doUpdateSet(values))
          .execute();
        return 'stored';
      });
    },

    /** The artwork `userId`'s quotes hold in their quota (artworkBytes), for tests and views. */
    artworkBytes: (userId: string, keptSince: string) =>
      artworkBytes(db, userId, { keptSince, except: '' }),

    /**
     * Deletes the artwork of quotes declined, or whose offer expired, at or before `keptSince`
     * (a day ago): the periodic pass of artwork-purge.ts. Answers how many files it deleted.
     */
    async purgeClosedArtwork(keptSince: string): Promise<number> {
      const result = await db
        .deleteFrom('quote_attachments')
        .where('quote_id', 'in', (eb) =>
          eb
            .selectFrom('quotes')
            .select('quotes.id')
            .where((w) =>
              w.or([
                w.and([w('status', '=', 'declined'), w('updated_at', '<=', keptSince)]),
                w.and([w('status', '=', 'offered'), w('offer_valid_until', '<=', keptSince)]),
              ]),
            ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * The company `userId` is a member of now, read inside the accept's transaction and, on
     * PostgreSQL, locked until it ends: a buyer leaving waits for the order being placed.
     */
    async companyOf(trx: Transaction<Database>, userId: string): Promise<string | undefined> {
      const row = await trx
        .selectFrom('company_members')
        .select('company_id')
        .where('user_id', '=', userId)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      return row?.company_id;
    },

    /** The attachments' facts of these quotes, without their bytes. */
    async attachmentsOf(quoteIds: readonly string[]): Promise<Map<string, AttachmentInfo>> {
      if (quoteIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('quote_attachments')
        .select(['quote_id', 'filename', 'content_type', 'size', 'uploaded_at'])
        .where('quote_id', 'in', quoteIds)
        .execute();
      return new Map(rows.map((row) => [row.quote_id, row]));
    },

    /** A quote's artwork with its bytes. */
    attachment(quoteId: string) {
      return db
        .selectFrom('quote_attachments')
        .selectAll()
        .where('quote_id', '=', quoteId)
        .executeTakeFirst();
    },

    /** The products a quote's lines name, sold or not: their names and whether archived. */
    products(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'name', 'archived_at'])
        .where('id', 'in', ids)
        .execute();
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
