import {
  apiErrorSchema,
  orderHoldMessages,
  orderMailMessages,
  orderListSchema,
  orderSchema,
  productDeletedSchema,
  type Order,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
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
import { createOrdersRepository } from './orders.repository.js';

const HOLD_MINUTES = 90;
const MAX_UNPAID = 3;
/** A moment after every hold of these tests has run out. */
const afterTheHold = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);

/**
 * Issue 10, points 4 and 5 (DESIGN.md section 11) with the built-in gateway: unpaid orders stop
 * holding stock, a customer cannot hoard it, and no card is charged for a dead order.
 */
describe.each(testDatabases)('order holds on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let app: FastifyInstance;
  /** A second instance on the same database, running its own expiry worker. */
  let second: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;
  const mails: Mail[] = [];

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  beforeAll(async () => {
    db = await kind.open();
    // PostgreSQL: a second pool, as another instance has. SQLite: the same connection, because
    // two connections of one process would wait on each other's write lock synchronously; the
    // two instances' passes still interleave, transaction by transaction.
    otherDb = kind.name === 'postgres' ? db.reopen() : db;
    const overrides = { ORDER_HOLD_MINUTES: String(HOLD_MINUTES) };
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    app = await buildTestApp(db, overrides, { mailer });
    second = await buildTestApp(otherDb, overrides, { mailer });
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app, { name: 'Hoarding Harry' });
    // The cancellation mails below go only to a confirmed address.
    await confirmAddress(db, customer.email);
  });
  afterAll(async () => {
    await app?.close();
    await second?.close();
    if (otherDb !== db) await otherDb?.close();
    await db?.drop();
  });

  async function place(account: TestAccount, productId: string, orderQty = 2, on = app) {
    return call(
      {
        method: 'POST',
        url: '/api/order',
        payload: { orderProduct: productId, phone: '+1 555 0100', address: '1 Main St', orderQty },
      },
      account.token,
      on,
    );
  }

  async function placed(account: TestAccount, productId: string, orderQty = 2): Promise<Order> {
    const res = await place(account, productId, orderQty);
    expect(res.statusCode, res.body).toBe(200);
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  async function stored(id: string): Promise<Order> {
    const res = await call({ method: 'GET', url: `/api/orders/${id}` }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    return orderSchema.parse(res.json());
  }

  async function intentFor(account: TestAccount, orderId: string) {
    const res = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId } },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { clientSecret: string; paymentIntentId: string };
  }

  /** `PATCH /api/order/{id}`: the payment page reports the intent it paid. */
  const reportPayment = (account: TestAccount, orderId: string, transactionId: string) =>
    call(
      { method: 'PATCH', url: `/api/order/${orderId}`, payload: { transactionId } },
      account.token,
    );

  const confirmCard = (account: TestAccount, clientSecret: string) =>
    call(
      {
        method: 'POST',
        url: '/api/payments/test/confirm',
        payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      },
      account.token,
    );

  const gatewayStatus = async (intentId: string) =>
    (
      await db.kysely
        .selectFrom('test_gateway_intents')
        .select('status')
        .where('id', '=', intentId)
        .executeTakeFirstOrThrow()
    ).status;

  const expectError = (
    res: { statusCode: number; json(): unknown },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe(code);
  };

  describe('unpaid orders expire', () => {
    it('carry expiresAt while unpaid, none once paid', async () => {
      const productId = await insertProduct(db, { minimum: 1 });
      const before = Date.now();
      const order = await placed(customer, productId);
      const expiresAt = Date.parse(order.expiresAt ?? '');
      expect(expiresAt).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000 - 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + HOLD_MINUTES * 60_000 + 1000);
      expect(order.refundNeeded).toBe(false);

      const { clientSecret, paymentIntentId } = await intentFor(customer, order._id);
      expect((await confirmCard(customer, clientSecret)).statusCode).toBe(200);
      const paid = await reportPayment(customer, order._id, paymentIntentId);
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await stored(order._id)).expiresAt).toBeNull();
    });

    it('are cancelled after the hold, their stock returned once, the customer mailed', async () => {
      const productId = await insertProduct(db, { stock: 50, minimum: 1 });
      const order = await placed(customer, productId, 8);
      expect(await stockIn(db, productId)).toBe(42);

      // Not before the hold runs out.
      await app.orderExpiry.runOnce(new Date(Date.now() + (HOLD_MINUTES - 1) * 60_000));
      expect((await stored(order._id)).paymentStatus).toBe('pending');

      mails.length = 0;
      expect(await app.orderExpiry.runOnce(afterTheHold())).toBeGreaterThanOrEqual(1);
      expect(await stored(order._id)).toMatchObject({
        paid: false,
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
        expiresAt: null,
        refundNeeded: false,
      });
      expect(await stockIn(db, productId)).toBe(50);
      // The cancellation mail was written to the outbox with the cancellation: the worker sends
      // it, with the text it always had.
      await app.mailOutbox.runOnce();
      expect(mails).toContainEqual(
        expect.objectContaining({
          to: customer.email,
          subject: orderMailMessages.cancelledSubject(order.orderNumber, order.orderPName),
          text: expect.stringContaining(
            orderHoldMessages.cancelledMailText(order.orderPName, 8, 'expired'),
          ) as string,
        }),
      );

      // Another pass, on either instance, gives nothing back twice.
      await app.orderExpiry.runOnce(afterTheHold());
      await second.orderExpiry.runOnce(afterTheHold());
      expect(await stockIn(db, productId)).toBe(50);

      // The customer still sees it, as cancelled.
      const mine = orderListSchema.parse(
        (
          await call(
            { method: 'GET', url: `/api/order?userEmail=${encodeURIComponent(customer.email)}` },
            customer.token,
          )
        ).json(),
      );
      expect(mine.find((o) => o._id === order._id)?.orderStatus).toBe('cancelled');
    });

    it('returns the stock exactly once when two instances expire the same orders at once', async () => {
      const productId = await insertProduct(db, { stock: 1_000, minimum: 1 });
      const buyers = await Promise.all([1, 2, 3].map(() => registerAccount(app)));
      const orders: Order[] = [];
      for (const buyer of buyers) {
        for (let i = 0; i < MAX_UNPAID; i += 1) orders.push(await placed(buyer, productId, 7));
      }
      expect(await stockIn(db, productId)).toBe(1_000 - 7 * orders.length);

      const now = afterTheHold();
      const [first, other] = await Promise.all([
        app.orderExpiry.runOnce(now),
        second.orderExpiry.runOnce(now),
      ]);
      // Each order was cancelled by one of them (others of this file may have expired too).
      expect(first + other).toBeGreaterThanOrEqual(orders.length);
      expect(await stockIn(db, productId)).toBe(1_000);
      for (const order of orders) expect((await stored(order._id)).paymentStatus).toBe('cancelled');
    });

    it('refuses to pay, mark paid, ship or delete a cancelled order (409 order_cancelled)', async () => {
      const productId = await insertProduct(db, { minimum: 1 });
      const order = await placed(customer, productId);
      const { clientSecret } = await intentFor(customer, order._id);
      await app.orderExpiry.runOnce(afterTheHold());
      expect((await stored(order._id)).orderStatus).toBe('cancelled');

      expectError(
        await call(
          { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
          customer.token,
        ),
        409,
        'order_cancelled',
      );
      // The intent it had was cancelled with it: the card is not charged.
      expectError(await confirmCard(customer, clientSecret), 409, 'conflict');
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      expect(await gatewayStatus(intentId)).toBe('canceled');
      expectError(await reportPayment(customer, order._id, intentId), 409, 'order_cancelled');
      expectError(
        await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token),
        409,
        'order_cancelled',
      );
      expectError(
        await call({ method: 'PUT', url: `/api/ship/${order._id}` }, admin.token),
        409,
        'order_cancelled',
      );
      for (const token of [customer.token, admin.token]) {
        expectError(
          await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, token),
          409,
          'order_cancelled',
        );
      }
      expect((await stored(order._id)).paymentStatus).toBe('cancelled');
    });
  });

  describe('MAX_UNPAID_ORDERS', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildTestApp(db, { MAX_UNPAID_ORDERS: String(MAX_UNPAID) });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('refuses one unpaid order more with 409 too_many_unpaid_orders, taking no stock', async () => {
      const hoarder = await registerAccount(limited);
      const productId = await insertProduct(db, { stock: 100, minimum: 1 });
      const orders: Order[] = [];
      for (let i = 0; i < MAX_UNPAID; i += 1) {
        const res = await place(hoarder, productId, 10, limited);
        expect(res.statusCode, res.body).toBe(200);
        orders.push(orderSchema.parse((res.json() as { order: unknown }).order));
      }
      const refused = await place(hoarder, productId, 10, limited);
      expectError(refused, 409, 'too_many_unpaid_orders');
      expect(apiErrorSchema.parse(refused.json()).error.message).toBe(
        orderHoldMessages.tooManyUnpaidOrders(MAX_UNPAID),
      );
      expect(await stockIn(db, productId)).toBe(100 - 10 * MAX_UNPAID);

      // Deleting one makes room again.
      const first = orders[0]?._id ?? '';
      expect(
        (await call({ method: 'DELETE', url: `/api/orders/${first}` }, hoarder.token, limited))
          .statusCode,
      ).toBe(200);
      expect((await place(hoarder, productId, 10, limited)).statusCode).toBe(200);

      // Admins are not limited.
      for (let i = 0; i <= MAX_UNPAID; i += 1) {
        expect((await place(admin, productId, 1, limited)).statusCode).toBe(200);
      }
    });

    it('holds under concurrent submits: 12 at once from one customer, exactly the limit placed', async () => {
      const hoarder = await registerAccount(limited);
      // Twelve products, so no product's row lock happens to queue the submits.
      const productIds = await Promise.all(
        Array.from({ length: 12 }, () => insertProduct(db, { stock: 100, minimum: 1 })),
      );
      const answers = await Promise.all(
        productIds.map((productId) => place(hoarder, productId, 5, limited)),
      );
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(MAX_UNPAID);
      expect(codes.filter((code) => code === 409)).toHaveLength(12 - MAX_UNPAID);
      const stock = await Promise.all(productIds.map((id) => stockIn(db, id)));
      expect(stock.reduce((sum, units) => sum + units, 0)).toBe(12 * 100 - 5 * MAX_UNPAID);
    });
  });

  describe('no charge for a dead order (built-in gateway)', () => {
    it('an admin deleting an order cancels the intent the customer holds: the card is never charged', async () => {
      const productId = await insertProduct(db, { stock: 30, minimum: 1 });
      const order = await placed(customer, productId, 3);
      const { clientSecret, paymentIntentId } = await intentFor(customer, order._id);

      const del = await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, admin.token);
      expect(del.statusCode, del.body).toBe(200);
      expect(await gatewayStatus(paymentIntentId)).toBe('canceled');
      expect(await stockIn(db, productId)).toBe(30);

      const charge = await confirmCard(customer, clientSecret);
      expectError(charge, 409, 'conflict');
      expect(apiErrorSchema.parse(charge.json()).error.message).toBe(
        orderHoldMessages.intentNotPayable,
      );
      expect(await gatewayStatus(paymentIntentId)).toBe('canceled');
      // The intent's record stays, so a late success could still be matched.
      const kept = await db.kysely
        .selectFrom('payments')
        .select(['order_id', 'status'])
        .where('intent_id', '=', paymentIntentId)
        .executeTakeFirst();
      expect(kept).toEqual({ order_id: order._id, status: 'canceled' });
    });

    it('the customer deleting their own order does the same', async () => {
      const productId = await insertProduct(db, { minimum: 1 });
      const order = await placed(customer, productId);
      const { clientSecret, paymentIntentId } = await intentFor(customer, order._id);
      expect(
        (await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, customer.token))
          .statusCode,
      ).toBe(200);
      expectError(await confirmCard(customer, clientSecret), 409, 'conflict');
      expect(await gatewayStatus(paymentIntentId)).toBe('canceled');
    });

    it('an admin marking an order paid by hand cancels the intent: the card is not charged too', async () => {
      const productId = await insertProduct(db, { minimum: 1 });
      const order = await placed(customer, productId);
      const { clientSecret, paymentIntentId } = await intentFor(customer, order._id);

      const paid = await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await gatewayStatus(paymentIntentId)).toBe('canceled');
      expectError(await confirmCard(customer, clientSecret), 409, 'conflict');
      expect(await stored(order._id)).toMatchObject({
        paymentStatus: 'paid',
        transactionId: expect.stringMatching(/^manual_/),
      });
    });

    it('refuses to charge an intent whose order is already paid another way', async () => {
      const productId = await insertProduct(db, { minimum: 1 });
      const order = await placed(customer, productId);
      const first = await intentFor(customer, order._id);
      // Paid through the intent of another tab is the same order: the first is refused after.
      await db.kysely
        .updateTable('orders')
        .set({ payment_status: 'paid', order_status: 'placed', transaction_id: 'manual_other' })
        .where('id', '=', order._id)
        .execute();
      expectError(await confirmCard(customer, first.clientSecret), 409, 'conflict');
      expect(await gatewayStatus(first.paymentIntentId)).toBe('requires_payment_method');
    });
  });

  describe('a product with orders is archived, not deleted', () => {
    it('cancels its unpaid orders and their intents, says how many first, and never ships them', async () => {
      const productId = await insertProduct(db, { stock: 100, minimum: 1, priceCents: 129_000 });
      const unpaid = await placed(customer, productId, 1);
      const { clientSecret, paymentIntentId } = await intentFor(customer, unpaid._id);
      const paidOrder = await placed(customer, productId, 1);
      expect(
        (await call({ method: 'PUT', url: `/api/order/${paidOrder._id}` }, admin.token)).statusCode,
      ).toBe(200);

      // What the admin's dialog is told; only admins may ask.
      const url = `/api/products/${productId}/open-orders`;
      expect((await call({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call({ method: 'GET', url }, customer.token)).statusCode).toBe(403);
      const open = await call({ method: 'GET', url }, admin.token);
      expect(open.json()).toEqual({ orders: 2, unpaidOrders: 1 });
      expect(
        (
          await call(
            { method: 'GET', url: `/api/products/${'f'.repeat(24)}/open-orders` },
            admin.token,
          )
        ).statusCode,
      ).toBe(404);

      // The public list is kept in memory: archiving must drop it like any write to products.
      const listed = (await call({ method: 'GET', url: '/api/products' })).json() as {
        _id: string;
      }[];
      expect(listed.some((product) => product._id === productId)).toBe(true);
      const listedOn = async (instance: FastifyInstance) =>
        (
          (await call({ method: 'GET', url: '/api/products' }, undefined, instance)).json() as {
            _id: string;
          }[]
        ).some((product) => product._id === productId);
      expect(await listedOn(second)).toBe(true);

      mails.length = 0;
      const del = await call({ method: 'DELETE', url: `/api/products/${productId}` }, admin.token);
      expect(del.statusCode, del.body).toBe(200);
      expect(productDeletedSchema.parse(del.json())).toEqual({
        deletedCount: 1,
        archived: true,
        cancelledOrders: 1,
      });

      // Gone from the catalog, kept for its orders.
      expect((await call({ method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(
        404,
      );
      const list = (await call({ method: 'GET', url: '/api/products' })).json() as {
        _id: string;
      }[];
      expect(list.some((product) => product._id === productId)).toBe(false);
      // The other instance drops its kept list too (PostgreSQL NOTIFY; SQLite data_version).
      await expect.poll(() => listedOn(second)).toBe(false);
      expect((await place(customer, productId, 1)).statusCode).toBe(404);
      expect(
        (await call({ method: 'DELETE', url: `/api/products/${productId}` }, admin.token))
          .statusCode,
      ).toBe(404);

      // The unpaid order: cancelled, its intent too, the card never charged, never shipped.
      expect(await stored(unpaid._id)).toMatchObject({
        orderProduct: productId,
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
      });
      expect(await gatewayStatus(paymentIntentId)).toBe('canceled');
      expectError(await confirmCard(customer, clientSecret), 409, 'conflict');
      expectError(
        await call({ method: 'PUT', url: `/api/ship/${unpaid._id}` }, admin.token),
        409,
        'order_cancelled',
      );
      await app.mailOutbox.runOnce();
      expect(mails.map((mail) => mail.text)).toContainEqual(
        expect.stringContaining(
          orderHoldMessages.cancelledMailText(unpaid.orderPName, 1, 'product-removed'),
        ),
      );
      // The paid one is still shipped.
      expect(
        (await call({ method: 'PUT', url: `/api/ship/${paidOrder._id}` }, admin.token)).statusCode,
      ).toBe(200);
    });
  });

  describe('a late gateway confirmation of a cancelled order', () => {
    /** The order cancelled while the gateway could not be told (as when it was unreachable). */
    async function cancelledBehindTheGateway(orderId: string) {
      const cancelled = await createOrdersRepository(db.kysely, db.dialect).cancel(
        orderId,
        'expired',
      );
      expect(cancelled?.payment_status).toBe('cancelled');
    }

    /** The built-in gateway marking its intent charged, as a card confirmed just before. */
    async function chargedAtTheGateway(intentId: string) {
      await db.kysely
        .updateTable('test_gateway_intents')
        .set({ status: 'succeeded' })
        .where('id', '=', intentId)
        .execute();
    }

    it('takes the stock again and marks the order paid when the stock is still there', async () => {
      const productId = await insertProduct(db, { stock: 10, minimum: 1 });
      const order = await placed(customer, productId, 4);
      const { paymentIntentId } = await intentFor(customer, order._id);
      await chargedAtTheGateway(paymentIntentId);
      await cancelledBehindTheGateway(order._id);
      expect(await stockIn(db, productId)).toBe(10);

      const late = await reportPayment(customer, order._id, paymentIntentId);
      expect(late.statusCode, late.body).toBe(200);
      expect(await stored(order._id)).toMatchObject({
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'placed',
        refundNeeded: false,
        transactionId: paymentIntentId,
      });
      expect(await stockIn(db, productId)).toBe(6);
      expect(
        (await call({ method: 'PUT', url: `/api/ship/${order._id}` }, admin.token)).statusCode,
      ).toBe(200);
    });

    it('keeps the order paid and flags it for a refund when the stock is gone', async () => {
      const productId = await insertProduct(db, { stock: 10, minimum: 1 });
      const order = await placed(customer, productId, 4);
      const { paymentIntentId } = await intentFor(customer, order._id);
      await chargedAtTheGateway(paymentIntentId);
      await cancelledBehindTheGateway(order._id);
      // Someone else buys the stock it gave back.
      await placed(admin, productId, 10);

      const late = await reportPayment(customer, order._id, paymentIntentId);
      expect(late.statusCode, late.body).toBe(200);
      const now = await stored(order._id);
      expect(now).toMatchObject({
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'cancelled',
        refundNeeded: true,
      });
      expect(await stockIn(db, productId)).toBe(0);
      // Not shippable, and the admin's list shows the flag.
      expectError(
        await call({ method: 'PUT', url: `/api/ship/${order._id}` }, admin.token),
        409,
        'order_cancelled',
      );
      const all = orderListSchema.parse(
        (await call({ method: 'GET', url: '/api/orders' }, admin.token)).json(),
      );
      expect(all.find((o) => o._id === order._id)?.refundNeeded).toBe(true);
      // Reported again: nothing changes.
      const again = await reportPayment(customer, order._id, paymentIntentId);
      expect((again.json() as { modifiedCount: number }).modifiedCount).toBe(0);
    });

    it('the expiry worker applies a charge it finds when cancelling the intent', async () => {
      const productId = await insertProduct(db, { stock: 10, minimum: 1 });
      const order = await placed(customer, productId, 4);
      const { paymentIntentId } = await intentFor(customer, order._id);
      await chargedAtTheGateway(paymentIntentId);
      await app.orderExpiry.runOnce(afterTheHold());
      expect(await stored(order._id)).toMatchObject({
        paymentStatus: 'paid',
        orderStatus: 'placed',
        refundNeeded: false,
      });
      expect(await stockIn(db, productId)).toBe(6);
    });
  });
});
