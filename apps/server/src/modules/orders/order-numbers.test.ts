import {
  FIRST_ORDER_NUMBER,
  formatOrderNumber,
  orderListSchema,
  orderSchema,
  type Order,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import { parseConfig } from '../../config.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';

const SHOP_EMAIL = 'orders@caseforge.example';

/**
 * Issue 22 (review defects 8 and 14): every order gets a short sequential number, `CF-10001`,
 * assigned by the database (migration 0016) on both placement paths, unique however many
 * instances place at once, never reused; the API shows it, and Manage Order and My Order find an
 * order by it. Each new order also writes the shop's own mail when SHOP_ORDERS_EMAIL is set.
 */
describe.each(testDatabases)('order numbers on $name', (kind) => {
  const sent: Mail[] = [];
  const shop = withShop(kind, {
    config: { SHOP_ORDERS_EMAIL: SHOP_EMAIL },
    deps: {
      mailer: {
        send: async (mail) => {
          sent.push(mail);
        },
      },
    },
  });
  let admin: TestAccount;
  let buyer: TestAccount;
  let other: TestAccount;
  /** A second instance of the shop on the same database. */
  let second: FastifyInstance;

  const call = (options: InjectOptions, token?: string, app = shop.app) =>
    app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    buyer = await registerAccount(shop.app, { label: 'numbered' });
    other = await registerAccount(shop.app, { label: 'other' });
    second = await buildTestApp(shop.db, { SHOP_ORDERS_EMAIL: SHOP_EMAIL });
  });
  afterAll(async () => {
    await second?.close();
  });

  /** Places an order of `lines` products (one: PostgreSQL's one statement; more: the Kysely path). */
  async function place(
    account: TestAccount,
    {
      lines = 1,
      poNumber,
      app = shop.app,
    }: { lines?: number; poNumber?: string; app?: FastifyInstance } = {},
  ): Promise<Order> {
    const products = await Promise.all(
      Array.from({ length: lines }, () => insertProduct(shop.db, { stock: 1000, minimum: 1 })),
    );
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: products.map((productId) => ({ productId, quantity: 2 })),
          phone: '+1 555 0100',
          address: '1 Main St',
          ...(poNumber ? { poNumber } : {}),
        },
      },
      account.token,
      app,
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  const numberOf = (order: Order) => Number(order.orderNumber.replace(/^CF-/, ''));
  const storedNumbers = async () =>
    (await shop.db.kysely.selectFrom('orders').select('number').execute()).map((row) => row.number);

  it('numbers orders CF-10001, CF-10002, ... on both placement paths, and shows the number everywhere', async () => {
    const one = await place(buyer, { poNumber: 'PO-ONE' });
    const several = await place(buyer, { lines: 3 });
    expect(one.orderNumber).toMatch(/^CF-\d{5,}$/);
    expect(numberOf(one)).toBeGreaterThanOrEqual(FIRST_ORDER_NUMBER);
    expect(numberOf(several)).toBeGreaterThan(numberOf(one));
    // What was stored is what the answer said.
    const row = await shop.db.kysely
      .selectFrom('orders')
      .select('number')
      .where('id', '=', one._id)
      .executeTakeFirstOrThrow();
    expect(formatOrderNumber(row.number)).toBe(one.orderNumber);

    // The order page, My Order and Manage Order carry it.
    const page = await call({ method: 'GET', url: `/api/orders/${several._id}` }, buyer.token);
    expect(orderSchema.parse(page.json()).orderNumber).toBe(several.orderNumber);
    const mine = await call(
      { method: 'GET', url: `/api/order?userEmail=${encodeURIComponent(buyer.email)}` },
      buyer.token,
    );
    expect(orderListSchema.parse(mine.json()).map((order) => order.orderNumber)).toEqual([
      several.orderNumber,
      one.orderNumber,
    ]);
    const all = await call({ method: 'GET', url: '/api/orders' }, admin.token);
    expect(orderListSchema.parse(all.json()).map((order) => order.orderNumber)).toContain(
      one.orderNumber,
    );

    // Each order's mail names it, and the shop got one mail of each.
    const mails = await shop.db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'payload', 'order_id'])
      .where('order_id', 'in', [one._id, several._id])
      .execute();
    for (const order of [one, several]) {
      const of = mails.filter((mail) => mail.order_id === order._id);
      expect(of.map((mail) => [mail.kind, mail.recipient]).sort()).toEqual([
        ['order-placed', buyer.email],
        ['shop-order-placed', SHOP_EMAIL],
      ]);
      for (const mail of of) {
        expect(JSON.parse(mail.payload)).toMatchObject({ orderNumber: order.orderNumber });
      }
    }
    // The worker sends the shop's mail although no account confirmed that address, once.
    await shop.app.mailOutbox.runOnce();
    await shop.app.mailOutbox.runOnce();
    const toShop = sent.filter((mail) => mail.to === SHOP_EMAIL);
    expect(toShop.map((mail) => mail.subject).sort()).toEqual(
      [
        `New order ${one.orderNumber} from ${one.userName}: $${one.orderPrice.toFixed(2)}`,
        `New order ${several.orderNumber} from ${several.userName}: $${several.orderPrice.toFixed(2)}`,
      ].sort(),
    );
  });

  it('gives every order its own number when two instances place many at once, both paths', async () => {
    const before = new Set(await storedNumbers());
    const placed = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        place(index % 2 ? buyer : other, {
          lines: index % 3 === 0 ? 2 : 1,
          app: index % 2 ? shop.app : second,
        }),
      ),
    );
    const numbers = placed.map(numberOf);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) expect(before.has(number)).toBe(false);
    const stored = await storedNumbers();
    expect(new Set(stored).size).toBe(stored.length);
    // One shop mail per order, no more.
    const shopMails = await shop.db.kysely
      .selectFrom('mail_outbox')
      .select('order_id')
      .where('kind', '=', 'shop-order-placed')
      .where(
        'order_id',
        'in',
        placed.map((order) => order._id),
      )
      .execute();
    expect(shopMails.map((mail) => mail.order_id).sort()).toEqual(
      placed.map((order) => order._id).sort(),
    );
  });

  it('never gives a deleted order’s number again', async () => {
    const last = await place(buyer);
    const deleted = await call({ method: 'DELETE', url: `/api/orders/${last._id}` }, buyer.token);
    expect(deleted.statusCode).toBe(200);
    const next = await place(buyer);
    expect(numberOf(next)).toBeGreaterThan(numberOf(last));
  });

  it('Manage Order finds an order by CF-10234, cf-10234 or 10234', async () => {
    const order = await place(other, { poNumber: 'PO-FIND' });
    const number = String(numberOf(order));
    for (const q of [order.orderNumber, order.orderNumber.toLowerCase(), number, ` ${number} `]) {
      const res = await call(
        { method: 'GET', url: `/api/orders?q=${encodeURIComponent(q)}` },
        admin.token,
      );
      expect(res.statusCode).toBe(200);
      expect(
        orderListSchema.parse(res.json()).map((found) => found._id),
        q,
      ).toEqual([order._id]);
      expect(res.headers['x-total-count']).toBe('1');
    }
    // A number no order has finds nothing.
    const none = await call({ method: 'GET', url: '/api/orders?q=CF-99999999' }, admin.token);
    expect(none.json()).toEqual([]);
  });

  it('My Order finds the buyer’s own orders by order number or PO, never another’s', async () => {
    const mine = await place(buyer, { poNumber: 'ACME-PO-7731' });
    const theirs = await place(other, { poNumber: 'ACME-PO-7731' });
    const list = async (q: string, token = buyer.token, email = buyer.email) =>
      call(
        {
          method: 'GET',
          url: `/api/order?userEmail=${encodeURIComponent(email)}&q=${encodeURIComponent(q)}`,
        },
        token,
      );
    for (const q of [mine.orderNumber, mine.orderNumber.toLowerCase(), String(numberOf(mine))]) {
      const res = await list(q);
      expect(res.statusCode).toBe(200);
      expect(
        orderListSchema.parse(res.json()).map((order) => order._id),
        q,
      ).toEqual([mine._id]);
    }
    const byPo = orderListSchema.parse((await list('po-7731')).json());
    expect(byPo.map((order) => order._id)).toContain(mine._id);
    expect(byPo.map((order) => order._id)).not.toContain(theirs._id);
    // Another buyer's number finds nothing in my list.
    expect((await list(theirs.orderNumber)).json()).toEqual([]);
    // The access rules are those of the list: another customer, and nobody signed in, are refused.
    expect((await list(mine.orderNumber, other.token)).statusCode).toBe(403);
    expect(
      (
        await call({
          method: 'GET',
          url: `/api/order?userEmail=${encodeURIComponent(buyer.email)}&q=${mine.orderNumber}`,
        })
      ).statusCode,
    ).toBe(401);
    // An admin may read the buyer's list, searched.
    const asAdmin = await list(mine.orderNumber, admin.token);
    expect(orderListSchema.parse(asAdmin.json()).map((order) => order._id)).toEqual([mine._id]);
    // A search too long, or with a control character, is a 400 naming q.
    for (const q of ['x'.repeat(500), 'CF-1\u0000']) {
      const bad = await list(q);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { fields: { q: expect.any(String) as string } } });
    }
  });
});

describe.each(testDatabases)('SHOP_ORDERS_EMAIL unset on $name', (kind) => {
  const shop = withShop(kind);

  it('writes no shop mail', async () => {
    const buyer = await registerAccount(shop.app, { label: 'no-shop-mail' });
    const productId = await insertProduct(shop.db, { stock: 100, minimum: 1 });
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: { lines: [{ productId, quantity: 1 }], phone: '+1 555 0100', address: '1 Main St' },
    });
    expect(res.statusCode).toBe(201);
    const kinds = await shop.db.kysely.selectFrom('mail_outbox').select('kind').execute();
    expect(kinds.map((row) => row.kind)).toEqual(['order-placed']);
  });
});

describe('SHOP_ORDERS_EMAIL', () => {
  it('is optional, and must be an email address when set', () => {
    const base = { NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) };
    expect(parseConfig(base).shopOrdersEmail).toBeUndefined();
    expect(parseConfig({ ...base, SHOP_ORDERS_EMAIL: '' }).shopOrdersEmail).toBeUndefined();
    expect(parseConfig({ ...base, SHOP_ORDERS_EMAIL: SHOP_EMAIL }).shopOrdersEmail).toBe(
      SHOP_EMAIL,
    );
    expect(() => parseConfig({ ...base, SHOP_ORDERS_EMAIL: 'orders at caseforge' })).toThrow(
      /SHOP_ORDERS_EMAIL/,
    );
  });
});
