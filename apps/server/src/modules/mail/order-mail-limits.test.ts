import { b2bMessages, messages, orderSchema, type Order } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { buildTestApp, testConfig } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  confirmAddress,
  insertIdentity,
  insertProduct,
  registerAccount,
  type TestAccount,
} from '../../test/factories.js';
import { sampleOrder } from '../../test/order-fixtures.js';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { createOutboxWorker } from './outbox-worker.js';
import { createOutboxRepository, enqueueOrderMail, shopOrderMailRow } from './outbox.repository.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const HOLD_MINUTES = 90;
/** The report's reproduction: 30 orders placed and deleted in a minute. */
const CYCLES = 30;

/*
 * Security report 2026-11-26, finding 4: the shop mailed any address up to 30 times a minute
 * with the attacker's text. An account registered under someone else's address (never
 * confirmed) got an "order placed" mail per order of a place + delete loop, greeted with a name
 * holding line breaks; sent outbox rows were never deleted.
 */
describe.each(testDatabases)('finding 4: order mail to unconfirmed addresses on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  const perHour = testConfig().mailOutbox.perRecipientPerHour;

  const call = (options: InjectOptions, token?: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const rowsTo = (email: string) =>
    db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();
  /** The order mails (placed, paid, shipped, cancelled) an address received; not the identity's. */
  const mailsTo = (email: string) =>
    smtp.received.filter((mail) => mail.to[0] === email && /\bCF-\d+\b/.test(mail.subject));

  async function place(account: TestAccount, productId: string, poNumber?: string) {
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId, quantity: 10 }],
          phone: '+1 555 0100',
          address: '1 Main St',
          ...(poNumber ? { poNumber } : {}),
        },
      },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  /** The report's loop: place an order and delete it, `CYCLES` times; the stock comes back. */
  async function placeAndDelete(account: TestAccount): Promise<Order[]> {
    const productId = await insertProduct(db, { stock: 100, minimum: 10 });
    const orders: Order[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const order = await place(account, productId, 'See evil.example');
      const deleted = await call(
        { method: 'DELETE', url: `/api/orders/${order._id}` },
        account.token,
      );
      expect(deleted.statusCode).toBe(200);
      orders.push(order);
    }
    return orders;
  }

  beforeAll(async () => {
    db = await kind.open();
    smtp = await startTestSmtp();
    const overrides = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ORDER_HOLD_MINUTES: String(HOLD_MINUTES),
    };
    app = await buildTestApp(db, overrides, {
      mailer: createMailer(testConfig(overrides), pino({ level: 'silent' })),
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it("an unconfirmed account's 30 place + delete cycles send no order mail, and are not retried", async () => {
    const victim = await registerAccount(app, { label: 'inbox', name: 'Customer' });
    await placeAndDelete(victim);
    expect(await app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(victim.email)).toHaveLength(0);

    // Each row is settled unsent: not failed, not due again.
    const rows = await rowsTo(victim.email);
    expect(rows).toHaveLength(CYCLES);
    for (const row of rows) {
      expect(row.skipped_at).not.toBeNull();
      expect(row.skip_reason).toBe('recipient has not confirmed the address');
      expect(row.sent_at).toBeNull();
      expect(row.failed_at).toBeNull();
    }
    expect(await app.mailOutbox.runOnce(new Date(Date.now() + DAY))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(mailsTo(victim.email)).toHaveLength(0);
  });

  it("a confirmed account's order mails are capped per hour; the rest arrive later, each once", async () => {
    const buyer = await registerAccount(app, { label: 'flooder' });
    await confirmAddress(db, buyer.email);
    const orders = await placeAndDelete(buyer);
    // Another customer's mail does not wait behind that queue.
    const other = await registerAccount(app, { label: 'bystander' });
    await confirmAddress(db, other.email);
    const theirs = await place(other, await insertProduct(db, { stock: 100, minimum: 10 }));

    const t0 = new Date();
    await app.mailOutbox.runOnce(t0);
    expect(mailsTo(buyer.email)).toHaveLength(perHour);
    expect(mailsTo(other.email).map((mail) => mail.subject)).toEqual([
      `Order ${theirs.orderNumber} placed: ${theirs.orderPName}`,
    ]);
    // The rest wait for the hour, none lost, none given up.
    const waiting = (await rowsTo(buyer.email)).filter((row) => row.sent_at === null);
    expect(waiting).toHaveLength(CYCLES - perHour);
    for (const row of waiting) {
      expect(row.failed_at).toBeNull();
      expect(row.skipped_at).toBeNull();
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(t0.getTime() + HOUR - 1000);
    }

    // Half an hour on: still none. An hour after the first ones: the rest.
    await app.mailOutbox.runOnce(new Date(t0.getTime() + HOUR / 2));
    expect(mailsTo(buyer.email)).toHaveLength(perHour);
    await app.mailOutbox.runOnce(new Date(t0.getTime() + HOUR + 1000));
    const all = mailsTo(buyer.email);
    expect(all).toHaveLength(CYCLES);
    expect(all.map((mail) => mail.subject).sort()).toEqual(
      orders.map((order) => `Order ${order.orderNumber} placed: ${order.orderPName}`).sort(),
    );
    expect(new Set(all.map((mail) => mail.messageId)).size).toBe(CYCLES);
  });

  it('two instances sending at once keep the cap for one recipient', async () => {
    const other = kind.name === 'postgres' ? db.reopen() : db;
    try {
      const email = `busy-${newId()}@example.com`;
      await insertIdentity(db, email);
      for (let n = 0; n < 12; n += 1) {
        await enqueueOrderMail(
          db.kysely,
          'order-placed',
          sampleOrder({ _id: newId(), userEmail: email }),
        );
      }
      const worker = (on: Db) =>
        createOutboxWorker({
          outbox: createOutboxRepository(on.kysely, on.dialect),
          mailer: createMailer(
            testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
            pino({ level: 'silent' }),
          ),
          log: pino({ level: 'silent' }),
          publicUrl: 'https://shop.example.com',
          options: { intervalMs: 0, batchSize: 1, perRecipientPerHour: 5 },
        });
      const now = new Date();
      const results = await Promise.all([
        worker(db).runOnce(now),
        worker(other).runOnce(now),
        worker(db).runOnce(now),
        worker(other).runOnce(now),
      ]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(5);
      expect(mailsTo(email)).toHaveLength(5);
      expect((await rowsTo(email)).filter((row) => row.sent_at === null)).toHaveLength(7);
    } finally {
      if (other !== db) await other.close();
    }
  });

  it("the shop's own mail of new orders has an hourly allowance too: the rest wait, none lost", async () => {
    // One account placing and deleting orders at its order rate would otherwise fill the inbox
    // of SHOP_ORDERS_EMAIL; the shop's allowance is its own (SHOP_ORDERS_MAIL_PER_HOUR).
    const shopEmail = `orders-${newId()}@shop.example`;
    for (let n = 0; n < 5; n += 1) {
      await db.kysely
        .insertInto('mail_outbox')
        .values(shopOrderMailRow(sampleOrder({ _id: newId() }), shopEmail))
        .execute();
    }
    const worker = createOutboxWorker({
      outbox: createOutboxRepository(db.kysely, db.dialect),
      mailer: createMailer(
        testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
        pino({ level: 'silent' }),
      ),
      log: pino({ level: 'silent' }),
      publicUrl: 'https://shop.example.com',
      options: { intervalMs: 0, batchSize: 10, perRecipientPerHour: 1, shopPerHour: 3 },
    });
    const t0 = new Date();
    await worker.runOnce(t0);
    const toShop = () => smtp.received.filter((mail) => mail.to[0] === shopEmail);
    // No account confirmed the shop's address, and it is not held to a customer's allowance (1).
    expect(toShop()).toHaveLength(3);
    const waiting = (await rowsTo(shopEmail)).filter((row) => row.sent_at === null);
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.skipped_at).toBeNull();
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(t0.getTime() + HOUR - 1000);
    }
    await worker.runOnce(new Date(t0.getTime() + HOUR + 1000));
    expect(toShop()).toHaveLength(5);
  });

  it.runIf(kind.name === 'postgres')(
    'two admissions racing for the last place of the hour: one gets it (the advisory lock)',
    async () => {
      // SQLite needs no test of this: one conditional UPDATE, and one writer at a time.
      const email = `race-${newId()}@example.com`;
      await insertIdentity(db, email);
      for (let n = 0; n < 6; n += 1) {
        await enqueueOrderMail(
          db.kysely,
          'order-placed',
          sampleOrder({ _id: newId(), userEmail: email }),
        );
      }
      const now = new Date();
      // Four went out this hour already; the next place is the fifth and last.
      const sent = await db.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', email)
        .limit(4)
        .execute();
      await db.kysely
        .updateTable('mail_outbox')
        .set({ admitted_at: now.toISOString(), sent_at: now.toISOString() })
        .where(
          'id',
          'in',
          sent.map((row) => row.id),
        )
        .execute();
      const second = db.reopen();
      const locker = db.reopen();
      try {
        const [a, b] = [
          createOutboxRepository(db.kysely, db.dialect),
          createOutboxRepository(second.kysely, second.dialect),
        ];
        const claim = {
          now: now.toISOString(),
          leaseUntil: new Date(now.getTime() + HOUR).toISOString(),
          limit: 1,
        };
        const [rowA] = await a.claimDue('instance-a', claim);
        const [rowB] = await b.claimDue('instance-b', claim);
        expect(rowA && rowB && rowA.id !== rowB.id).toBe(true);
        const window = {
          now: now.toISOString(),
          since: new Date(now.getTime() - HOUR).toISOString(),
          max: 5,
        };
        // Both admissions start while their rows are locked, so they are under way together.
        const admissions = await locker.kysely.transaction().execute(async (trx) => {
          await sql`select id from mail_outbox where id in (${rowA!.id}, ${rowB!.id}) for update`.execute(
            trx,
          );
          const started = [
            a.admit(rowA!, 'instance-a', window),
            b.admit(rowB!, 'instance-b', window),
          ];
          await vi.waitFor(
            async () => {
              const waiting = await sql<{ n: number | string }>`
                select count(*) as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()
                  and (query like '%pg_advisory_xact_lock%' or query like '%"admitted"%')`.execute(
                db.kysely,
              );
              expect(Number(waiting.rows[0]?.n)).toBeGreaterThanOrEqual(2);
            },
            { timeout: 10_000, interval: 20 },
          );
          return started;
        });
        const kinds = (await Promise.all(admissions)).map((admission) => admission.kind).sort();
        expect(kinds).toEqual(['admitted', 'full']);
        const admitted = await db.kysely
          .selectFrom('mail_outbox')
          .select('id')
          .where('recipient', '=', email)
          .where('admitted_at', 'is not', null)
          .execute();
        expect(admitted).toHaveLength(5);
      } finally {
        await second.close();
        await locker.close();
      }
    },
  );

  it('refuses a name or a PO number with a line break, with the field’s message', async () => {
    const attackerText =
      'Customer\nYour account is locked: call +1 900 555 0199 or see evil.example';
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '10.200.0.9',
      payload: {
        email: `lines-${newId()}@example.com`,
        password: 'correct-horse-1',
        name: attackerText,
      },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({ error: { fields: { name: messages.nameOneLine } } });

    const account = await registerAccount(app, { label: 'lines' });
    const renamed = await call(
      {
        method: 'PUT',
        url: `/api/profile/${encodeURIComponent(account.email)}`,
        payload: { displayName: attackerText },
      },
      account.token,
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      error: { fields: { displayName: messages.nameOneLine } },
    });

    const identity = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: account.cookie, origin: 'http://localhost:3000' },
      payload: { name: 'Customer\u2028Second line' },
    });
    expect(identity.statusCode).toBe(400);
    expect(identity.json()).toMatchObject({ error: { fields: { name: messages.nameOneLine } } });

    const ordered = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId: await insertProduct(db), quantity: 10 }],
          phone: '+1 555 0100',
          address: '1 Main St',
          poNumber: '+SUM(1,2)\nx',
        },
      },
      account.token,
    );
    expect(ordered.statusCode).toBe(400);
    expect(ordered.json()).toMatchObject({
      error: { fields: { poNumber: b2bMessages.poNumberOneLine } },
    });
  });

  it('prints a name or PO number stored with line breaks before the rule on one line', async () => {
    const account = await registerAccount(app, { label: 'old-name' });
    await confirmAddress(db, account.email);
    await db.kysely
      .updateTable('users')
      .set({ display_name: 'Customer\nYour account is locked: call +1 900 555 0199' })
      .where('email', '=', account.email)
      .execute();
    const order = await place(account, await insertProduct(db, { stock: 100, minimum: 10 }));
    await db.kysely
      .updateTable('mail_outbox')
      .set({ payload: JSON.stringify({ ...order, poNumber: 'PO 1\r\nSee evil.example' }) })
      .where('order_id', '=', order._id)
      .execute();
    await app.mailOutbox.runOnce();
    const [mail] = mailsTo(account.email);
    // Each on its line, in the shop's words around it: no paragraph of the customer's own.
    const lines = (mail?.text ?? '').split(/\r?\n/);
    expect(lines).toContain('Hello Customer Your account is locked: call +1 900 555 0199,');
    expect(lines).toContain('PO number: PO 1 See evil.example');
    expect(mail?.html).toContain('Hello Customer Your account is locked: call +1 900 555 0199,');
  });

  it('sends no cancellation mail to an unconfirmed address, and one to a confirmed one', async () => {
    const unconfirmed = await registerAccount(app, { label: 'expiring' });
    const confirmed = await registerAccount(app, { label: 'expiring-ok' });
    await confirmAddress(db, confirmed.email);
    const productId = await insertProduct(db, { stock: 100, minimum: 10 });
    await place(unconfirmed, productId);
    await place(confirmed, productId);
    await app.orderExpiry.runOnce(new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000));
    // Written to the outbox with each cancellation; the worker sends it.
    await app.mailOutbox.runOnce();
    expect(mailsTo(unconfirmed.email)).toHaveLength(0);
    expect(mailsTo(confirmed.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Order CF-\d+ placed: /),
      expect.stringMatching(/^Order CF-\d+ was cancelled: /),
    ]);
  });

  it('deletes sent and skipped rows after the retention, in batches, and keeps given-up ones', async () => {
    const repository = createOutboxRepository(db.kysely, db.dialect);
    await db.kysely.deleteFrom('mail_outbox').execute();
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    const row = (settled: Record<string, string>) => ({
      id: newId(),
      kind: 'order-placed',
      order_id: null,
      recipient: 'old@example.com',
      payload: '{}',
      next_attempt_at: at(now - 40 * DAY),
      created_at: at(now - 40 * DAY),
      ...settled,
    });
    await db.kysely
      .insertInto('mail_outbox')
      .values([
        ...Array.from({ length: 5 }, () => row({ sent_at: at(now - 31 * DAY) })),
        ...Array.from({ length: 3 }, () => row({ skipped_at: at(now - 31 * DAY) })),
        row({ sent_at: at(now - 29 * DAY) }),
        row({ failed_at: at(now - 35 * DAY), last_error: 'mailbox unavailable' }),
      ])
      .execute();
    // One batch: at most 2 sent and 2 skipped rows.
    expect(await repository.purgeSettled(at(now - 30 * DAY), 2)).toBe(4);

    const worker = createOutboxWorker({
      outbox: repository,
      mailer: { send: async () => undefined },
      log: pino({ level: 'silent' }),
      publicUrl: 'https://shop.example.com',
      options: { intervalMs: 0, purgeBatchSize: 2 },
    });
    await worker.runOnce(new Date(now));
    const left = await db.kysely.selectFrom('mail_outbox').selectAll().execute();
    expect(left).toHaveLength(2);
    expect(left.some((one) => one.failed_at !== null)).toBe(true);
    expect(left.some((one) => one.sent_at !== null)).toBe(true);
  });
});
