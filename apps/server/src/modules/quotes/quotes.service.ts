import {
  ID_PATTERN,
  MAX_OPEN_QUOTE_REQUESTS,
  messages,
  QUOTE_ARTWORK_KEEP_CLOSED_HOURS,
  QUOTE_MAX_VALID_DAYS,
  quoteMessages,
  quoteReference,
  formatOrderNumber,
  QUOTE_HISTORY_KINDS,
  type Quote,
  type QuoteAttachmentType,
  type QuoteHistoryKind,
  type QuoteListQuery,
  type QuoteOfferView,
  type QuoteProductFacts,
  type ValidQuoteAccept,
  type ValidQuoteCreate,
  type ValidQuoteOffer,
  type ValidQuoteReRequest,
} from '@shop/shared';
import type { CurrentUser } from '../../auth/guard.js';
import { newId } from '../../db/ids.js';
import { listWindow } from '../../db/list-queries.js';
import type { QuoteHistoryRow, QuoteRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
import type { Membership } from '../companies/companies.repository.js';
import { orderMailEnqueued, quoteOfferMailRow } from '../mail/outbox.repository.js';
import { MAX_ORDER_CENTS } from '../orders/orders.repository.js';
import { priceBreaksOf } from '../orders/place-order.repository.js';
import type { OrdersService } from '../orders/orders.service.js';
import { artworkFilename } from './attachment-content.js';
import type {
  AttachmentInfo,
  QuotesRepository,
  StoredExtraLine,
  StoredOfferLine,
  StoredQuoteLine,
} from './quotes.repository.js';

const notFound = () => new AppError('not_found', quoteMessages.quoteNotFound);
const forbidden = () => new AppError('forbidden', messages.noPermission);
const expired = () => new AppError('quote_expired', quoteMessages.expired);

/** What quotes read of companies: the caller's membership. */
export interface QuoteCompanies {
  membershipOf(userId: string): Promise<Membership | undefined>;
}

export interface QuotesServiceDeps {
  quotes: QuotesRepository;
  orders: Pick<OrdersService, 'placeOffer'>;
  companies: QuoteCompanies;
  /** All the artwork one account may keep, in bytes (ARTWORK_QUOTA_PER_ACCOUNT_MB). */
  artworkQuotaBytes: number;
  /** The clock offers expire by; tests move it. */
  now?: () => Date;
}

/** Who may see a quote (DESIGN.md section 14): its buyer, their company's admins, shop admins. */
export type QuoteAccess = 'buyer' | 'company-admin' | 'shop-admin';

function parseLines<T>(json: string | null): T[] {
  if (!json) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/** The offer a row holds, as the API answers it (null before the first, or while re-asked). */
function offerOf(row: QuoteRow): QuoteOfferView | null {
  if (row.offer_valid_until === null || row.offered_at === null) return null;
  return {
    lines: parseLines<StoredOfferLine>(row.offer_lines).map((line) => ({
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity,
      unitPrice: line.unitPriceCents / 100,
      lineTotal: (line.unitPriceCents * line.quantity) / 100,
    })),
    extraLines: parseLines<StoredExtraLine>(row.offer_extra_lines).map((line) => ({
      description: line.description,
      amount: line.amountCents / 100,
    })),
    total: Number(row.offer_total_cents ?? 0) / 100,
    validUntil: toIso(row.offer_valid_until),
    message: row.offer_message ?? '',
    version: row.offer_version,
    offeredAt: toIso(row.offered_at),
  };
}

/** What else a quote's answer carries: its history, its company's name, an admin's facts. */
export interface QuoteExtras {
  history?: readonly QuoteHistoryRow[] | undefined;
  companyName?: string | undefined;
  products?: QuoteProductFacts[] | undefined;
}

function historyEntry(row: QuoteHistoryRow): Quote['history'][number] {
  const kind = (QUOTE_HISTORY_KINDS as readonly string[]).includes(row.kind)
    ? (row.kind as QuoteHistoryKind)
    : 'order-cancelled';
  let offer: QuoteOfferView | null = null;
  if (row.offer) {
    try {
      offer = JSON.parse(row.offer) as QuoteOfferView;
    } catch {
      offer = null;
    }
  }
  return {
    kind,
    at: toIso(row.at),
    message: row.message,
    orderId: row.order_id,
    orderNumber: row.order_number === null ? null : formatOrderNumber(row.order_number),
    offer,
  };
}

/** A quote as the API answers it, its status as it stands at `now` (an old offer: `expired`). */
export function toQuote(
  row: QuoteRow,
  attachment: AttachmentInfo | undefined,
  now: Date,
  extras: QuoteExtras = {},
): Quote {
  const validUntil = row.offer_valid_until === null ? null : toIso(row.offer_valid_until);
  const status =
    row.status === 'offered' && validUntil !== null && Date.parse(validUntil) <= now.getTime()
      ? 'expired'
      : row.status;
  return {
    _id: row.id,
    reference: quoteReference(row.number, row.id),
    status,
    userId: row.user_id,
    userEmail: row.user_email,
    userName: row.user_name,
    companyId: row.company_id,
    companyName: extras.companyName ?? null,
    note: row.note,
    lines: parseLines<StoredQuoteLine>(row.lines).map(({ productId, productName, quantity }) => ({
      productId,
      productName,
      quantity,
    })),
    attachment: attachment
      ? {
          // The shop's own name (security 2026-11-28 #6), also for files stored before it.
          filename: artworkFilename(row, attachment.content_type),
          contentType: attachment.content_type as QuoteAttachmentType,
          size: attachment.size,
          uploadedAt: toIso(attachment.uploaded_at),
        }
      : null,
    offer: offerOf(row),
    orderId: row.order_id,
    history: (extras.history ?? []).map(historyEntry),
    ...(extras.products ? { products: extras.products } : {}),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Quotes (DESIGN.md section 14): request, artwork, offer, accept, decline, and who sees them. */
export function createQuotesService({
  quotes,
  orders,
  companies,
  artworkQuotaBytes,
  now = () => new Date(),
}: QuotesServiceDeps) {
  /** Artwork of quotes closed after this still counts in the quota; before it, it is purged. */
  const keptSince = () =>
    new Date(now().getTime() - QUOTE_ARTWORK_KEEP_CLOSED_HOURS * 3_600_000).toISOString();

  /**
   * How the caller may see the quote: its buyer; an admin of the company the buyer asked for
   * while the buyer is still its member (security 2026-11-28 #8: a buyer who left takes their
   * quotes with them, so a former company's admin can neither read nor accept them); a shop
   * admin. 404 unknown, 403 anyone else.
   */
  async function visibleQuote(
    caller: CurrentUser,
    id: string,
  ): Promise<{ row: QuoteRow; access: QuoteAccess }> {
    const row = ID_PATTERN.test(id) ? await quotes.find(id) : undefined;
    if (!row) throw notFound();
    if (row.user_id === caller.id) return { row, access: 'buyer' };
    const membership = await companies.membershipOf(caller.id);
    if (
      membership?.role === 'admin' &&
      row.company_id === membership.companyId &&
      (await companies.membershipOf(row.user_id))?.companyId === membership.companyId
    ) {
      return { row, access: 'company-admin' };
    }
    if (caller.role === 'admin') return { row, access: 'shop-admin' };
    throw forbidden();
  }

  /**
   * What a shop admin prices with, per product the request or the offer names (issue 33,
   * defects 3 and 21): SKU, list price, breaks, stock now.
   */
  async function productFacts(rows: readonly QuoteRow[]): Promise<Map<string, QuoteProductFacts>> {
    const ids = new Set<string>();
    for (const row of rows) {
      for (const line of parseLines<StoredQuoteLine>(row.lines)) ids.add(line.productId);
      for (const line of parseLines<StoredOfferLine>(row.offer_lines)) ids.add(line.productId);
    }
    const found = await quotes.productFacts([...ids].filter((id) => ID_PATTERN.test(id)));
    return new Map(
      found.map((product) => [
        product.id,
        {
          productId: product.id,
          sku: product.sku,
          name: product.name,
          listPrice: product.price_cents / 100,
          priceBreaks: priceBreaksOf(product.price_breaks).map((entry) => ({
            minQty: entry.minQty,
            price: entry.price / 100,
          })),
          stock: product.aqty,
          archived: product.archived_at !== null,
        },
      ]),
    );
  }

  /** Quotes as the API answers them; `forShopAdmin` adds the products' facts. */
  async function present(rows: readonly QuoteRow[], forShopAdmin = false): Promise<Quote[]> {
    const ids = rows.map((row) => row.id);
    const [attachments, history, companyNames, facts] = await Promise.all([
      quotes.attachmentsOf(ids),
      quotes.historyOf(ids),
      quotes.companyNames([
        ...new Set(rows.flatMap((row) => (row.company_id ? [row.company_id] : []))),
      ]),
      forShopAdmin ? productFacts(rows) : Promise.resolve(undefined),
    ]);
    const at = now();
    return rows.map((row) => {
      const named = new Set([
        ...parseLines<StoredQuoteLine>(row.lines).map((line) => line.productId),
        ...parseLines<StoredOfferLine>(row.offer_lines).map((line) => line.productId),
      ]);
      return toQuote(row, attachments.get(row.id), at, {
        history: history.get(row.id),
        companyName: row.company_id ? companyNames.get(row.company_id) : undefined,
        products: facts && [...named].flatMap((id) => facts.get(id) ?? []),
      });
    });
  }
  const presentOne = async (row: QuoteRow, forShopAdmin = false) =>
    (await present([row], forShopAdmin))[0] as Quote;

  /** The products of `lines`: each must exist and be sold; a refusal names the line. */
  async function productNames(
    lines: readonly { productId: string }[],
  ): Promise<Map<string, string>> {
    const found = new Map(
      (
        await quotes.products(
          lines.map((line) => line.productId).filter((id) => ID_PATTERN.test(id)),
        )
      ).map((product) => [product.id, product]),
    );
    const fields: Record<string, string> = {};
    lines.forEach((line, index) => {
      const product = found.get(line.productId);
      if (!product) fields[`lines.${index}.productId`] = 'Product not found';
      else if (product.archived_at !== null)
        fields[`lines.${index}.productId`] = quoteMessages.productArchived;
    });
    const [first] = Object.values(fields);
    if (first) {
      const missing = Object.values(fields).includes('Product not found');
      throw new AppError(missing ? 'not_found' : 'validation_failed', first, fields);
    }
    return new Map([...found].map(([id, product]) => [id, product.name]));
  }

  /** Why a quote that is not (validly) offered cannot be accepted or declined. */
  function closedRefusal(row: QuoteRow): AppError {
    if (row.status === 'ordered') return new AppError('quote_closed', quoteMessages.alreadyOrdered);
    if (row.status === 'declined')
      return new AppError('quote_closed', quoteMessages.alreadyDeclined);
    if (row.status === 'requested')
      return new AppError('quote_not_offered', quoteMessages.notOffered);
    return expired();
  }

  return {
    /** `POST /api/quotes`: a signed-in customer asks for a quote. */
    async create(caller: CurrentUser, input: ValidQuoteCreate) {
      const names = await productNames(input.lines);
      const membership = await companies.membershipOf(caller.id);
      const at = now().toISOString();
      const row = await quotes.insert(
        {
          id: newId(),
          user_id: caller.id,
          user_email: caller.email,
          user_name: caller.displayName,
          company_id: membership?.companyId ?? null,
          status: 'requested',
          note: input.note,
          lines: JSON.stringify(
            input.lines.map((line) => ({
              productId: line.productId,
              productName: names.get(line.productId) ?? '',
              quantity: line.quantity,
            })),
          ),
          created_at: at,
          updated_at: at,
        },
        MAX_OPEN_QUOTE_REQUESTS,
      );
      if (row === 'too-many') {
        throw new AppError('too_many_quote_requests', quoteMessages.tooManyRequests);
      }
      return { insertedId: row.id, quote: await presentOne(row) };
    },

    async get(caller: CurrentUser, id: string): Promise<Quote> {
      const { row, access } = await visibleQuote(caller, id);
      return presentOne(row, access === 'shop-admin');
    },

    /**
     * `GET /api/quotes`: the caller's quotes and, for a company admin, their company's; a shop
     * admin's: every quote. With `status`, `q` and pages as the admin lists.
     */
    async list(caller: CurrentUser, { status, q, ...page }: QuoteListQuery) {
      let scope: { userId: string; companyId?: string } | undefined;
      if (caller.role !== 'admin') {
        const membership = await companies.membershipOf(caller.id);
        scope = {
          userId: caller.id,
          ...(membership?.role === 'admin' ? { companyId: membership.companyId } : {}),
        };
      }
      const { rows, total } = await quotes.list(
        scope,
        { status, q, now: now().toISOString() },
        listWindow(page),
      );
      return { items: await present(rows), total };
    },

    /**
     * The facts of a quote's artwork (its type, size, when uploaded; not its bytes) and the
     * name the shop serves it under, to those who may see the quote.
     */
    async attachmentInfo(caller: CurrentUser, id: string) {
      const { row } = await visibleQuote(caller, id);
      const info = (await quotes.attachmentsOf([id])).get(id);
      if (!info) throw new AppError('not_found', quoteMessages.noAttachment);
      return { ...info, filename: artworkFilename(row, info.content_type) };
    },

    /**
     * The artwork with its bytes (after attachmentInfo said the caller may have them): the
     * driver's own buffer (better-sqlite3, pg), to be sent as it is, with no second copy.
     */
    async attachmentData(id: string) {
      const [file, row] = await Promise.all([quotes.attachment(id), quotes.find(id)]);
      if (!file || !row) throw new AppError('not_found', quoteMessages.noAttachment);
      return { ...file, filename: artworkFilename(row, file.content_type) };
    },

    /**
     * Deletes the artwork of quotes declined or expired more than a day ago (the periodic pass
     * of artwork-purge.ts); answers how many files.
     */
    purgeClosedArtwork: () => quotes.purgeClosedArtwork(keptSince()),

    /**
     * Stores the artwork (checked by content before this) while the quote waits for an offer;
     * its buyer only (or a company admin of theirs).
     */
    async putAttachment(
      caller: CurrentUser,
      id: string,
      file: { contentType: QuoteAttachmentType; data: Buffer },
    ) {
      const { row: quote, access } = await visibleQuote(caller, id);
      if (access === 'shop-admin') throw forbidden();
      const stored = await quotes.putAttachment(id, {
        ...file,
        // Never the uploaded name (security 2026-11-28 #6).
        filename: artworkFilename(quote, file.contentType),
        userId: quote.user_id,
        now: now().toISOString(),
        keptSince: keptSince(),
        quotaBytes: artworkQuotaBytes,
      });
      if (stored === 'closed') throw new AppError('quote_closed', quoteMessages.attachmentLocked);
      if (stored === 'quota') {
        throw new AppError(
          'artwork_quota_exceeded',
          quoteMessages.artworkQuotaExceeded(
            Math.round((artworkQuotaBytes / 1024 / 1024) * 100) / 100,
          ),
        );
      }
      const row = await quotes.find(id);
      if (!row) throw notFound();
      return { modifiedCount: 1, quote: await presentOne(row) };
    },

    /** Who may see a quote's id (for the routes: the caller may upload before reading a body). */
    visibleQuote,

    /**
     * `PUT /api/quotes/{id}/offer` (shop admins): an offer, first or new, while the quote is
     * requested or offered (an expired offer may be renewed); 409 once ordered or declined.
     * The buyer's mail is written with it.
     */
    async offer(id: string, input: ValidQuoteOffer) {
      const row = ID_PATTERN.test(id) ? await quotes.find(id) : undefined;
      if (!row) throw notFound();
      const at = now();
      const until = new Date(input.validUntil);
      if (until.getTime() <= at.getTime()) {
        throw new AppError('validation_failed', quoteMessages.validUntilPast, {
          validUntil: quoteMessages.validUntilPast,
        });
      }
      if (until.getTime() > at.getTime() + QUOTE_MAX_VALID_DAYS * 86_400_000) {
        throw new AppError('validation_failed', quoteMessages.validUntilTooFar, {
          validUntil: quoteMessages.validUntilTooFar,
        });
      }
      if (row.status === 'ordered' || row.status === 'declined') {
        throw new AppError('quote_closed', quoteMessages.closed);
      }
      const names = await productNames(input.lines);
      const lines = input.lines.map((line) => ({
        productId: line.productId,
        productName: names.get(line.productId) ?? '',
        quantity: line.quantity,
        unitPriceCents: Math.round(line.unitPrice * 100),
      }));
      const extraLines: StoredExtraLine[] = input.extraLines.map((line) => ({
        description: line.description,
        amountCents: Math.round(line.amount * 100),
      }));
      const totalCents =
        lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0) +
        extraLines.reduce((sum, line) => sum + line.amountCents, 0);
      if (totalCents > MAX_ORDER_CENTS) {
        throw new AppError('validation_failed', quoteMessages.offerTooLarge, {
          lines: quoteMessages.offerTooLarge,
        });
      }
      const validUntil = until.toISOString();
      const offered = await quotes.offer(
        id,
        {
          lines,
          extraLines,
          totalCents,
          validUntil,
          message: input.message,
          now: at.toISOString(),
        },
        (quote) =>
          quoteOfferMailRow(quote.user_email, {
            reference: quoteReference(quote.number, quote.id),
            userName: quote.user_name,
            lines: [
              ...lines.map((line) => ({
                productName: line.productName,
                quantity: line.quantity,
                unitPrice: line.unitPriceCents / 100,
                lineTotal: (line.unitPriceCents * line.quantity) / 100,
              })),
              // A fee reads as one line of its amount.
              ...extraLines.map((line) => ({
                productName: line.description,
                quantity: 1,
                unitPrice: line.amountCents / 100,
                lineTotal: line.amountCents / 100,
              })),
            ],
            total: totalCents / 100,
            validUntil,
            message: input.message,
            path: `/dashboard/quotes/${quote.id}`,
          }),
      );
      if (!offered) throw new AppError('quote_closed', quoteMessages.closed);
      orderMailEnqueued();
      const quote = await presentOne(offered, true);
      // A warning, not a refusal (issue 33, defect 3): the shop admin may know stock is coming;
      // the buyer's accept is still refused while it is short.
      const stock = new Map((quote.products ?? []).map((product) => [product.productId, product]));
      const warnings = lines.flatMap((line, index) => {
        const product = stock.get(line.productId);
        return product && line.quantity > product.stock
          ? [
              {
                field: `lines.${index}.quantity`,
                message: quoteMessages.overStock(line.productName, line.quantity, product.stock),
              },
            ]
          : [];
      });
      return { modifiedCount: 1, quote, warnings };
    },

    /**
     * `POST /api/quotes/{id}/accept` (the buyer or an admin of their company): one order at the
     * offered unit prices, its stock taken all or nothing, in one transaction with the quote's
     * claim (orders.service `placeOffer`). Of two accepts at once one orders, the other is told
     * the quote is ordered; an offer changed meanwhile (a new version) is `quote_changed` when
     * the buyer said which version they read.
     */
    async accept(caller: CurrentUser, id: string, input: ValidQuoteAccept) {
      const { row, access } = await visibleQuote(caller, id);
      if (access === 'shop-admin') throw new AppError('forbidden', quoteMessages.notYours);
      const at = now();
      const nowIso = at.toISOString();
      if (row.status !== 'offered') throw closedRefusal(row);
      if (row.offer_valid_until !== null && toIso(row.offer_valid_until) <= nowIso) throw expired();
      if (input.offerVersion !== undefined && input.offerVersion !== row.offer_version) {
        throw new AppError('quote_changed', quoteMessages.changed);
      }
      const placed = await orders.placeOffer(
        { id: row.user_id, email: row.user_email, name: row.user_name },
        caller,
        { phone: input.phone, address: input.address, poNumber: input.poNumber },
        async (trx) => {
          // An admin of the buyer's company accepts only while the buyer is still its member:
          // read (and on PostgreSQL locked) in the order's transaction, so a buyer leaving at
          // this moment never has the order filed under another company (security 2026-11-28 #8).
          if (
            access === 'company-admin' &&
            (await quotes.companyOf(trx, row.user_id)) !== row.company_id
          ) {
            throw forbidden();
          }
          const claimed = await quotes.claim(trx, id, {
            now: nowIso,
            version: input.offerVersion,
          });
          if (!claimed) {
            const current = await quotes.find(id, trx);
            if (!current) throw notFound();
            if (current.status === 'offered' && input.offerVersion !== undefined) {
              if (current.offer_version !== input.offerVersion) {
                throw new AppError('quote_changed', quoteMessages.changed);
              }
            }
            throw closedRefusal(current);
          }
          return {
            lines: parseLines<StoredOfferLine>(claimed.offer_lines).map((line) => ({
              productId: line.productId,
              quantity: line.quantity,
              unitCents: line.unitPriceCents,
            })),
            charges: parseLines<StoredExtraLine>(claimed.offer_extra_lines).map((line) => ({
              description: line.description,
              unitCents: line.amountCents,
            })),
          };
        },
        (trx, orderId) => quotes.setOrder(trx, id, orderId),
      );
      orderMailEnqueued();
      const quote = await quotes.find(id);
      if (!quote) throw notFound();
      return { modifiedCount: 1, quote: await presentOne(quote), order: placed.order };
    },

    /**
     * `POST /api/quotes/{id}/request-again` (the buyer or an admin of their company; issue 33,
     * defect 3): a new offer asked for, with a message. The quote goes back to `requested`,
     * its offer kept in its history, and takes a place among the buyer's quotes waiting (the cap
     * of MAX_OPEN_QUOTE_REQUESTS holds). Only an offered quote (valid or expired): a buyer can ask
     * again only after each answer, so the history grows no faster than the shop's offers.
     */
    async reRequest(caller: CurrentUser, id: string, input: ValidQuoteReRequest) {
      const { row, access } = await visibleQuote(caller, id);
      if (access === 'shop-admin') throw new AppError('forbidden', quoteMessages.notYours);
      const refuse = (current: QuoteRow | undefined): AppError => {
        if (!current) return notFound();
        if (current.status === 'ordered' || current.status === 'declined') {
          return closedRefusal(current);
        }
        if (current.status === 'offered')
          return new AppError('quote_changed', quoteMessages.changed);
        return new AppError('quote_not_offered', quoteMessages.notReRequestable);
      };
      if (row.status !== 'offered') throw refuse(row);
      const result = await quotes.reRequest(id, {
        now: now().toISOString(),
        version: input.offerVersion,
        message: input.message,
        maxOpen: MAX_OPEN_QUOTE_REQUESTS,
        snapshot: (before) => JSON.stringify(offerOf(before)),
      });
      if (result.kind === 'too-many') {
        throw new AppError('too_many_quote_requests', quoteMessages.tooManyRequests);
      }
      if (result.kind === 'not-offered') throw refuse(result.row);
      return { modifiedCount: 1, quote: await presentOne(result.row) };
    },

    /** `POST /api/quotes/{id}/decline` (the buyer or an admin of their company). */
    async decline(caller: CurrentUser, id: string) {
      const { row, access } = await visibleQuote(caller, id);
      if (access === 'shop-admin') throw new AppError('forbidden', quoteMessages.notYours);
      if (row.status === 'ordered' || row.status === 'declined') throw closedRefusal(row);
      const declined = await quotes.decline(id, now().toISOString());
      if (!declined) {
        const current = await quotes.find(id);
        throw current ? closedRefusal(current) : notFound();
      }
      return { modifiedCount: 1, quote: await presentOne(declined) };
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
