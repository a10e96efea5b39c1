import {
  apiErrorSchema,
  b2bMessages,
  MAX_ORDER_LINES,
  orderCreatedSchema,
  orderModifiedSchema,
  orderSchema,
  type Order,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  confirmAddress,
  registerAccount,
  registerAdmin,
  stockIn,
  type TestAccount,
} from '../../test/factories.js';
import { createPaymentsRepository } from '../payments/payments.repository.js';
import { createOrdersRepository } from './orders.repository.js';

const HOLD_MINUTES = 60;

interface ProductOptions {
  stock?: number;
  minimum?: number;
  priceCents?: number;
  increment?: number;
  /** Volume prices in cents, as the products table stores them. */
  breaks?: { minQty: number; priceCents: number }[];
}

interface Line {
  productId: string;
  quantity: unknown;
}

/**
 * Issue 13 (DESIGN.md section 9): orders of several lines, all or nothing, each line priced by
 * its volume break; shipping with tracking; the order mails written to the outbox with the change.
 */
describe.each(testDatabases)('orders of several lines on $name', (kind) => {
  let db: TestDb;
  /** PostgreSQL: a second pool, as a second instance has; SQLite: the same connection. */
  let otherDb: Db;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;
  let another: TestAccount;
  const mails: Mail[] = [];

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  async function product({ increment = 1, breaks = [], ...options }: ProductOptions = {}) {
    const id = await insertProduct(db, options);
    await db.kysely
      .updateTable('products')
      .set({ increment, price_breaks: JSON.stringify(breaks) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  /** Products made in one go, sorted by id: the order the server locks them in. */
  async function productsInLockOrder(count: number, options: ProductOptions = {}) {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) ids.push(await product(options));
    return ids.sort();
  }

  const nameOf = async (id: string) =>
    (
      await db.kysely
        .selectFrom('products')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).name;

  const placeLines = (
    account: TestAccount | undefined,
    lines: readonly Line[],
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    on = app,
  ) =>
    call(
      {
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: { lines, phone: '+1 555 0100', address: '1 Main St, Springfield', ...extra },
      },
      account?.token,
      on,
    );

  async function placed(account: TestAccount, lines: readonly Line[], extra = {}): Promise<Order> {
    const res = await placeLines(account, lines, extra);
    expect(res.statusCode, res.body).toBe(201);
    const body = orderCreatedSchema.parse(res.json());
    expect(body.insertedId).toBe(body.order._id);
    return body.order;
  }

  const errorOf = (res: LightMyRequestResponse) => apiErrorSchema.parse(res.json()).error;

  const outbox = async (orderId: string) =>
    db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'payload'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
  const outboxCount = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const ordersCount = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const stored = async (id: string) => {
    const res = await call({ method: 'GET', url: `/api/orders/${id}` }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    return orderSchema.parse(res.json());
  };
  const markPaid = (id: string) => call({ method: 'PUT', url: `/api/order/${id}` }, admin.token);
  const ship = (id: string, payload?: unknown) =>
    call(
      {
        method: 'PUT',
        url: `/api/ship/${id}`,
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      },
      admin.token,
    );

  /** Whatever a refused request tried, nothing changed: stock, orders, mails. */
  async function expectNothingChanged(
    res: LightMyRequestResponse,
    stockBefore: Record<string, number>,
    counts: { orders: number; mails: number },
  ) {
    for (const [id, stock] of Object.entries(stockBefore)) {
      expect(await stockIn(db, id), res.body).toBe(stock);
    }
    expect(await ordersCount()).toBe(counts.orders);
    expect(await outboxCount()).toBe(counts.mails);
  }
  const countsNow = async () => ({ orders: await ordersCount(), mails: await outboxCount() });
  const stocksOf = async (ids: readonly string[]) =>
    Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await stockIn(db, id)])));

  beforeAll(async () => {
    db = await kind.open();
    otherDb = kind.name === 'postgres' ? db.reopen() : db;
    const overrides = { ORDER_HOLD_MINUTES: String(HOLD_MINUTES) };
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    app = await buildTestApp(db, overrides, { mailer });
    second = await buildTestApp(otherDb, overrides, { mailer });
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app, { name: 'Bulk Buyer' });
    // The cancellation mail below goes only to a confirmed address.
    await confirmAddress(db, customer.email);
    another = await registerAccount(app, { name: 'Someone Else' });
  });
  afterAll(async () => {
    await app?.close();
    await second?.close();
    if (otherDb !== db) await otherDb?.close();
    await db?.drop();
  });

  describe('placing', () => {
    it('prices each line by its break, sums the order and names it "<first> + 2 more"', async () => {
      const cases = await product({
        stock: 1_000,
        minimum: 10,
        increment: 10,
        priceCents: 5_000,
        breaks: [
          { minQty: 100, priceCents: 4_500 },
          { minQty: 250, priceCents: 4_000 },
        ],
      });
      const psu = await product({ stock: 50, minimum: 1, priceCents: 2_000 });
      const fans = await product({
        stock: 40,
        minimum: 1,
        priceCents: 9_999,
        breaks: [{ minQty: 5, priceCents: 8_999 }],
      });
      const order = await placed(
        customer,
        [
          { productId: cases, quantity: 250 },
          { productId: psu, quantity: 3 },
          { productId: fans, quantity: 5 },
        ],
        { poNumber: '  PO-2026-118  ' },
      );
      const first = await nameOf(cases);
      expect(order).toMatchObject({
        orderProduct: cases,
        orderPName: `${first} + 2 more`,
        orderQty: 258,
        orderPrice: 10_509.95,
        // The first line's unit price: the spec's screens show one product per order.
        unitPrice: 40,
        paid: false,
        paymentStatus: 'pending',
        orderStatus: 'pending',
        poNumber: 'PO-2026-118',
        paidAt: null,
        shippedAt: null,
        shipment: null,
        lines: [
          { productId: cases, productName: first, quantity: 250, unitPrice: 40, lineTotal: 10_000 },
          { productId: psu, quantity: 3, unitPrice: 20, lineTotal: 60 },
          { productId: fans, quantity: 5, unitPrice: 89.99, lineTotal: 449.95 },
        ],
      });
      expect(order.placedAt).toBe(order.createdAt);
      expect(await stocksOf([cases, psu, fans])).toEqual({ [cases]: 750, [psu]: 47, [fans]: 35 });
      // What GET answers is what POST answered.
      expect(await stored(order._id)).toEqual(order);
      const rows = await db.kysely
        .selectFrom('order_lines')
        .select(['position', 'product_id', 'unit_price_cents', 'line_total_cents'])
        .where('order_id', '=', order._id)
        .orderBy('position')
        .execute();
      expect(
        rows.map((row) => [row.position, row.unit_price_cents, Number(row.line_total_cents)]),
      ).toEqual([
        [0, 4_000, 1_000_000],
        [1, 2_000, 6_000],
        [2, 8_999, 44_995],
      ]);
    });

    it("keeps the lines in the buyer's order, whatever order the stock is taken in", async () => {
      const [a, b, c] = (await productsInLockOrder(3)) as [string, string, string];
      const order = await placed(customer, [
        { productId: c, quantity: 2 },
        { productId: a, quantity: 3 },
        { productId: b, quantity: 4 },
      ]);
      expect(order.lines.map((line) => [line.productId, line.quantity])).toEqual([
        [c, 2],
        [a, 3],
        [b, 4],
      ]);
      expect(order.orderProduct).toBe(c);
      expect(order.orderPName).toBe(`${await nameOf(c)} + 2 more`);
    });

    it("keeps POST /api/order's PO number (issue 22: Order Now has the checkout's field)", async () => {
      const id = await product({ stock: 100 });
      // A buyer of its own: the unpaid orders placed here must not reach other tests' mail.
      const buyer = await registerAccount(app, { name: 'PO Buyer' });
      const order = (body: Record<string, unknown>) =>
        call(
          {
            method: 'POST',
            url: '/api/order',
            payload: {
              orderProduct: id,
              orderQty: 2,
              phone: '+1 555 0100',
              address: '1 Main St',
              ...body,
            },
          },
          buyer.token,
        );
      const counts = await countsNow();
      const refused = await order({ poNumber: 'P'.repeat(51) });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorOf(refused).fields).toEqual({ poNumber: b2bMessages.poNumberTooLong });
      expect(await countsNow()).toEqual(counts);
      const oneLine = await order({ poNumber: 'PO\n2' });
      expect(oneLine.statusCode, oneLine.body).toBe(400);
      expect(await countsNow()).toEqual(counts);

      const res = await order({ poNumber: '  PO-77  ' });
      // The spec's call answers 200 (POST /api/orders answers 201).
      expect(res.statusCode, res.body).toBe(200);
      const placedOrder = orderCreatedSchema.parse(res.json()).order;
      expect(placedOrder.poNumber).toBe('PO-77');
      expect(await stored(placedOrder._id)).toEqual(placedOrder);
      const without = await order({ poNumber: '' });
      expect(orderCreatedSchema.parse(without.json()).order.poNumber).toBeNull();
      // Anonymous: refused, nothing placed.
      const before = await countsNow();
      const anonymous = await call({
        method: 'POST',
        url: '/api/order',
        payload: { orderProduct: id, orderQty: 2, phone: '+1', address: 'x', poNumber: 'PO-1' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await countsNow()).toEqual(before);
    });

    it('names a one-line order after its product, like POST /api/order', async () => {
      const id = await product({ priceCents: 1_250 });
      const order = await placed(customer, [{ productId: id, quantity: 4 }]);
      expect(order).toMatchObject({ orderPName: await nameOf(id), orderQty: 4, orderPrice: 50 });
      expect(order.poNumber).toBeNull();
    });

    it('writes exactly one order-placed mail to the outbox, with the order it reports', async () => {
      const [a, b] = (await productsInLockOrder(2)) as [string, string];
      const order = await placed(customer, [
        { productId: a, quantity: 2 },
        { productId: b, quantity: 2 },
      ]);
      const rows = await outbox(order._id);
      expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
        ['order-placed', customer.email],
      ]);
      expect(orderSchema.parse(JSON.parse(rows[0]?.payload ?? '{}'))).toEqual(order);
    });

    it('places the order of an Idempotency-Key once, and mails it once', async () => {
      const id = await product({ stock: 20 });
      const key = { 'idempotency-key': `lines-${newId()}` };
      const lines = [{ productId: id, quantity: 2 }];
      const first = await placeLines(customer, lines, {}, key);
      const again = await placeLines(customer, lines, {}, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(again.statusCode, again.body).toBe(201);
      const order = orderCreatedSchema.parse(first.json()).order;
      expect(orderCreatedSchema.parse(again.json()).order._id).toBe(order._id);
      expect(await stockIn(db, id)).toBe(18);
      expect((await outbox(order._id)).map((row) => row.kind)).toEqual(['order-placed']);
    });

    it('answers the pack size and the break on POST /api/order too (the one-line case)', async () => {
      const id = await product({
        stock: 500,
        minimum: 12,
        increment: 6,
        priceCents: 3_000,
        breaks: [{ minQty: 60, priceCents: 2_500 }],
      });
      const post = (orderQty: number) =>
        call(
          {
            method: 'POST',
            url: '/api/order',
            payload: { orderProduct: id, phone: '555 0100', address: '1 Main St', orderQty },
          },
          customer.token,
        );
      const refused = await post(13);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toEqual({
        code: 'not_pack_multiple',
        message: b2bMessages.notPackMultiple(6, [12, 18]),
        fields: { orderQty: b2bMessages.notPackMultiple(6, [12, 18]) },
      });
      const ok = await post(60);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(orderCreatedSchema.parse(ok.json()).order).toMatchObject({
        orderQty: 60,
        unitPrice: 25,
        orderPrice: 1_500,
        lines: [{ productId: id, quantity: 60, unitPrice: 25, lineTotal: 1_500 }],
      });
      expect(await stockIn(db, id)).toBe(440);
    });
  });

  describe('validation: 400 naming the field, nothing reserved', () => {
    it.each<[string, (id: string) => Record<string, unknown>, string]>([
      ['no lines', () => ({ lines: [] }), 'lines'],
      ['lines that are not a list', () => ({ lines: { productId: 'x', quantity: 1 } }), 'lines'],
      [
        `${MAX_ORDER_LINES + 1} lines`,
        (id) => ({
          lines: Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({
            productId: id,
            quantity: 2,
          })),
        }),
        'lines',
      ],
      [
        'the same product twice',
        (id) => ({
          lines: [
            { productId: id, quantity: 2 },
            { productId: id, quantity: 4 },
          ],
        }),
        'lines.1.productId',
      ],
      [
        'a quantity of 0',
        (id) => ({ lines: [{ productId: id, quantity: 0 }] }),
        'lines.0.quantity',
      ],
      [
        'a negative quantity',
        (id) => ({ lines: [{ productId: id, quantity: -2 }] }),
        'lines.0.quantity',
      ],
      ['a fraction', (id) => ({ lines: [{ productId: id, quantity: 2.5 }] }), 'lines.0.quantity'],
      ['a word', (id) => ({ lines: [{ productId: id, quantity: 'two' }] }), 'lines.0.quantity'],
      ['no quantity', (id) => ({ lines: [{ productId: id }] }), 'lines.0.quantity'],
      [
        'a null quantity',
        (id) => ({ lines: [{ productId: id, quantity: null }] }),
        'lines.0.quantity',
      ],
      ['no product', () => ({ lines: [{ quantity: 2 }] }), 'lines.0.productId'],
      [
        'a product id that is a number',
        () => ({ lines: [{ productId: 7, quantity: 2 }] }),
        'lines.0.productId',
      ],
      ['no phone', (id) => ({ lines: [{ productId: id, quantity: 2 }], phone: '' }), 'phone'],
      [
        'no address',
        (id) => ({ lines: [{ productId: id, quantity: 2 }], address: ' ' }),
        'address',
      ],
      [
        'a PO number of 51 characters',
        (id) => ({ lines: [{ productId: id, quantity: 2 }], poNumber: 'P'.repeat(51) }),
        'poNumber',
      ],
    ])('refuses %s', async (_label, body, field) => {
      const id = await product({ stock: 100 });
      const counts = await countsNow();
      const res = await call(
        {
          method: 'POST',
          url: '/api/orders',
          payload: { phone: '+1 555 0100', address: '1 Main St', ...body(id) },
        },
        customer.token,
      );
      expect(res.statusCode, res.body).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {}), res.body).toContain(field);
      await expectNothingChanged(res, { [id]: 100 }, counts);
    });

    it("accepts a quantity written as digits, as the spec's form sends it", async () => {
      const id = await product({ stock: 10 });
      const order = await placed(customer, [{ productId: id, quantity: '4' }]);
      expect(order.orderQty).toBe(4);
    });
  });

  describe('refusals: the whole order or nothing, the line named', () => {
    it('refuses an out-of-stock line 2 with 409 out_of_stock, giving back lines 0 and 1', async () => {
      // Line 2's product has the largest id: its stock is taken last, after the other two.
      const [a, b, c] = (await productsInLockOrder(3, { stock: 30 })) as [string, string, string];
      const counts = await countsNow();
      const res = await placeLines(customer, [
        { productId: a, quantity: 10 },
        { productId: b, quantity: 10 },
        { productId: c, quantity: 31 },
      ]);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'out_of_stock',
        message: 'Please order maximum 30',
        fields: { 'lines.2.quantity': 'Please order maximum 30' },
      });
      await expectNothingChanged(res, { [a]: 30, [b]: 30, [c]: 30 }, counts);
    });

    it("names the refused line in the buyer's order, whichever is locked first", async () => {
      const [a, b] = (await productsInLockOrder(2, { stock: 5, minimum: 1 })) as [string, string];
      const res = await placeLines(customer, [
        { productId: b, quantity: 1 },
        { productId: a, quantity: 6 },
      ]);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).fields).toEqual({ 'lines.1.quantity': 'Please order maximum 5' });
      expect(await stocksOf([a, b])).toEqual({ [a]: 5, [b]: 5 });
    });

    it.each<[string, ProductOptions, number, number, string, string]>([
      ['below the minimum', { minimum: 10 }, 4, 400, 'below_minimum', 'Please order minimum 10'],
      [
        'not a multiple of the pack size',
        { minimum: 10, increment: 5 },
        12,
        400,
        'not_pack_multiple',
        b2bMessages.notPackMultiple(5, [10, 15]),
      ],
      [
        'a product whose stock is below its minimum',
        { stock: 8, minimum: 10 },
        10,
        409,
        'out_of_stock_for_minimum',
        'Not enough stock for the minimum order of 10',
      ],
    ])('refuses %s', async (_label, options, quantity, status, code, message) => {
      const fine = await product({ stock: 50 });
      const refused = await product({ stock: 100, ...options });
      const stockBefore = await stocksOf([fine, refused]);
      const counts = await countsNow();
      const res = await placeLines(customer, [
        { productId: fine, quantity: 2 },
        { productId: refused, quantity },
      ]);
      expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(res)).toEqual({ code, message, fields: { 'lines.1.quantity': message } });
      await expectNothingChanged(res, stockBefore, counts);
    });

    it('answers 404 naming an unknown, malformed or archived product', async () => {
      const fine = await product({ stock: 50 });
      const archived = await product({ stock: 50 });
      await db.kysely
        .updateTable('products')
        .set({ archived_at: new Date().toISOString() })
        .where('id', '=', archived)
        .execute();
      for (const missing of ['0123456789abcdef01234567', 'not-an-id', archived]) {
        const counts = await countsNow();
        const res = await placeLines(customer, [
          { productId: fine, quantity: 2 },
          { productId: missing, quantity: 2 },
        ]);
        expect(res.statusCode, res.body).toBe(404);
        expect(errorOf(res)).toMatchObject({
          code: 'not_found',
          fields: { 'lines.1.productId': 'Product not found' },
        });
        await expectNothingChanged(res, { [fine]: 50, [archived]: 50 }, counts);
      }
    });

    it('refuses an order whose lines together pass the largest card payment', async () => {
      const [a, b] = (await productsInLockOrder(2, {
        stock: 2_000,
        minimum: 1,
        priceCents: 100_000,
      })) as [string, string];
      const counts = await countsNow();
      // $600,000 each, $1.2 million together: over $999,999.99.
      const res = await placeLines(customer, [
        { productId: a, quantity: 600 },
        { productId: b, quantity: 600 },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'validation_failed',
        fields: { 'lines.1.quantity': 'Quantity is too large for one order' },
      });
      await expectNothingChanged(res, { [a]: 2_000, [b]: 2_000 }, counts);
    });

    it('holds a customer to MAX_UNPAID_ORDERS, an order of lines counting once', async () => {
      const limited = await buildTestApp(db, { MAX_UNPAID_ORDERS: '1' });
      try {
        const buyer = await registerAccount(limited);
        const [a, b] = (await productsInLockOrder(2, { stock: 20 })) as [string, string];
        const lines = [
          { productId: a, quantity: 2 },
          { productId: b, quantity: 2 },
        ];
        expect((await placeLines(buyer, lines, {}, {}, limited)).statusCode).toBe(201);
        const counts = await countsNow();
        const refused = await placeLines(buyer, lines, {}, {}, limited);
        expect(refused.statusCode).toBe(409);
        expect(errorOf(refused).code).toBe('too_many_unpaid_orders');
        await expectNothingChanged(refused, { [a]: 18, [b]: 18 }, counts);
      } finally {
        await limited.close();
      }
    });
  });

  describe('access', () => {
    it('answers 401 to an anonymous caller and places nothing', async () => {
      const id = await product({ stock: 10 });
      const res = await placeLines(undefined, [{ productId: id, quantity: 2 }]);
      expect(res.statusCode).toBe(401);
      expect(await stockIn(db, id)).toBe(10);
    });

    it('lets a customer and an admin place one; only the owner and admins read or delete it', async () => {
      const id = await product({ stock: 10 });
      const mine = await placed(customer, [{ productId: id, quantity: 2 }]);
      const admins = await placed(admin, [{ productId: id, quantity: 2 }]);
      expect(admins.userEmail).toBe(admin.email);
      const url = `/api/orders/${mine._id}`;
      expect((await call({ method: 'GET', url }, another.token)).statusCode).toBe(403);
      expect((await call({ method: 'DELETE', url }, another.token)).statusCode).toBe(403);
      expect((await call({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call({ method: 'GET', url }, customer.token)).statusCode).toBe(200);
      expect((await call({ method: 'GET', url }, admin.token)).statusCode).toBe(200);
      expect(await stockIn(db, id)).toBe(6);
    });
  });

  describe("every line's stock comes back", () => {
    async function twoLineOrder(account = customer) {
      const [a, b] = (await productsInLockOrder(2, { stock: 40 })) as [string, string];
      const order = await placed(account, [
        { productId: b, quantity: 6 },
        { productId: a, quantity: 4 },
      ]);
      expect(await stocksOf([a, b])).toEqual({ [a]: 36, [b]: 34 });
      return { a, b, order };
    }

    it('when the owner deletes the unpaid order', async () => {
      const { a, b, order } = await twoLineOrder();
      const res = await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, customer.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(await stocksOf([a, b])).toEqual({ [a]: 40, [b]: 40 });
      expect(
        await db.kysely
          .selectFrom('order_lines')
          .select('position')
          .where('order_id', '=', order._id)
          .execute(),
      ).toEqual([]);
    });

    it('when its hold runs out, once across two instances', async () => {
      const { a, b, order } = await twoLineOrder();
      const later = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
      const [one, two] = await Promise.all([
        app.orderExpiry.runOnce(later),
        second.orderExpiry.runOnce(later),
      ]);
      expect(one + two).toBeGreaterThanOrEqual(1);
      expect(await stocksOf([a, b])).toEqual({ [a]: 40, [b]: 40 });
      expect(await stored(order._id)).toMatchObject({
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
      });
      await app.mailOutbox.runOnce();
      const mail = mails.find(
        (one) => one.to === customer.email && one.text?.includes(order.orderPName),
      );
      expect(mail?.text).toContain(`${order.lines[0]?.quantity} x ${order.lines[0]?.productName}`);
    });

    it('when a product on its second line is archived: the order is found and cancelled', async () => {
      const { a, b, order } = await twoLineOrder();
      // `a` is the order's second line: orders.product_id names only the first.
      const open = await call(
        { method: 'GET', url: `/api/products/${a}/open-orders` },
        admin.token,
      );
      expect(open.json()).toMatchObject({ orders: 1, unpaidOrders: 1 });
      const removed = await call({ method: 'DELETE', url: `/api/products/${a}` }, admin.token);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await stored(order._id)).toMatchObject({ paymentStatus: 'cancelled' });
      expect(await stocksOf([a, b])).toEqual({ [a]: 40, [b]: 40 });
    });

    it('and a late payment takes all of it again, or none and flags a refund', async () => {
      const repository = createOrdersRepository(db.kysely, db.dialect);
      const payments = createPaymentsRepository(db.kysely);
      /** A late success for the order, its payment row recorded in the same transaction. */
      const payLate = (order: Order) => {
        const payment = {
          intentId: `pi_${newId()}`,
          gateway: 'test',
          amountCents: Math.round(order.orderPrice * 100),
        };
        return repository.markPaidAfterCancel(order._id, payment.intentId, (trx) =>
          payments.recordSuccess(trx, order._id, payment),
        );
      };

      const whole = await twoLineOrder();
      await repository.cancel(whole.order._id, 'expired');
      const reinstated = await payLate(whole.order);
      expect(reinstated.changed).toBe(true);
      expect(await stored(whole.order._id)).toMatchObject({
        paid: true,
        orderStatus: 'placed',
        refundNeeded: false,
        paidAt: expect.any(String),
      });
      expect(await stocksOf([whole.a, whole.b])).toEqual({ [whole.a]: 36, [whole.b]: 34 });

      const short = await twoLineOrder();
      await repository.cancel(short.order._id, 'expired');
      // Someone else buys line 0's product meanwhile: 40 - 38 = 2 left, the order needs 6.
      await placed(another, [{ productId: short.b, quantity: 38 }]);
      const flagged = await payLate(short.order);
      expect(flagged.changed).toBe(true);
      expect(await stored(short.order._id)).toMatchObject({
        paid: true,
        orderStatus: 'cancelled',
        refundNeeded: true,
      });
      // All or nothing: line 1's product was not taken either.
      expect(await stocksOf([short.a, short.b])).toEqual({ [short.a]: 40, [short.b]: 2 });
      for (const id of [whole.order._id, short.order._id]) {
        expect((await outbox(id)).map((row) => row.kind)).toEqual([
          'order-placed',
          'order-cancelled',
          'order-paid',
        ]);
      }
    });
  });

  describe('paying and shipping', () => {
    async function paidOrder() {
      const [a, b] = (await productsInLockOrder(2, { stock: 40 })) as [string, string];
      const order = await placed(customer, [
        { productId: a, quantity: 2 },
        { productId: b, quantity: 2 },
      ]);
      const paid = await markPaid(order._id);
      expect(paid.statusCode, paid.body).toBe(200);
      return orderModifiedSchema.parse(paid.json()).order;
    }

    it('ships with a carrier and tracking number, once, mailing each step once', async () => {
      const order = await paidOrder();
      expect(order.paidAt).toEqual(expect.any(String));
      const res = await ship(order._id, { carrier: ' UPS ', trackingNumber: '1Z999AA10123456784' });
      expect(res.statusCode, res.body).toBe(200);
      const shipped = orderModifiedSchema.parse(res.json()).order;
      expect(shipped).toMatchObject({
        orderStatus: 'shipped',
        shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      });
      expect(shipped.shippedAt).toEqual(expect.any(String));
      expect(shipped.shipment?.shippedAt).toBe(shipped.shippedAt);
      expect(await stored(order._id)).toEqual(shipped);

      const again = await ship(order._id, { carrier: 'DHL', trackingNumber: '123' });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({
        code: 'order_already_shipped',
        message: b2bMessages.orderAlreadyShipped,
      });
      const paidAgain = await markPaid(order._id);
      expect(paidAgain.statusCode).toBe(409);
      expect(errorOf(paidAgain).code).toBe('order_already_paid');
      expect(await stored(order._id)).toEqual(shipped);

      const rows = await outbox(order._id);
      expect(rows.map((row) => row.kind)).toEqual(['order-placed', 'order-paid', 'order-shipped']);
      expect(orderSchema.parse(JSON.parse(rows[2]?.payload ?? '{}'))).toEqual(shipped);
      expect(orderSchema.parse(JSON.parse(rows[1]?.payload ?? '{}'))).toMatchObject({
        paid: true,
        orderStatus: 'placed',
      });
    });

    it.each<[string, unknown]>([
      ['no body', undefined],
      ['an empty body', {}],
      ['empty strings', { carrier: '', trackingNumber: '' }],
    ])('ships with %s, without tracking', async (_label, payload) => {
      const order = await paidOrder();
      const res = await ship(order._id, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(orderModifiedSchema.parse(res.json()).order).toMatchObject({
        orderStatus: 'shipped',
        shipment: null,
        shippedAt: expect.any(String),
      });
    });

    it.each<[string, unknown, string]>([
      ['a carrier alone', { carrier: 'UPS' }, 'trackingNumber'],
      ['a tracking number alone', { trackingNumber: '1Z' }, 'carrier'],
      ['a carrier of 61 characters', { carrier: 'C'.repeat(61), trackingNumber: '1Z' }, 'carrier'],
      [
        'a tracking number that is a number',
        { carrier: 'UPS', trackingNumber: 12 },
        'trackingNumber',
      ],
      ['a list', [{ carrier: 'UPS', trackingNumber: '1Z' }], 'body'],
    ])('refuses %s with 400, shipping nothing', async (_label, payload, field) => {
      const order = await paidOrder();
      const counts = await countsNow();
      const res = await ship(order._id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), res.body).toContain(field);
      expect(await stored(order._id)).toMatchObject({ orderStatus: 'placed', shippedAt: null });
      expect(await countsNow()).toEqual(counts);
    });

    it('refuses to ship an unpaid order (order_not_paid) or a cancelled one', async () => {
      const id = await product({ stock: 20 });
      const order = await placed(customer, [{ productId: id, quantity: 2 }]);
      const counts = await countsNow();
      const unpaid = await ship(order._id, { carrier: 'UPS', trackingNumber: '1Z' });
      expect(unpaid.statusCode).toBe(409);
      expect(errorOf(unpaid)).toEqual({
        code: 'order_not_paid',
        message: b2bMessages.orderNotPaid,
      });
      expect(await countsNow()).toEqual(counts);
      // The cancellation writes its own mail; the refused shipment after it writes none.
      await createOrdersRepository(db.kysely, db.dialect).cancel(order._id, 'expired');
      const cancelledCounts = await countsNow();
      const cancelled = await ship(order._id);
      expect(cancelled.statusCode).toBe(409);
      expect(errorOf(cancelled).code).toBe('order_cancelled');
      expect(await countsNow()).toEqual(cancelledCounts);
      expect(await stored(order._id)).toMatchObject({ shippedAt: null, paidAt: null });
    });

    it('lets only admins ship', async () => {
      const order = await paidOrder();
      for (const account of [undefined, customer, another]) {
        const res = await call(
          { method: 'PUT', url: `/api/ship/${order._id}`, payload: {} },
          account?.token,
        );
        expect(res.statusCode).toBe(account ? 403 : 401);
      }
      expect(await stored(order._id)).toMatchObject({ orderStatus: 'placed' });
    });
  });

  describe('concurrency', () => {
    it('never oversells or deadlocks when many orders of overlapping lines race', async () => {
      const STOCK = 40;
      const products = await productsInLockOrder(4, { stock: STOCK, minimum: 1 });
      const buyers = [customer, another, admin];
      // 24 orders of 2-4 lines over the same 4 products, each listing them in another order.
      const requests = Array.from({ length: 24 }, (_, i) => {
        const count = 2 + (i % 3);
        const lines = Array.from({ length: count }, (_, j) => ({
          productId: products[(i + j * (i % 2 === 0 ? 1 : 3)) % products.length] ?? '',
          quantity: 2 + ((i + j) % 4),
        }));
        const unique = lines.filter(
          (line, j) => lines.findIndex((other) => other.productId === line.productId) === j,
        );
        const on = i % 2 === 0 ? app : second;
        return placeLines(buyers[i % buyers.length], unique, {}, {}, on).then((res) => ({
          res,
          lines: unique,
        }));
      });
      const results = await Promise.all(requests);
      const taken = new Map<string, number>(products.map((id) => [id, 0]));
      for (const { res, lines } of results) {
        // A deadlock would surface as a 500; a refusal is a clean 409 naming its line.
        expect([201, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 409) {
          expect(errorOf(res).code).toMatch(/^out_of_stock/);
          continue;
        }
        for (const line of lines) {
          taken.set(line.productId, (taken.get(line.productId) ?? 0) + line.quantity);
        }
      }
      expect(results.some(({ res }) => res.statusCode === 201)).toBe(true);
      expect(results.some(({ res }) => res.statusCode === 409)).toBe(true);
      for (const id of products) {
        const stock = await stockIn(db, id);
        expect(stock).toBeGreaterThanOrEqual(0);
        expect(stock + (taken.get(id) ?? 0)).toBe(STOCK);
      }
    });

    it('removes a product while orders of several lines race for it without a deadlock', async () => {
      const [a, b, c] = (await productsInLockOrder(3, { stock: 400, minimum: 1 })) as [
        string,
        string,
        string,
      ];
      // Unpaid orders holding the product to remove beside the others, so removing it gives
      // back stock of a and c while new orders take a, b and c.
      for (const lines of [
        [b, a],
        [c, b],
      ]) {
        const res = await placeLines(
          admin,
          lines.map((productId) => ({ productId, quantity: 2 })),
        );
        expect(res.statusCode, res.body).toBe(201);
      }
      const racing = Array.from({ length: 16 }, (_, i) =>
        placeLines(
          admin,
          (i % 2 === 0 ? [c, a, b] : [a, b, c]).map((productId) => ({ productId, quantity: 1 })),
          {},
          {},
          i % 2 === 0 ? app : second,
        ),
      );
      const removal = call({ method: 'DELETE', url: `/api/products/${b}` }, admin.token);
      const [removed, ...placed] = await Promise.all([removal, ...racing]);
      expect(removed?.statusCode, removed?.body).toBe(200);
      for (const res of placed) {
        // Placed before the removal, or refused after it: never a 500.
        expect([201, 404, 409], res.body).toContain(res.statusCode);
      }
    });
  });
});
