import type { Order } from '@shop/shared';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { toIso } from '../../db/time.js';
import { buildTestApp, testConfig } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { insertIdentity } from '../../test/factories.js';
import { sampleOrder } from '../../test/order-fixtures.js';
import { freePort, startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { createOutboxWorker, retryDelayMs, type OutboxWorkerOptions } from './outbox-worker.js';
import {
  createOutboxRepository,
  enqueueOrderMail,
  UNCONFIRMED_RECIPIENT_LOG,
  type OrderMailKind,
  type OutboxRepository,
} from './outbox.repository.js';

const silent = pino({ level: 'silent' });
const PUBLIC_URL = 'https://shop.example.com';
const SECOND = 1000;

/** Quick timeouts, so a mail server that is down fails an attempt at once. */
const QUICK = { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 1_000 };

function smtpMailer(port: number): Mailer {
  return createMailer(testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }), silent, QUICK);
}

/** A log that keeps its lines, to read what the worker said. */
function keptLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { log, lines };
}

describe.each(testDatabases)('order mail outbox on $name', (kind) => {
  let db: TestDb;
  let outbox: OutboxRepository;
  let smtp: TestSmtp;

  beforeAll(async () => {
    db = await kind.open();
    outbox = createOutboxRepository(db.kysely, db.dialect);
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await db.drop();
  });
  afterEach(async () => {
    // Each test starts with an empty outbox and an empty mailbox.
    await db.kysely.deleteFrom('mail_outbox').execute();
    smtp.received.length = 0;
  });

  function worker(
    options: Partial<OutboxWorkerOptions> = {},
    { mailer = smtpMailer(smtp.port), repository = outbox, log = silent } = {},
  ) {
    return createOutboxWorker({
      outbox: repository,
      mailer,
      log,
      publicUrl: PUBLIC_URL,
      options: { intervalMs: 0, ...options },
    });
  }

  /**
   * Orders of their own (ids, recipients), enqueued as the orders module does; each recipient a
   * confirmed address unless `confirmed` is false (order mail goes only to confirmed ones).
   */
  async function enqueue(
    kindOf: OrderMailKind,
    overrides: Partial<Order> = {},
    q: Db = db,
    { confirmed = true } = {},
  ) {
    const order = sampleOrder({
      _id: newId(),
      userEmail: `buyer-${newId()}@example.com`,
      ...overrides,
    });
    if (!overrides.userEmail) await insertIdentity(q, order.userEmail, { confirmed });
    await enqueueOrderMail(q.kysely, kindOf, order);
    return order;
  }

  const rows = () =>
    db.kysely.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id').execute();
  const outboxIdOf = (messageId: string) => /<outbox-([0-9a-f]{24})@/.exec(messageId)?.[1];

  it('delivers the three order mails with their text and HTML, and marks them sent', async () => {
    const placed = await enqueue('order-placed');
    const paid = await enqueue('order-paid', {
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'placed',
      transactionId: 'pi_receipt_42',
      trxId: 'pi_receipt_42',
      paidAt: '2026-11-24T09:30:00.000Z',
      expiresAt: null,
    });
    const shipped = await enqueue('order-shipped', {
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'shipped',
      shippedAt: '2026-11-26T08:00:00.000Z',
      shipment: {
        carrier: 'DHL',
        trackingNumber: 'JD014600003',
        shippedAt: '2026-11-26T08:00:00.000Z',
      },
    });

    const result = await worker().runOnce();
    expect(result).toEqual({ sent: 3, failed: 0 });
    expect(smtp.received).toHaveLength(3);
    const to = (order: Order) => smtp.received.find((mail) => mail.to[0] === order.userEmail);

    const placedMail = to(placed);
    expect(placedMail?.subject).toBe(
      'Order CF-10234 placed: Vortex RGB <script>alert(1)</script> + 1 more',
    );
    expect(placedMail?.text).toContain(
      '250 x Vortex RGB <script>alert(1)</script> at $45.00 = $11,250.00',
    );
    expect(placedMail?.text).toContain('250 x PowerCore 750W Gold & Co at $48.60 = $12,150.00');
    expect(placedMail?.text).toContain('Order total: $23,400.00');
    expect(placedMail?.text).toContain('PO number: PO-2026-<b>17</b>');
    expect(placedMail?.text).toContain(`${PUBLIC_URL}/dashboard/orders/${placed._id}`);
    expect(placedMail?.html).toContain('Vortex RGB &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(placedMail?.html).not.toContain('<script>');
    expect(placedMail?.html).toContain(`href="${PUBLIC_URL}/dashboard/orders/${placed._id}"`);

    const receipt = to(paid);
    expect(receipt?.subject).toContain('Receipt');
    expect(receipt?.text).toContain('Transaction ID: pi_receipt_42');
    expect(receipt?.text).toContain('Paid on: Nov 24, 2026, 09:30 UTC');
    expect(receipt?.text).toContain('Amount paid: $23,400.00');
    expect(receipt?.html).toContain('pi_receipt_42');

    const notice = to(shipped);
    expect(notice?.subject).toContain('has shipped');
    expect(notice?.text).toContain('Carrier: DHL');
    expect(notice?.text).toContain('Tracking number: JD014600003');
    expect(notice?.html).toContain('JD014600003');

    // Each mail names its outbox row, and every row is marked sent, once.
    const stored = await rows();
    expect(new Set(smtp.received.map((mail) => outboxIdOf(mail.messageId)))).toEqual(
      new Set(stored.map((row) => row.id)),
    );
    for (const row of stored) {
      expect(row.sent_at).not.toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.claim_token).toBeNull();
    }
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 3, failed: 0, skipped: 0 });
  });

  it('keeps the mail while the mail server is down, retries with backoff, delivers when it is back', async () => {
    const port = await freePort();
    const { log, lines } = keptLog();
    const mailer = smtpMailer(port);
    const options = { retryBaseMs: 10 * SECOND, retryMaxMs: 60 * SECOND, maxAttempts: 5 };
    const down = worker(options, { mailer, log });
    const orders = [await enqueue('order-placed'), await enqueue('order-placed')];
    const t0 = new Date();

    // Down: the first row fails and waits 10 s; the second is left for the next pass, unattempted.
    expect(await down.runOnce(t0)).toEqual({ sent: 0, failed: 1 });
    let [first, second] = await rows();
    expect(first?.attempts).toBe(1);
    expect(first?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(toIso(first!.next_attempt_at)).toBe(new Date(t0.getTime() + 10 * SECOND).toISOString());
    expect(first?.sent_at).toBeNull();
    expect(first?.claim_token).toBeNull();
    expect(second?.attempts).toBe(0);
    expect(lines.some((line) => line.msg === 'order mail not sent: will try again')).toBe(true);

    // The second row's turn; then neither is due before its backoff is over.
    expect(await down.runOnce(t0)).toEqual({ sent: 0, failed: 1 });
    expect(await down.runOnce(new Date(t0.getTime() + 9 * SECOND))).toEqual({ sent: 0, failed: 0 });
    // Still down at 10 s: the wait doubles.
    expect(await down.runOnce(new Date(t0.getTime() + 10 * SECOND))).toEqual({
      sent: 0,
      failed: 1,
    });
    [first, second] = await rows();
    expect(first?.attempts).toBe(2);
    // The pass stopped at the first failure: the second row was given back, its attempt uncounted.
    expect(second?.attempts).toBe(1);
    expect(second?.claim_token).toBeNull();
    expect(toIso(first!.next_attempt_at)).toBe(new Date(t0.getTime() + 30 * SECOND).toISOString());
    expect(retryDelayMs(2, options)).toBe(20 * SECOND);
    expect(retryDelayMs(9, options)).toBe(60 * SECOND);

    // Back: both arrive, once each.
    const back = await startTestSmtp({ port });
    try {
      expect(await down.runOnce(new Date(t0.getTime() + 30 * SECOND))).toEqual({
        sent: 2,
        failed: 0,
      });
      expect(back.received.map((mail) => mail.to[0]).sort()).toEqual(
        orders.map((order) => order.userEmail).sort(),
      );
      expect((await rows()).every((row) => row.sent_at !== null && row.last_error === null)).toBe(
        true,
      );
      expect(await down.runOnce(new Date(t0.getTime() + 3_600 * SECOND))).toEqual({
        sent: 0,
        failed: 0,
      });
      expect(back.received).toHaveLength(2);
    } finally {
      await back.close();
    }
  });

  it('gives up after the last attempt, logs an error and leaves the row marked failed', async () => {
    const { log, lines } = keptLog();
    const down = worker(
      { retryBaseMs: SECOND, maxAttempts: 2 },
      { mailer: smtpMailer(await freePort()), log },
    );
    await enqueue('order-paid');
    const t0 = new Date();
    await down.runOnce(t0);
    await down.runOnce(new Date(t0.getTime() + SECOND));
    const [row] = await rows();
    expect(row?.attempts).toBe(2);
    expect(row?.failed_at).not.toBeNull();
    expect(row?.sent_at).toBeNull();
    expect(row?.last_error).toBeTruthy();
    expect(lines.some((line) => line.level === 50 && /given up/.test(line.msg))).toBe(true);
    // Never tried again, even much later.
    expect(await down.runOnce(new Date(t0.getTime() + 86_400 * SECOND))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 0, failed: 1, skipped: 0 });
  });

  it('finding 4: settles mail to an unconfirmed address unsent, logged at info, never retried', async () => {
    const { log, lines } = keptLog();
    const stranger = await enqueue('order-placed', {}, db, { confirmed: false });
    const nobody = await enqueue('order-paid', { userEmail: `unknown-${newId()}@example.com` });
    const good = await enqueue('order-placed');
    expect(await worker({}, { log }).runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([good.userEmail]);
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 0, skipped: 2 });
    const skipped = lines.filter((line) => line.msg === UNCONFIRMED_RECIPIENT_LOG);
    expect(skipped).toHaveLength(2);
    expect(skipped.every((line) => line.level === 30)).toBe(true);
    expect(lines.some((line) => line.level >= 40)).toBe(false);
    // Not due again, whenever the next pass runs.
    expect(await worker().runOnce(new Date(Date.now() + 30 * 24 * 3600 * SECOND))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(smtp.received.map((mail) => mail.to[0])).not.toContain(stranger.userEmail);
    expect(smtp.received.map((mail) => mail.to[0])).not.toContain(nobody.userEmail);
  });

  it('gives up at once on a row it cannot write a mail from', async () => {
    await insertIdentity(db, 'someone@example.com');
    await db.kysely
      .insertInto('mail_outbox')
      .values({
        id: newId(),
        kind: 'order-placed',
        order_id: null,
        recipient: 'someone@example.com',
        payload: '{"not":"an order"}',
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    const good = await enqueue('order-placed');
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 1 });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([good.userEmail]);
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 1, skipped: 0 });
  });

  it("takes over a crashed instance's claim once its lease has run out", async () => {
    const order = await enqueue('order-shipped');
    const t0 = new Date();
    const leaseMs = 60 * SECOND;
    // An instance claims the row, then dies before sending it.
    const crashed = await outbox.claimDue('crashed-instance', {
      now: t0.toISOString(),
      leaseUntil: new Date(t0.getTime() + leaseMs).toISOString(),
      limit: 10,
    });
    expect(crashed).toHaveLength(1);

    const survivor = worker({ leaseMs });
    expect(await survivor.runOnce(new Date(t0.getTime() + 59 * SECOND))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(0);
    expect(await survivor.runOnce(new Date(t0.getTime() + leaseMs))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([order.userEmail]);
    // The dead instance's claim is gone: had it come back, it could not mark the row.
    expect(
      await outbox.markSent(crashed[0]!.id, 'crashed-instance', new Date().toISOString()),
    ).toBe(false);
    const [row] = await rows();
    expect(row?.attempts).toBe(2);
    expect(row?.sent_at).not.toBeNull();
  });

  it('two instances deliver 30 mails exactly once each', async () => {
    const other = db.reopen();
    const slow = await startTestSmtp({ delayMs: 5 });
    try {
      const orders = await Promise.all(Array.from({ length: 30 }, () => enqueue('order-placed')));
      const first = worker({ batchSize: 3 }, { mailer: smtpMailer(slow.port) });
      const second = worker(
        { batchSize: 3 },
        {
          mailer: smtpMailer(slow.port),
          repository: createOutboxRepository(other.kysely, other.dialect),
        },
      );
      // Both keep passing until nothing is left, at the same time.
      const drain = async (one: typeof first) => {
        let sent = 0;
        for (let pass = 0; pass < 50; pass += 1) {
          const result = await one.runOnce();
          sent += result.sent;
          if (result.sent === 0 && (await outbox.counts()).pending === 0) break;
        }
        return sent;
      };
      const [a, b] = await Promise.all([drain(first), drain(second)]);
      expect(a + b).toBe(30);
      expect(slow.received).toHaveLength(30);
      const byRow = new Map<string, number>();
      for (const mail of slow.received) {
        const id = outboxIdOf(mail.messageId) ?? 'none';
        byRow.set(id, (byRow.get(id) ?? 0) + 1);
      }
      expect(byRow.size).toBe(30);
      expect([...byRow.values()].every((count) => count === 1)).toBe(true);
      expect(slow.received.map((mail) => mail.to[0]).sort()).toEqual(
        orders.map((order) => order.userEmail).sort(),
      );
      if (kind.name === 'postgres') {
        // SKIP LOCKED lets both work at once rather than one waiting for the other.
        expect(a).toBeGreaterThan(0);
        expect(b).toBeGreaterThan(0);
      }
      expect(await outbox.counts()).toEqual({ pending: 0, sent: 30, failed: 0, skipped: 0 });
    } finally {
      await slow.close();
      await other.close();
    }
  });

  it('claims made at the same moment by several connections never share a row', async () => {
    const other = db.reopen();
    try {
      await Promise.all(Array.from({ length: 30 }, () => enqueue('order-placed')));
      const repositories = [outbox, createOutboxRepository(other.kysely, other.dialect)];
      const now = new Date();
      const claim = (index: number) =>
        repositories[index % 2]!.claimDue(`claim-${index}`, {
          now: now.toISOString(),
          leaseUntil: new Date(now.getTime() + 60 * SECOND).toISOString(),
          limit: 4,
        });
      const claims = await Promise.all(Array.from({ length: 12 }, (_, index) => claim(index)));
      // A claim skips the rows others hold locked; whatever no racing claim got is still due,
      // and the next pass takes it.
      claims.push(await claim(12));
      const ids = claims.flat().map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      // Every row claimed once, by the claim its token names.
      expect(ids).toHaveLength(30);
      const stored = await rows();
      for (const [index, claimed] of claims.entries()) {
        for (const row of claimed) {
          expect(stored.find((one) => one.id === row.id)?.claim_token).toBe(`claim-${index}`);
        }
      }
      expect(stored.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('a mail sent whose mark failed is marked by the next pass, never sent again', async () => {
    const { log, lines } = keptLog();
    let failNextMark = true;
    const flaky: OutboxRepository = {
      ...outbox,
      async markSent(id, token, now) {
        if (failNextMark) {
          failNextMark = false;
          throw new Error('connection terminated');
        }
        return outbox.markSent(id, token, now);
      },
    };
    const one = worker({}, { repository: flaky, log });
    await enqueue('order-paid');
    expect(await one.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]?.sent_at).toBeNull();
    expect(lines.some((line) => /sent but not marked/.test(line.msg))).toBe(true);

    expect(await one.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]?.sent_at).not.toBeNull();
  });

  it('runs with the app: started when it is ready, woken by an enqueue, stopped when it closes', async () => {
    const app = await buildTestApp(
      db,
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        // Longer than the test: the mail can only come from the wake-up after the enqueue.
        MAIL_WORKER_INTERVAL_MS: '600000',
      },
      { mailer: smtpMailer(smtp.port) },
    );
    const order = await enqueue('order-placed');
    try {
      const deadline = Date.now() + 10 * SECOND;
      while (smtp.received.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(smtp.received.map((mail) => mail.to[0])).toEqual([order.userEmail]);
    } finally {
      const closing = Date.now();
      await app.close();
      expect(Date.now() - closing).toBeLessThan(5 * SECOND);
    }
    // Stopped: an enqueue after close is left in the outbox, unclaimed, for the next worker
    // (another instance, or the next start) to send.
    const after = await enqueue('order-placed');
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([order.userEmail, after.userEmail]);
  });

  it('a stop waits for the mail being sent and gives back the rows claimed after it', async () => {
    let entered!: () => void;
    const sending = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const holding: Mailer = {
      async send(mail) {
        entered();
        await held;
        sent.push(mail.to);
      },
    };
    const stopping = worker({ batchSize: 10 }, { mailer: holding });
    await enqueue('order-placed');
    await enqueue('order-placed');
    const pass = stopping.runOnce();
    await sending;
    const stopped = stopping.stop();
    release();
    await Promise.all([pass, stopped]);
    expect(sent).toHaveLength(1);
    const stored = await rows();
    const one = stored.find((row) => row.recipient === sent[0]);
    const two = stored.find((row) => row.recipient !== sent[0]);
    expect(one?.sent_at).not.toBeNull();
    // Given back as it was: due, unclaimed, its attempt not counted.
    expect(two?.sent_at).toBeNull();
    expect(two?.claim_token).toBeNull();
    expect(two?.attempts).toBe(0);
  });
});
