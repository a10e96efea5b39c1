import {
  apiErrorSchema,
  companyCreatedSchema,
  companyMessages,
  companyWithMembersSchema,
  memberUpdatedSchema,
  orderCreatedSchema,
  orderModifiedSchema,
  type Order,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  confirmAddress,
  insertProduct,
  registerAccount,
  registerAdmin,
  stockIn,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';
import { whileLocked, whileRowLocked } from '../../test/row-lock.js';

const HOLD_MINUTES = 30;
const MINUTE = 60_000;
/** MAX_AWAITING_APPROVAL_VALUE in these tests, dollars. */
const AWAITING_CAP = 1_000;

/**
 * Security report 2026-11-28, findings 1 and 7 (issue 32): orders awaiting approval cannot hold
 * the catalog (a value cap per buyer and per company, an admin with a confirmed email, a
 * cooldown after a rejection), and a buyer's limit cannot be split (a monthly limit, on placing
 * and on paying on account). Both databases; the races on two instances (PostgreSQL).
 */
describe.each(testDatabases)('approval limits on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const mails: Mail[] = [];
  let shopAdmin: TestAccount;

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const refusal = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).error;

  beforeAll(async () => {
    db = await kind.open();
    otherDb = kind.name === 'postgres' ? db.reopen() : db;
    // As in production: placing an order needs a confirmed email.
    const overrides = {
      ORDER_REQUIRES_CONFIRMED_EMAIL: 'true',
      ORDER_HOLD_MINUTES: String(HOLD_MINUTES),
      MAX_AWAITING_APPROVAL_VALUE: String(AWAITING_CAP),
    };
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    app = await buildTestApp(db, overrides, { mailer, now: clock });
    second = await buildTestApp(otherDb, overrides, { mailer, now: clock });
    shopAdmin = await registerAdmin(app, db);
    await confirmAddress(db, shopAdmin.email);
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    if (otherDb !== db) await otherDb?.close();
    await db?.drop();
  });

  /** A fresh account; `confirmed`: its address confirmed, as the mail's link does. */
  async function account(label: string, confirmed: boolean): Promise<TestAccount> {
    const made = await registerAccount(app, { label, name: `${label} person` });
    if (confirmed) await confirmAddress(db, made.email);
    return made;
  }

  async function createCompany(boss: TestAccount): Promise<string> {
    const res = await call(
      {
        method: 'POST',
        url: '/api/companies',
        payload: { name: `Hoard ${Math.random().toString(16).slice(2, 8)}`, billingAddress: 'x' },
      },
      boss.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return companyCreatedSchema.parse(res.json()).company._id;
  }

  /** `member` joins through the invitation mailed to them (the probe's way). */
  async function join(
    companyId: string,
    boss: TestAccount,
    member: TestAccount,
    orderLimit: number | null,
  ): Promise<void> {
    const invited = await call(
      {
        method: 'POST',
        url: `/api/companies/${companyId}/invitations`,
        payload: { email: member.email, role: 'buyer', orderLimit },
      },
      boss.token,
    );
    expect(invited.statusCode, invited.body).toBe(201);
    await app.mailOutbox.runOnce(clock());
    const mail = mails.filter((m) => m.to === member.email.toLowerCase()).at(-1);
    const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation mail for ${member.email}`);
    const accepted = await call(
      { method: 'POST', url: `/api/invitations/${token}/accept` },
      member.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  /**
   * `member` joins without an invitation: as a member invited before 2026-11-28, when an admin
   * who never confirmed their email could still invite (security 2026-11-28 #5 now refuses that).
   */
  async function addMember(companyId: string, member: TestAccount, orderLimit: number | null) {
    await db.kysely
      .insertInto('company_members')
      .values({
        user_id: await userIdOf(db, member),
        company_id: companyId,
        role: 'buyer',
        order_limit_cents: orderLimit === null ? null : orderLimit * 100,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  const order = (buyer: TestAccount, lines: { productId: string; quantity: number }[], on = app) =>
    call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: { lines, phone: '+1 555 0100', address: '1 Test Street' },
      },
      buyer.token,
      on,
    );
  const placed = (res: { statusCode: number; body: string; json: () => unknown }): Order => {
    expect(res.statusCode, res.body).toBe(201);
    return orderCreatedSchema.parse(res.json()).order;
  };
  const patchMember = (companyId: string, userId: string, payload: object, token?: string) =>
    call({ method: 'PATCH', url: `/api/companies/${companyId}/members/${userId}`, payload }, token);
  const payByInvoice = (orderId: string, token: string) =>
    call({ method: 'POST', url: `/api/orders/${orderId}/invoice-payment` }, token);

  describe('security 2026-11-28 #1: hoarding through approvals', () => {
    it('security 2026-11-28 #1: two fresh accounts cannot hold the catalog with one order awaiting approval', async () => {
      // The probe's catalog: ten products, each ordered at its whole stock.
      const stocks = [1200, 2400, 600, 900, 350, 500, 3000, 1500, 400, 800];
      const products = await Promise.all(
        stocks.map((stock) => insertProduct(db, { stock, minimum: 1, priceCents: 1_000 })),
      );
      const everything = products.map((productId, i) => ({
        productId,
        quantity: stocks[i] ?? 1,
      }));
      // The boss never confirms; the buyer does (production asks it of whoever orders).
      const boss = await account('hoardboss', false);
      const buyer = await account('hoardbuyer', true);
      const companyId = await createCompany(boss);
      // The probe's first step: the unconfirmed boss invites the buyer. Refused (#5).
      const invited = await call(
        {
          method: 'POST',
          url: `/api/companies/${companyId}/invitations`,
          payload: { email: buyer.email, role: 'buyer', orderLimit: 1 },
        },
        boss.token,
      );
      expect(invited.statusCode, invited.body).toBe(403);
      expect(refusal(invited).code).toBe('email_not_confirmed');
      // A member who got in before that rule (or any other way) meets the next one.
      await addMember(companyId, buyer, 1);

      // No admin of the company has confirmed their email: refused, nothing held.
      const unconfirmed = await order(buyer, everything);
      expect(unconfirmed.statusCode, unconfirmed.body).toBe(403);
      expect(refusal(unconfirmed)).toMatchObject({
        code: 'company_admin_unconfirmed',
        message: companyMessages.companyAdminUnconfirmed,
      });
      expect(await Promise.all(products.map((id) => stockIn(db, id)))).toEqual(stocks);

      // Confirmed: the whole catalog is still far past the cap. Refused, nothing held.
      await confirmAddress(db, boss.email);
      const hoard = await order(buyer, everything);
      expect(hoard.statusCode, hoard.body).toBe(409);
      expect(refusal(hoard)).toMatchObject({
        code: 'awaiting_approval_value_exceeded',
        message: companyMessages.awaitingApprovalValueExceeded('buyer', AWAITING_CAP),
      });
      expect(await Promise.all(products.map((id) => stockIn(db, id)))).toEqual(stocks);

      // Within the cap it awaits approval as before; what awaits never passes the cap.
      const [first, next] = products as [string, string];
      const waiting = placed(await order(buyer, [{ productId: first, quantity: 80 }]));
      expect(waiting.approvalStatus).toBe('awaiting_approval');
      const over = await order(buyer, [{ productId: next, quantity: 21 }]);
      expect(over.statusCode, over.body).toBe(409);
      expect(refusal(over).code).toBe('awaiting_approval_value_exceeded');
      expect(await stockIn(db, next)).toBe(stocks[1]);
      const fits = placed(await order(buyer, [{ productId: next, quantity: 20 }]));
      expect(fits.approvalStatus).toBe('awaiting_approval');

      // Reject and place again: the products cool down for the buyer, as after an expiry.
      const rejected = await call(
        {
          method: 'POST',
          url: `/api/orders/${waiting._id}/reject`,
          payload: { reason: 'No' },
        },
        boss.token,
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(await stockIn(db, first)).toBe(stocks[0]);
      const again = await order(buyer, [{ productId: first, quantity: 80 }]);
      expect(again.statusCode, again.body).toBe(409);
      expect(refusal(again).code).toBe('hold_cooldown');
      expect(await stockIn(db, first)).toBe(stocks[0]);
      // The cooldown ends after ORDER_HOLD_MINUTES, as an expired order's does.
      offset = (HOLD_MINUTES + 1) * MINUTE;
      try {
        expect(
          placed(await order(buyer, [{ productId: first, quantity: 80 }])).approvalStatus,
        ).toBe('awaiting_approval');
      } finally {
        offset = 0;
      }
    });

    it('the cap holds for the company too: another buyer cannot add to what awaits', async () => {
      const product = await insertProduct(db, { stock: 1_000, minimum: 1, priceCents: 1_000 });
      const boss = await account('capboss', true);
      const [one, two, free] = await Promise.all([
        account('capone', true),
        account('captwo', true),
        account('capfree', true),
      ]);
      const companyId = await createCompany(boss);
      await join(companyId, boss, one, 1);
      await join(companyId, boss, two, 1);
      await join(companyId, boss, free, null);
      placed(await order(one, [{ productId: product, quantity: 70 }]));
      const refused = await order(two, [{ productId: product, quantity: 31 }]);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refusal(refused)).toMatchObject({
        code: 'awaiting_approval_value_exceeded',
        message: companyMessages.awaitingApprovalValueExceeded('company', AWAITING_CAP),
      });
      expect(await stockIn(db, product)).toBe(930);
      expect(placed(await order(two, [{ productId: product, quantity: 30 }])).approvalStatus).toBe(
        'awaiting_approval',
      );
      // A buyer without a limit, and the company's admin, order as before: nothing awaits.
      for (const who of [free, boss]) {
        const plain = placed(await order(who, [{ productId: product, quantity: 50 }]));
        expect(plain.approvalStatus).toBe('not_required');
      }
    });

    it('a shop admin in an unconfirmed company is not held to it', async () => {
      const product = await insertProduct(db, { stock: 10_000, minimum: 1, priceCents: 1_000 });
      const boss = await account('adminboss', false);
      const companyId = await createCompany(boss);
      const admin = await registerAdmin(app, db);
      await confirmAddress(db, admin.email);
      await addMember(companyId, admin, 1);
      const big = placed(await order(admin, [{ productId: product, quantity: 5_000 }]));
      expect(big.approvalStatus).toBe('awaiting_approval');
    });

    it('race: two buyers of one company placing at once on two instances never pass the cap', async () => {
      const boss = await account('raceboss', true);
      const [one, two] = await Promise.all([account('raceone', true), account('racetwo', true)]);
      const companyId = await createCompany(boss);
      await join(companyId, boss, one, 1);
      await join(companyId, boss, two, 1);
      // $300 each, a product each (no product's lock queues them): three fit under $1,000.
      const products = await Promise.all(
        Array.from({ length: 8 }, () =>
          insertProduct(db, { stock: 100, minimum: 1, priceCents: 10_000 }),
        ),
      );
      // Orders cannot be inserted while the lock is held: every placement reads the sums, then
      // waits to write. The company's lock makes the others wait before reading instead.
      const ordersLock = sql`lock table orders in share mode`;
      const results = await whileLocked(db, ordersLock, products.length, () =>
        Promise.all(
          products.map((productId, i) =>
            order(i % 2 ? one : two, [{ productId, quantity: 3 }], i % 4 < 2 ? app : second),
          ),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 409).map((r) => refusal(r).code)).toEqual(
        Array(5).fill('awaiting_approval_value_exceeded'),
      );
      const stocks = await Promise.all(products.map((id) => stockIn(db, id)));
      expect(stocks.filter((stock) => stock === 97)).toHaveLength(3);
      expect(stocks.filter((stock) => stock === 100)).toHaveLength(5);
    });
  });

  describe('security 2026-11-28 #7: a monthly limit', () => {
    let boss: TestAccount;
    let buyer: TestAccount;
    let buyerId: string;
    let companyId: string;
    let product: string;

    beforeAll(async () => {
      boss = await account('monthboss', true);
      buyer = await account('monthbuyer', true);
      companyId = await createCompany(boss);
      await join(companyId, boss, buyer, 100);
      buyerId = await userIdOf(db, buyer);
      product = await insertProduct(db, { stock: 100_000, minimum: 1, priceCents: 10_000 });
      const terms = await call(
        {
          method: 'PUT',
          url: `/api/companies/${companyId}/terms`,
          payload: { days: 30, creditLimit: 10_000 },
        },
        shopAdmin.token,
      );
      expect(terms.statusCode, terms.body).toBe(200);
    });

    it('security 2026-11-28 #7: ten $100 orders on account: with a monthly limit of $300 the 4th needs approval', async () => {
      const set = await patchMember(companyId, buyerId, { monthlyLimit: 300 }, boss.token);
      expect(set.statusCode, set.body).toBe(200);
      expect(memberUpdatedSchema.parse(set.json()).member).toMatchObject({
        orderLimit: 100,
        monthlyLimit: 300,
      });
      const outcomes: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await order(buyer, [{ productId: product, quantity: 1 }]);
        if (res.statusCode !== 201) {
          outcomes.push(refusal(res).code);
          continue;
        }
        const one = placed(res);
        const paid = await payByInvoice(one._id, buyer.token);
        outcomes.push(
          `${one.approvalStatus} -> ${paid.statusCode === 200 ? 'invoiced' : refusal(paid).code}`,
        );
      }
      expect(outcomes).toEqual([
        ...Array(3).fill('not_required -> invoiced'),
        // Past the month's $300: each waits for an admin, and cannot be paid before.
        ...Array(5).fill('awaiting_approval -> approval_required'),
        // Then the cap on orders awaiting at once (MAX_AWAITING_APPROVAL_ORDERS, 5).
        ...Array(2).fill('too_many_awaiting_approval'),
      ]);
      const company = companyWithMembersSchema.parse(
        (await call({ method: 'GET', url: `/api/companies/${companyId}` }, boss.token)).json(),
      );
      expect(company.balance).toBe(300);
      // The admin approves one: it is paid on account like any approved order.
      const [awaiting] = (
        await db.kysely
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', buyerId)
          .where('approval_status', '=', 'awaiting_approval')
          .execute()
      ).map((row) => row.id);
      const approved = await call(
        { method: 'POST', url: `/api/orders/${awaiting ?? ''}/approve` },
        boss.token,
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await payByInvoice(awaiting ?? '', buyer.token)).statusCode).toBe(200);
    });

    it('paying on account counts too: an order not approved that would pass the month is refused, nothing changes', async () => {
      const payer = await account('monthpayer', true);
      await join(companyId, boss, payer, null);
      const payerId = await userIdOf(db, payer);
      // Placed with no monthly limit (none needed approval), then the limit is set.
      const orders = [];
      for (let i = 0; i < 3; i++) {
        orders.push(placed(await order(payer, [{ productId: product, quantity: 2 }])));
      }
      expect(orders.map((o) => o.approvalStatus)).toEqual(Array(3).fill('not_required'));
      expect(
        (await patchMember(companyId, payerId, { monthlyLimit: 450 }, boss.token)).statusCode,
      ).toBe(200);
      const [a, b, c] = orders as [Order, Order, Order];
      expect((await payByInvoice(a._id, payer.token)).statusCode).toBe(200);
      expect((await payByInvoice(b._id, payer.token)).statusCode).toBe(200);
      const before = companyWithMembersSchema.parse(
        (await call({ method: 'GET', url: `/api/companies/${companyId}` }, boss.token)).json(),
      ).balance;
      const refused = await payByInvoice(c._id, payer.token);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refusal(refused)).toMatchObject({
        code: 'monthly_limit_exceeded',
        message: companyMessages.monthlyLimitExceeded(450),
      });
      const row = await db.kysely
        .selectFrom('orders')
        .select(['payment_status', 'invoice_number'])
        .where('id', '=', c._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ payment_status: 'pending', invoice_number: null });
      const after = companyWithMembersSchema.parse(
        (await call({ method: 'GET', url: `/api/companies/${companyId}` }, boss.token)).json(),
      ).balance;
      expect(after).toBe(before);
      // A company admin paying it on account is its approval.
      const byAdmin = await payByInvoice(c._id, boss.token);
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(orderModifiedSchema.parse(byAdmin.json()).order.paymentStatus).toBe('invoiced');
    });

    it('race: one buyer placing at once on two instances: only what fits the month goes unapproved', async () => {
      const racer = await account('monthracer', true);
      await join(companyId, boss, racer, null);
      const racerId = await userIdOf(db, racer);
      expect(
        (await patchMember(companyId, racerId, { monthlyLimit: 300 }, boss.token)).statusCode,
      ).toBe(200);
      const products = await Promise.all(
        Array.from({ length: 6 }, () =>
          insertProduct(db, { stock: 100, minimum: 1, priceCents: 10_000 }),
        ),
      );
      const results = await whileRowLocked(db, 'company_members', 'user_id', racerId, 6, () =>
        Promise.all(
          products.map((productId, i) =>
            order(racer, [{ productId, quantity: 1 }], i % 2 ? app : second),
          ),
        ),
      );
      const statuses = results.map((r) => placed(r).approvalStatus);
      expect(statuses.filter((s) => s === 'not_required')).toHaveLength(3);
      expect(statuses.filter((s) => s === 'awaiting_approval')).toHaveLength(3);
    });

    it('only a company admin (or a shop admin) sets it; bad values are 400 naming it and change nothing', async () => {
      const other = await account('monthother', true);
      const otherCompany = await createCompany(other);
      const url = `/api/companies/${companyId}/members/${buyerId}`;
      const patch = (payload: object, token?: string) =>
        call({ method: 'PATCH', url, payload }, token);
      expect((await patch({ monthlyLimit: 5_000 })).statusCode).toBe(401);
      // The buyer on themself, a fellow buyer, a customer in no company, another company's
      // admin: 403.
      const fellow = await account('monthfellow', true);
      await join(companyId, boss, fellow, null);
      const loner = await account('monthloner', true);
      for (const caller of [buyer, fellow, loner, other]) {
        const res = await patch({ monthlyLimit: null }, caller.token);
        expect(res.statusCode, res.body).toBe(403);
      }
      expect(otherCompany).not.toBe(companyId);
      for (const monthlyLimit of [-1, 1.001, 'abc', 1_000_000, true]) {
        const res = await patch({ monthlyLimit }, boss.token);
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(refusal(res).fields ?? {})).toContain('monthlyLimit');
      }
      const kept = await db.kysely
        .selectFrom('company_members')
        .select('monthly_limit_cents')
        .where('user_id', '=', buyerId)
        .executeTakeFirstOrThrow();
      expect(Number(kept.monthly_limit_cents)).toBe(30_000);
      // A shop admin may; null removes it; the member list shows it.
      expect((await patch({ monthlyLimit: '250.50' }, shopAdmin.token)).statusCode).toBe(200);
      const listed = companyWithMembersSchema
        .parse(
          (await call({ method: 'GET', url: `/api/companies/${companyId}` }, boss.token)).json(),
        )
        .members.find((m) => m.userId === buyerId);
      expect(listed?.monthlyLimit).toBe(250.5);
      const cleared = await patch({ monthlyLimit: null }, boss.token);
      expect(memberUpdatedSchema.parse(cleared.json()).member.monthlyLimit).toBeNull();
    });
  });
});
