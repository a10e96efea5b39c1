import { randomBytes } from 'node:crypto';
import { COMPANY_ROLES, orderSchema, type CancelReason, type Order } from '@shop/shared';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { MailAttachment, Mailer } from '../../auth/mailer.js';
import { renderInvitationMail, renderOrderMail, renderQuoteOfferMail } from './order-mail.js';
import {
  INVITATION_MAIL_KIND,
  QUOTE_OFFER_MAIL_KIND,
  ORDER_MAIL_KINDS,
  SHOP_MAIL_KINDS,
  UNCONFIRMED_RECIPIENT,
  UNCONFIRMED_RECIPIENT_LOG,
  onOrderMailEnqueued,
  type ClaimedMail,
  type OrderMailKind,
  type OutboxRepository,
} from './outbox.repository.js';

export interface OutboxWorkerOptions {
  /** How often the worker looks for due mail; 0: never on its own (only `runOnce`, `wake`). */
  intervalMs: number;
  /** The wait after the first failed attempt; it doubles with each further one... */
  retryBaseMs: number;
  /** ...up to this. */
  retryMaxMs: number;
  /** Attempts before the worker gives up on a mail (it stays in the table, marked failed). */
  maxAttempts: number;
  /**
   * How long a claim holds a row. Far longer than a pass can take (a batch of mails, each bounded
   * by the SMTP timeouts), so a row is only taken over from an instance that died.
   */
  leaseMs: number;
  /** Rows claimed at once. */
  batchSize: number;
  /**
   * Order mails one recipient may get in any hour (MAIL_PER_RECIPIENT_PER_HOUR): the rest wait
   * until a place opens, across instances.
   */
  perRecipientPerHour: number;
  /**
   * The shop's own mails of new orders (SHOP_ORDERS_EMAIL) it may get in any hour
   * (SHOP_ORDERS_MAIL_PER_HOUR): one account placing and deleting orders at its order rate
   * cannot fill the shop's inbox; the rest wait, none is dropped.
   */
  shopPerHour: number;
  /** How long a sent or skipped row is kept before the worker deletes it. */
  retentionMs: number;
  /** How often (by the passes' clock) a worker deletes old rows, and in batches of how many. */
  purgeEveryMs: number;
  purgeBatchSize: number;
  /** Batches one purge deletes at most; the rest go at the next one. */
  purgeMaxBatches: number;
}

const HOUR_MS = 60 * 60_000;

export const OUTBOX_DEFAULTS: OutboxWorkerOptions = {
  intervalMs: 2_000,
  retryBaseMs: 30_000,
  retryMaxMs: HOUR_MS,
  maxAttempts: 10,
  leaseMs: 10 * 60_000,
  batchSize: 10,
  perRecipientPerHour: 20,
  shopPerHour: 120,
  retentionMs: 30 * 24 * HOUR_MS,
  purgeEveryMs: 10 * 60_000,
  purgeBatchSize: 500,
  purgeMaxBatches: 20,
};

/** After an enqueue, the worker looks this much later: the change's transaction commits first. */
const WAKE_DELAY_MS = 20;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(
  attempts: number,
  options: Pick<OutboxWorkerOptions, 'retryBaseMs' | 'retryMaxMs'>,
): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

export interface PassResult {
  sent: number;
  failed: number;
}

export interface MailOutbox {
  /** One pass now: sends every due mail (tests give a `now` in the future). */
  runOnce(now?: Date): Promise<PassResult>;
  /** Looks for due mail in a moment (after an enqueue), when started. */
  wake(): void;
  start(): void;
  /** Stops polling and waits for the mail being sent; claimed mail not yet sent is given back. */
  stop(): Promise<void>;
}

const isKind = (kind: string): kind is OrderMailKind =>
  (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/** Why a cancelled order was cancelled, kept beside the order in its mail's payload. */
const cancelledPayloadSchema = z.object({
  cancelReason: z.enum(['expired', 'product-removed'] as const satisfies readonly CancelReason[]),
});

/** Whom a mail to someone else than the buyer greets (a company admin), beside the order. */
const recipientPayloadSchema = z.object({ recipientName: z.string().optional() });

/** An invitation mail's payload (outbox.repository.ts `InvitationMailPayload`). */
const invitationPayloadSchema = z.object({
  companyName: z.string(),
  invitedByName: z.string(),
  role: z.enum(COMPANY_ROLES),
  orderLimit: z.number().nullable(),
  path: z.string().regex(/^\/invitations\/[A-Za-z0-9_-]+$/),
  expiresAt: z.string(),
});

const quoteOfferPayloadSchema = z.object({
  reference: z.string(),
  userName: z.string(),
  lines: z.array(
    z.object({
      productName: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  total: z.number(),
  validUntil: z.string(),
  message: z.string(),
  path: z.string().regex(/^\/dashboard\/quotes\/[0-9a-f]{24}$/),
});

/**
 * The files a mail carries, made from the order in its row when it is sent (the paid mail's
 * invoice PDF: the outbox row keeps the order, never the PDF). A failure is a failed send, tried
 * again later.
 */
export type MailAttachmentsOf = (kind: OrderMailKind, order: Order) => Promise<MailAttachment[]>;

const ids = (rows: readonly ClaimedMail[]) => rows.map((row) => row.id);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the order mails of the outbox (DESIGN.md section 9). Every instance may run one:
 * a row is claimed by one pass (outbox.repository.ts), sent, then marked sent with the claim's
 * token. A failed send is tried again after an exponential backoff, up to `maxAttempts`.
 *
 * What "never twice" rests on: a row is only sent by the pass that claimed it, and a claim is
 * only taken over after its lease, far longer than sending takes. The one gap left is an
 * instance that dies (or loses its database for the whole lease) after the mail server took a
 * mail and before the row was marked: the row is sent again after the lease, with the same
 * Message-ID, so a mail client can tell it is the same message. A mark that fails while the
 * process lives is retried by the next pass, without sending again.
 *
 * What it will not send (security report 2026-11-26, finding 4), checked here because every row
 * passes here, whichever path wrote it: mail to an address its owner never confirmed (the row is
 * settled as skipped, logged at info), and more than `perRecipientPerHour` mails to one address
 * in any hour (the rest wait for a place, across instances). It also deletes sent and skipped
 * rows after `retentionMs`.
 */
export function createOutboxWorker({
  outbox,
  mailer,
  log,
  publicUrl,
  attachmentsOf,
  bankDetails = true,
  options: given = {},
}: {
  outbox: OutboxRepository;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  attachmentsOf?: MailAttachmentsOf | undefined;
  /**
   * Whether the shop's invoices carry its bank details (INVOICE_BANK_DETAILS set): without them
   * an invoice's mail asks the buyer to contact the shop, not to pay by transfer (ux #13).
   */
  bankDetails?: boolean;
  options?: Partial<OutboxWorkerOptions>;
}): MailOutbox {
  const options = { ...OUTBOX_DEFAULTS, ...given };
  const host = new URL(publicUrl).hostname || 'localhost';
  /** Sent, but the mark failed: marked by the next pass, never sent again by this process. */
  const unmarked = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<PassResult> | undefined;
  let again = false;
  let stopping = false;
  /** When this worker last deleted old rows (by the passes' clock); never yet. */
  let lastPurge = Number.NEGATIVE_INFINITY;

  async function markUnmarked(now: string): Promise<void> {
    for (const [id, token] of unmarked) {
      const marked = await outbox.markSent(id, token, now);
      unmarked.delete(id);
      if (!marked) log.warn({ outboxId: id }, 'a sent mail lost its claim before it was marked');
    }
  }

  /**
   * Sends one claimed row: `sent`, `unsendable` (it cannot be written, given up at once) or
   * `refused` (the mail server failed; tried again later or given up after the last attempt).
   */
  async function deliver(
    row: ClaimedMail,
    token: string,
    now: Date,
  ): Promise<'sent' | 'unsendable' | 'refused'> {
    let mail;
    let order: Order | undefined;
    let kind: OrderMailKind | undefined;
    try {
      const payload: unknown = JSON.parse(row.payload);
      if (row.kind === INVITATION_MAIL_KIND) {
        mail = renderInvitationMail(invitationPayloadSchema.parse(payload), {
          publicUrl,
          recipient: row.recipient,
        });
      } else if (row.kind === QUOTE_OFFER_MAIL_KIND) {
        mail = renderQuoteOfferMail(quoteOfferPayloadSchema.parse(payload), { publicUrl });
      } else {
        if (!isKind(row.kind)) throw new Error(`unknown mail kind ${row.kind}`);
        kind = row.kind;
        order = orderSchema.parse(payload);
        const cancelReason =
          row.kind === 'order-cancelled'
            ? cancelledPayloadSchema.parse(payload).cancelReason
            : undefined;
        const { recipientName } = recipientPayloadSchema.parse(payload);
        mail = renderOrderMail(row.kind, order, {
          publicUrl,
          now,
          cancelReason,
          recipientName,
          bankDetails,
        });
      }
    } catch (error) {
      // Written by this code from a valid order; trying again would fail the same way.
      await outbox.markFailed(row.id, token, {
        error: `cannot be written: ${messageOf(error)}`,
        retryAt: null,
        now: now.toISOString(),
      });
      log.error(
        { err: error, outboxId: row.id, kind: row.kind },
        'order mail cannot be written: given up',
      );
      return 'unsendable';
    }
    try {
      const attachments = attachmentsOf && kind && order ? await attachmentsOf(kind, order) : [];
      await mailer.send({
        to: row.recipient,
        ...mail,
        messageId: `<outbox-${row.id}@${host}>`,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    } catch (error) {
      const giveUp = row.attempts >= options.maxAttempts;
      const retryAt = giveUp
        ? null
        : new Date(now.getTime() + retryDelayMs(row.attempts, options)).toISOString();
      await outbox.markFailed(row.id, token, {
        error: messageOf(error),
        retryAt,
        now: now.toISOString(),
      });
      const context = { err: error, outboxId: row.id, kind: row.kind, attempts: row.attempts };
      if (giveUp)
        log.error(context, `order mail not sent after ${row.attempts} attempts: given up`);
      else log.warn({ ...context, retryAt }, 'order mail not sent: will try again');
      return 'refused';
    }
    try {
      const marked = await outbox.markSent(row.id, token, new Date().toISOString());
      if (!marked)
        log.warn({ outboxId: row.id }, 'a sent mail lost its claim before it was marked');
    } catch (error) {
      unmarked.set(row.id, token);
      log.warn(
        { err: error, outboxId: row.id },
        'order mail sent but not marked: marking it later',
      );
    }
    return 'sent';
  }

  /**
   * Deletes the rows sent or skipped longer than the retention ago, a batch at a time, at most
   * every `purgeEveryMs`. Given-up rows stay: each was logged as an error and waits for the
   * operator to retry or delete it (docs/operations.md, Order mail).
   */
  async function purge(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < options.purgeEveryMs) return;
    lastPurge = now.getTime();
    const before = new Date(now.getTime() - options.retentionMs).toISOString();
    let deleted = 0;
    for (let batch = 0; batch < options.purgeMaxBatches && !stopping; batch += 1) {
      const gone = await outbox.purgeSettled(before, options.purgeBatchSize);
      deleted += gone;
      // Each call deletes up to a batch of sent rows and a batch of skipped ones.
      if (gone < options.purgeBatchSize) break;
    }
    if (deleted > 0) log.info({ deleted, before }, 'old order mail deleted from the outbox');
  }

  /**
   * Whether a claimed row may be sent now: its recipient confirmed the address (otherwise it is
   * settled unsent) and has a place left in their hour (otherwise their waiting mail is put off
   * until one opens). `putOff` collects the recipients put off in this pass.
   */
  async function mayDeliver(
    row: ClaimedMail,
    token: string,
    now: Date,
    confirmed: ReadonlySet<string>,
    putOff: Set<string>,
  ): Promise<boolean> {
    // The shop's own address (SHOP_ORDERS_EMAIL) is the operator's: no account to confirm it,
    // and an allowance of its own, larger than a customer's.
    const toShop = SHOP_MAIL_KINDS.includes(row.kind as OrderMailKind);
    const perHour = toShop ? options.shopPerHour : options.perRecipientPerHour;
    // An invitation goes to someone who may have no account yet: nothing to confirm; the
    // hourly allowance below holds it as any other mail.
    const needsConfirmation = !toShop && row.kind !== INVITATION_MAIL_KIND;
    if (needsConfirmation && !confirmed.has(row.recipient.toLowerCase())) {
      await outbox.markSkipped(row.id, token, UNCONFIRMED_RECIPIENT, now.toISOString());
      log.info({ outboxId: row.id, kind: row.kind }, UNCONFIRMED_RECIPIENT_LOG);
      return false;
    }
    // Given back already with the rest of this recipient's mail.
    if (putOff.has(row.recipient)) return false;
    const admission = await outbox.admit(row, token, {
      now: now.toISOString(),
      since: new Date(now.getTime() - HOUR_MS).toISOString(),
      max: perHour,
    });
    if (admission.kind === 'admitted') return true;
    if (admission.kind === 'full') {
      const until = new Date(Date.parse(admission.oldest) + HOUR_MS).toISOString();
      await outbox.deferRecipient(row.recipient, token, until);
      putOff.add(row.recipient);
      log.info(
        { outboxId: row.id, kind: row.kind, until, perHour },
        'order mail waits: its recipient has had the most order mail an hour allows',
      );
    }
    return false;
  }

  async function runOnce(now = new Date()): Promise<PassResult> {
    const result: PassResult = { sent: 0, failed: 0 };
    await markUnmarked(now.toISOString());
    for (;;) {
      if (stopping) return result;
      const token = randomBytes(12).toString('hex');
      const claimed = await outbox.claimDue(token, {
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + options.leaseMs).toISOString(),
        limit: options.batchSize,
      });
      const confirmed = await outbox.confirmedRecipients(claimed.map((row) => row.recipient));
      const putOff = new Set<string>();
      for (const [index, row] of claimed.entries()) {
        if (stopping) {
          await outbox.release(ids(claimed.slice(index)), token, now.toISOString());
          return result;
        }
        if (!(await mayDeliver(row, token, now, confirmed, putOff))) continue;
        const outcome = await deliver(row, token, now);
        if (outcome === 'sent') {
          result.sent += 1;
        } else if (outcome === 'unsendable') {
          result.failed += 1;
        } else {
          result.failed += 1;
          // The mail server is likely away: the rest waits for the next pass, unattempted.
          await outbox.release(ids(claimed.slice(index + 1)), token, now.toISOString());
          return result;
        }
      }
      if (claimed.length < options.batchSize) break;
    }
    try {
      await purge(now);
    } catch (error) {
      // The next purge tries again; the mail of this pass went out.
      log.warn({ err: error }, 'deleting old order mail from the outbox failed');
    }
    return result;
  }

  function tick(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error: unknown) => {
        // The database may be away for a moment; the next pass tries again.
        log.warn({ err: error }, 'delivering order mail failed');
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  function wake(): void {
    if (!timer || stopping || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      tick();
    }, WAKE_DELAY_MS);
    wakeTimer.unref();
  }

  return {
    runOnce,
    wake,
    start() {
      if (timer || options.intervalMs <= 0) return;
      stopping = false;
      timer = setInterval(tick, options.intervalMs);
      // A pending pass must not keep a process alive that is otherwise done.
      timer.unref();
      unsubscribe = onOrderMailEnqueued(wake);
      // Mail left by the last run (or another instance) goes out now, not after an interval.
      tick();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      clearTimeout(wakeTimer);
      timer = undefined;
      wakeTimer = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
      // Every pass in flight, including one started again after the one we waited for.
      while (running) await running;
    },
  };
}
