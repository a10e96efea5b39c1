import {
  apiErrorSchema,
  orderCreatedSchema,
  orderLimitMessages,
  productListSchema,
  type Order,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  stockIn,
  unpaidOrdersOf,
  unpaidValueOf,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';

const HOLD_MINUTES = 30;
const MAX_UNPAID_VALUE = 25_000;
const MINUTE = 60_000;

/**
 * Issue 20, finding 1 of the 2026-11-26 report: one brand-new account, its email never
 * confirmed, held the whole demo catalog ($597,400) for two days with one `POST /api/orders`.
 * Now a customer's unpaid orders hold at most MAX_UNPAID_VALUE together, an expired order's
 * products cannot be held again by its customer for ORDER_HOLD_MINUTES, and (in production)
 * ordering needs a confirmed email. On SQLite and PostgreSQL, through every placement path:
 * one-line orders (PostgreSQL's one statement, SQLite's group commit) and orders of several
 * lines (the general path).
 */
describe.each(testDatabases)('finding 1: stock hoarding on $name', (kind) => {
  let db: TestDb;
  /** The shop with the default limits (the tests' config raises them out of other tests' way). */
  let app: FastifyInstance;
  let admin: TestAccount;
  /** How far the shop's clock (placing orders) is ahead of the real one. */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  const buyer = { phone: '+1 555 0100', address: '1 Main St' };

  /** `POST /api/orders` of these lines. */
  const placeLines = (
    account: TestAccount,
    lines: { productId: string; quantity: number }[],
    on = app,
  ) =>
    call({ method: 'POST', url: '/api/orders', payload: { ...buyer, lines } }, account.token, on);

  /** `POST /api/order`: the spec's one-product order. */
  const placeOne = (account: TestAccount, productId: string, orderQty: number, on = app) =>
    call(
      {
        method: 'POST',
        url: '/api/order',
        payload: { ...buyer, orderProduct: productId, orderQty },
      },
      account.token,
      on,
    );

  function placedOrder(res: LightMyRequestResponse): Order {
    expect([200, 201], res.body).toContain(res.statusCode);
    return orderCreatedSchema.parse(res.json()).order;
  }

  function refusal(res: LightMyRequestResponse, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code).toBe(code);
    return error;
  }

  /** The customer's pending orders as the orders table has them: what the counter must say. */
  async function pendingOf(userId: string) {
    const row = await db.kysely
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string | null>('price_cents').as('cents'),
      ])
      .where('user_id', '=', userId)
      .where('payment_status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), cents: Number(row.cents ?? 0) };
  }

  async function expectCounterTrue(userId: string) {
    const pending = await pendingOf(userId);
    expect({
      count: await unpaidOrdersOf(db, userId),
      cents: await unpaidValueOf(db, userId),
    }).toEqual(pending);
    return pending;
  }

  beforeAll(async () => {
    db = await kind.open();
    // The demo catalog, as the report's shop had it.
    await seedDemoData(db);
    app = await buildTestApp(
      db,
      {
        ORDER_HOLD_MINUTES: String(HOLD_MINUTES),
        MAX_UNPAID_ORDERS: '5',
        MAX_UNPAID_VALUE: String(MAX_UNPAID_VALUE),
      },
      { now },
    );
    admin = await registerAdmin(app, db);
  });
  afterEach(() => {
    ahead = 0;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('the value of unpaid orders (MAX_UNPAID_VALUE)', () => {
    it("refuses the report's reproduction: every demo product at its whole stock in one request, no stock taken", async () => {
      const mallory = await registerAccount(app, { name: 'Mallory' });
      const catalog = productListSchema.parse(
        (await call({ method: 'GET', url: '/api/products' })).json(),
      );
      expect(catalog).toHaveLength(10);
      const before = await Promise.all(catalog.map((product) => stockIn(db, product._id)));
      // One line per product, its stock rounded down to its pack size: $597,400.
      const lines = catalog.map((product) => ({
        productId: product._id,
        quantity: Math.floor(product.aqty / product.increment) * product.increment,
      }));

      const error = refusal(await placeLines(mallory, lines), 409, 'unpaid_value_exceeded');
      expect(error.message).toBe(orderLimitMessages.unpaidValueExceeded(MAX_UNPAID_VALUE));
      expect(error.message).toMatch(/pay or delete an order first/);
      expect(await Promise.all(catalog.map((product) => stockIn(db, product._id)))).toEqual(before);
      const malloryId = await userIdOf(db, mallory);
      expect(await expectCounterTrue(malloryId)).toEqual({ count: 0, cents: 0 });

      // A real customer still gets the minimum of any product.
      const customer = await registerAccount(app);
      for (const product of catalog.slice(0, 3)) {
        placedOrder(await placeOne(customer, product._id, product.minquantity));
      }
      // And the account itself may still order what a buyer orders.
      const [first] = catalog;
      placedOrder(await placeOne(mallory, first?._id ?? '', first?.minquantity ?? 0));
    });

    it.each([
      ['one-line orders', 1],
      ['orders of two lines', 2],
    ])(
      'places two %s just under the limit, refuses a third over it, and takes exactly up to it',
      async (_, width) => {
        const customer = await registerAccount(app);
        // $10 a piece: 1,200 pieces are $12,000.
        const products = await Promise.all(
          Array.from({ length: width }, () =>
            insertProduct(db, { stock: 10_000, minimum: 1, priceCents: 1_000 }),
          ),
        );
        const order = (pieces: number) =>
          placeLines(
            customer,
            products.map((productId) => ({ productId, quantity: pieces / width })),
          );
        placedOrder(await order(1_200));
        placedOrder(await order(1_200));
        const error = refusal(await order(200), 409, 'unpaid_value_exceeded');
        expect(error.message).toBe(orderLimitMessages.unpaidValueExceeded(MAX_UNPAID_VALUE));
        for (const productId of products) {
          expect(await stockIn(db, productId)).toBe(10_000 - 2_400 / width);
        }
        // Exactly the limit is within it.
        placedOrder(await order(100));
        refusal(await order(width), 409, 'unpaid_value_exceeded');
        expect(await expectCounterTrue(await userIdOf(db, customer))).toEqual({
          count: 3,
          cents: MAX_UNPAID_VALUE * 100,
        });
      },
    );

    it.each([
      ['one-line orders of one product (batched together)', 'one-product'],
      ['one-line orders of twelve products', 'one-line'],
      ['orders of two lines (the general path)', 'two-lines'],
    ] as const)(
      'holds under concurrent submits: %s, worth more together than the limit',
      async (_, shape) => {
        const customer = await registerAccount(app);
        // Twelve orders of $6,000 at once: at most four fit in $25,000 (and five in the count).
        const shared = await insertProduct(db, { stock: 10_000, minimum: 1, priceCents: 6_000 });
        const orders = await Promise.all(
          Array.from({ length: 12 }, async () => {
            if (shape === 'one-product') return [{ productId: shared, quantity: 100 }];
            const product = () =>
              insertProduct(db, { stock: 1_000, minimum: 1, priceCents: 6_000 });
            if (shape === 'one-line') return [{ productId: await product(), quantity: 100 }];
            return [
              { productId: await product(), quantity: 50 },
              { productId: await product(), quantity: 50 },
            ];
          }),
        );
        const answers = await Promise.all(orders.map((lines) => placeLines(customer, lines)));
        const placed = answers.filter((res) => res.statusCode === 201).map(placedOrder);
        const refused = answers.filter((res) => res.statusCode !== 201);
        expect(placed).toHaveLength(4);
        expect(placed.reduce((sum, one) => sum + one.orderPrice, 0)).toBeLessThanOrEqual(
          MAX_UNPAID_VALUE,
        );
        for (const res of refused) refusal(res, 409, 'unpaid_value_exceeded');
        expect(await expectCounterTrue(await userIdOf(db, customer))).toEqual({
          count: 4,
          cents: 2_400_000,
        });
        // The refused orders took no stock.
        const pieces = orders.flat();
        const stock = await Promise.all(pieces.map((line) => stockIn(db, line.productId)));
        if (shape === 'one-product') expect(stock[0]).toBe(10_000 - 400);
        else expect(stock.reduce((sum, units) => sum + (1_000 - units), 0)).toBe(400);
      },
    );

    it('keeps the counted value equal to the pending orders after pay, delete, expiry and product removal', async () => {
      const customer = await registerAccount(app);
      const userId = await userIdOf(db, customer);
      const product = (priceCents: number) =>
        insertProduct(db, { stock: 1_000, minimum: 1, priceCents });
      // One order now (it expires first), four placed 20 minutes later.
      const expiring = placedOrder(await placeOne(customer, await product(1_000), 10));
      ahead = 20 * MINUTE;
      const paid = placedOrder(await placeOne(customer, await product(2_000), 10));
      const deleted = placedOrder(await placeOne(customer, await product(3_000), 10));
      const removedProduct = await product(4_000);
      const removed = placedOrder(await placeOne(customer, removedProduct, 10));
      const kept = placedOrder(
        await placeLines(customer, [
          { productId: await product(500), quantity: 10 },
          { productId: await product(700), quantity: 10 },
        ]),
      );
      expect(await expectCounterTrue(userId)).toEqual({ count: 5, cents: 112_000 });

      expect(
        (await call({ method: 'PUT', url: `/api/order/${paid._id}` }, admin.token)).statusCode,
      ).toBe(200);
      expect(await expectCounterTrue(userId)).toEqual({ count: 4, cents: 92_000 });
      expect(
        (await call({ method: 'DELETE', url: `/api/orders/${deleted._id}` }, customer.token))
          .statusCode,
      ).toBe(200);
      expect(await expectCounterTrue(userId)).toEqual({ count: 3, cents: 62_000 });
      // Only the first order's hold has run out 31 minutes after it was placed.
      await app.orderExpiry.runOnce(new Date(Date.now() + (HOLD_MINUTES + 1) * MINUTE));
      expect(await expectCounterTrue(userId)).toEqual({ count: 2, cents: 52_000 });
      expect(
        (await call({ method: 'GET', url: `/api/orders/${expiring._id}` }, admin.token)).json(),
      ).toMatchObject({ paymentStatus: 'cancelled' });
      expect(
        (await call({ method: 'DELETE', url: `/api/products/${removedProduct}` }, admin.token))
          .statusCode,
      ).toBe(200);
      expect(await expectCounterTrue(userId)).toEqual({ count: 1, cents: kept.orderPrice * 100 });
      expect(removed._id).not.toBe(kept._id);
    });

    it('does not limit admins: one order worth more than the limit, and more of them', async () => {
      const productId = await insertProduct(db, { stock: 100_000, minimum: 1, priceCents: 10_000 });
      placedOrder(await placeLines(admin, [{ productId, quantity: 3_000 }]));
      placedOrder(await placeOne(admin, productId, 3_000));
      const adminId = await userIdOf(db, admin);
      expect((await expectCounterTrue(adminId)).cents).toBeGreaterThanOrEqual(6_000_000);
    });
  });

  describe('no re-hold right after an expiry (hold_cooldown)', () => {
    /** Places an order of `productId` now and lets it expire; answers the cooldown's end. */
    async function expired(account: TestAccount, productId: string, pieces = 10): Promise<string> {
      placedOrder(await placeOne(account, productId, pieces));
      const at = new Date(Date.now() + ahead + (HOLD_MINUTES + 1) * MINUTE);
      await app.orderExpiry.runOnce(at);
      return new Date(at.getTime() + HOLD_MINUTES * MINUTE).toISOString();
    }

    it('refuses the same request the moment the stock is back, on both paths, and says until when', async () => {
      const customer = await registerAccount(app);
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      const other = await insertProduct(db, { stock: 100, minimum: 1 });
      const until = await expired(customer, productId);
      expect(await stockIn(db, productId)).toBe(100);
      const name = (
        await db.kysely
          .selectFrom('products')
          .select('name')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow()
      ).name;

      // The spec's one-product order (one line: PostgreSQL's one statement).
      const one = refusal(await placeOne(customer, productId, 10), 409, 'hold_cooldown');
      expect(one.message).toBe(orderLimitMessages.holdCooldown(name, until));
      expect(one.fields).toEqual({ orderProduct: orderLimitMessages.holdCooldownLine(until) });
      // An order of several lines (the general path) names the line.
      const several = refusal(
        await placeLines(customer, [
          { productId: other, quantity: 5 },
          { productId, quantity: 10 },
        ]),
        409,
        'hold_cooldown',
      );
      expect(several.fields).toEqual({
        'lines.1.productId': orderLimitMessages.holdCooldownLine(until),
      });
      expect([await stockIn(db, productId), await stockIn(db, other)]).toEqual([100, 100]);
      expect(await expectCounterTrue(await userIdOf(db, customer))).toEqual({ count: 0, cents: 0 });

      // Another customer may order it at once.
      placedOrder(await placeOne(await registerAccount(app), productId, 10));

      // After the cooldown the same customer may again, on both paths.
      ahead = Date.parse(until) - Date.now() + MINUTE;
      placedOrder(await placeOne(customer, productId, 10));
      placedOrder(
        await placeLines(customer, [
          { productId: other, quantity: 5 },
          { productId, quantity: 10 },
        ]),
      );
    });

    it('follows only an expiry: not a delete, not a product removal, and never an admin', async () => {
      const customer = await registerAccount(app);
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      const order = placedOrder(await placeOne(customer, productId, 10));
      expect(
        (await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, customer.token))
          .statusCode,
      ).toBe(200);
      placedOrder(await placeOne(customer, productId, 10));

      const adminProduct = await insertProduct(db, { stock: 100, minimum: 1 });
      await expired(admin, adminProduct);
      placedOrder(await placeOne(admin, adminProduct, 10));
      placedOrder(await placeLines(admin, [{ productId: adminProduct, quantity: 10 }]));
    });

    it('is forgotten by the expiry worker once it ended', async () => {
      const customer = await registerAccount(app);
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      const until = await expired(customer, productId);
      const userId = await userIdOf(db, customer);
      const rows = () =>
        db.kysely
          .selectFrom('hold_cooldowns')
          .select('ends_at')
          .where('user_id', '=', userId)
          .execute();
      expect(await rows()).toHaveLength(1);
      await app.orderExpiry.runOnce(new Date(Date.parse(until) - MINUTE));
      expect(await rows()).toHaveLength(1);
      await app.orderExpiry.runOnce(new Date(Date.parse(until) + MINUTE));
      expect(await rows()).toEqual([]);
    });
  });

  describe('orders need a confirmed email (ORDER_REQUIRES_CONFIRMED_EMAIL)', () => {
    /** The shop as production runs it, and a second instance of it on the same database. */
    let strict: FastifyInstance;
    let secondDb: Db;
    let second: FastifyInstance;
    const mails: Mail[] = [];

    beforeAll(async () => {
      const overrides = { ORDER_REQUIRES_CONFIRMED_EMAIL: 'true' };
      const mailer = { send: async (mail: Mail) => void mails.push(mail) };
      strict = await buildTestApp(db, overrides, { mailer });
      secondDb = db.reopen();
      second = await buildTestApp(secondDb, overrides, { mailer });
      // Listening (PostgreSQL), so the other instance keeps what it reads, as it does in service.
      await vi.waitFor(() => expect(secondDb.changes.generation('auth_user')).toBeDefined());
    });
    afterAll(async () => {
      await strict?.close();
      await second?.close();
      await secondDb?.close();
    });

    /** The link of the confirmation mail Better Auth sent on sign-up, as a path to request. */
    async function confirmationLink(account: TestAccount): Promise<string> {
      await expect.poll(() => mails.some((mail) => mail.to === account.email)).toBe(true);
      const mail = mails.find((one) => one.to === account.email);
      const url = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail?.text ?? '')?.[0];
      if (!url) throw new Error(`no confirmation link in ${mail?.text}`);
      const { pathname, search } = new URL(url);
      return `${pathname}${search}`;
    }

    it('refuses an unconfirmed customer with 403 email_not_confirmed, before any stock is touched', async () => {
      const customer = await registerAccount(strict);
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      for (const res of [
        await placeOne(customer, productId, 10, strict),
        await placeLines(customer, [{ productId, quantity: 10 }], strict),
        await placeOne(customer, productId, 10, second),
      ]) {
        const error = refusal(res, 403, 'email_not_confirmed');
        expect(error.message).toBe(orderLimitMessages.emailNotConfirmed);
      }
      expect(await stockIn(db, productId)).toBe(100);
      expect(await expectCounterTrue(await userIdOf(db, customer))).toEqual({ count: 0, cents: 0 });
    });

    it('lets the same order through at once after the mail link, on this instance and another', async () => {
      const customer = await registerAccount(strict);
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      const keyed = { 'idempotency-key': `confirm-${customer.email}` };
      const order = (on: FastifyInstance) =>
        call(
          {
            method: 'POST',
            url: '/api/order',
            headers: keyed,
            payload: { ...buyer, orderProduct: productId, orderQty: 10 },
          },
          customer.token,
          on,
        );
      // Both instances have read (and kept) the unconfirmed session.
      refusal(await order(strict), 403, 'email_not_confirmed');
      refusal(await placeOne(customer, productId, 5, second), 403, 'email_not_confirmed');

      const link = await strict.inject({ method: 'GET', url: await confirmationLink(customer) });
      expect(link.statusCode, link.body).toBeLessThan(400);

      // The same request, with the same Idempotency-Key: the refusal was not kept as its answer.
      placedOrder(await order(strict));
      // The other instance learns of it through the change feed (PostgreSQL: a notification).
      await expect
        .poll(async () => (await placeOne(customer, productId, 5, second)).statusCode)
        .toBe(200);
      expect(await stockIn(db, productId)).toBe(85);
    });

    it('counts a confirmation that changes only the identity (auth_user) on another instance too', async () => {
      const customer = await registerAccount(strict);
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      refusal(await placeOne(customer, productId, 5, second), 403, 'email_not_confirmed');
      const heard = secondDb.changes.generation('auth_user') ?? 0;
      // As Better Auth's verify-email sets it, without the session it may add: through this
      // instance's connection, so the other one hears of it only through the change feed.
      await db.kysely
        .updateTable('auth_user')
        .set({ emailVerified: db.dialect === 'postgres' ? true : 1 })
        .where('email', '=', customer.email)
        .execute();
      // PostgreSQL: migration 0014's trigger on auth_user notifies (other tables' notices,
      // which other tests send all the time, do not count here).
      await expect.poll(() => secondDb.changes.generation('auth_user') ?? 0).toBeGreaterThan(heard);
      expect((await placeOne(customer, productId, 5, second)).statusCode).toBe(200);
      expect(await stockIn(db, productId)).toBe(95);
    });

    it('never asks it of an admin, nor when the setting is off', async () => {
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      const unconfirmedAdmin = await registerAdmin(strict, db);
      placedOrder(await placeOne(unconfirmedAdmin, productId, 10, strict));
      // The shop of the other tests (NODE_ENV=test, the setting unset).
      placedOrder(await placeOne(await registerAccount(app), productId, 10));
    });
  });
});
