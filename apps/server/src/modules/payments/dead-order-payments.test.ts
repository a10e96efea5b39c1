import { apiErrorSchema, orderHoldMessages, orderSchema, type Order } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  stockIn,
  type TestAccount,
} from '../../test/factories.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createOrdersRepository } from '../orders/orders.repository.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_dead_orders';
const HOLD_MINUTES = 60;
const afterTheHold = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);

/**
 * Issue 10, point 5 with Stripe (its local stand-in): deleting an order, marking it paid by hand,
 * its expiry and its product's removal cancel the customer's open PaymentIntent, and a charge
 * that still happened is applied or flagged for a refund, never lost.
 */
describe.each(testDatabases)('no charge for a dead order, with Stripe, on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let stripe: StripeStandIn;
  let admin: TestAccount;
  let customer: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    db = await kind.open();
    app = await buildTestApp(db, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_dead_orders',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      ORDER_HOLD_MINUTES: String(HOLD_MINUTES),
    });
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await stripe?.close();
  });

  async function orderWithIntent(stock = 100, quantity = 2) {
    const productId = await insertProduct(db, { stock, minimum: 1, priceCents: 2_599 });
    const placed = await call(
      {
        method: 'POST',
        url: '/api/order',
        payload: {
          orderProduct: productId,
          phone: '555',
          address: 'A street 1',
          orderQty: quantity,
        },
      },
      customer.token,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const order = orderSchema.parse((placed.json() as { order: unknown }).order);
    const intent = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
      customer.token,
    );
    expect(intent.statusCode, intent.body).toBe(200);
    const { paymentIntentId } = intent.json() as { paymentIntentId: string };
    return { productId, order, intentId: paymentIntentId };
  }

  const canceledAtStripe = (intentId: string) =>
    stripe.requests.some(
      (request) =>
        request.method === 'POST' && request.path === `/v1/payment_intents/${intentId}/cancel`,
    ) && stripe.intents.get(intentId)?.status === 'canceled';

  async function stored(id: string): Promise<Order> {
    const res = await call({ method: 'GET', url: `/api/orders/${id}` }, admin.token);
    return orderSchema.parse(res.json());
  }

  function webhook(intentId: string) {
    const payload = JSON.stringify({
      id: `evt_${newId()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: stripe.intents.get(intentId) },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('an admin deleting the order cancels its PaymentIntent at Stripe', async () => {
    const { order, intentId } = await orderWithIntent();
    const del = await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, admin.token);
    expect(del.statusCode, del.body).toBe(200);
    expect(canceledAtStripe(intentId)).toBe(true);
  });

  it('an admin marking the order paid by hand cancels its PaymentIntent at Stripe', async () => {
    const { order, intentId } = await orderWithIntent();
    const paid = await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(canceledAtStripe(intentId)).toBe(true);
    expect((await stored(order._id)).transactionId).toMatch(/^manual_/);
  });

  it('a card charged just before the admin marks paid counts, and the admin is told (no second payment)', async () => {
    const { order, intentId } = await orderWithIntent();
    stripe.succeed(intentId);
    const paid = await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token);
    expect(paid.statusCode).toBe(409);
    expect(apiErrorSchema.parse(paid.json()).error.message).toBe(
      orderHoldMessages.paidByCardMeanwhile,
    );
    expect(await stored(order._id)).toMatchObject({
      paymentStatus: 'paid',
      transactionId: intentId,
      refundNeeded: false,
    });
  });

  it('a card charged just before the admin deletes the order pays it instead: the order stays', async () => {
    const { order, intentId } = await orderWithIntent();
    stripe.succeed(intentId);
    const del = await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, admin.token);
    expect(del.statusCode).toBe(409);
    expect(await stored(order._id)).toMatchObject({
      paymentStatus: 'paid',
      transactionId: intentId,
    });
  });

  it('a deletion is refused with 503, changing nothing, while Stripe cannot be reached', async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    const offline = await buildTestApp(db, {
      STRIPE_SECRET_KEY: gone.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_dead_orders',
      STRIPE_API_URL: gone.url,
    });
    const { order } = await orderWithIntent();
    const del = await offline.inject({
      method: 'DELETE',
      url: `/api/orders/${order._id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(503);
    expect((await stored(order._id)).paymentStatus).toBe('pending');
    await offline.close();
  });

  it('the expiry cancels the PaymentIntent with the order', async () => {
    const { order, intentId } = await orderWithIntent();
    await app.orderExpiry.runOnce(afterTheHold());
    expect((await stored(order._id)).paymentStatus).toBe('cancelled');
    expect(canceledAtStripe(intentId)).toBe(true);
  });

  it("archiving a product cancels its unpaid orders' PaymentIntents", async () => {
    const { productId, order, intentId } = await orderWithIntent();
    const del = await call({ method: 'DELETE', url: `/api/products/${productId}` }, admin.token);
    expect(del.json()).toEqual({ deletedCount: 1, archived: true, cancelledOrders: 1 });
    expect((await stored(order._id)).orderStatus).toBe('cancelled');
    expect(canceledAtStripe(intentId)).toBe(true);
  });

  describe('a late webhook for an order cancelled while Stripe could not be told', () => {
    const cancelBehindStripe = async (orderId: string) => {
      await createOrdersRepository(db.kysely, db.dialect).cancel(orderId, 'expired');
    };

    it('takes the stock again and marks it paid when the stock is still there', async () => {
      const { productId, order, intentId } = await orderWithIntent(10, 4);
      stripe.succeed(intentId);
      await cancelBehindStripe(order._id);
      expect(await stockIn(db, productId)).toBe(10);
      expect((await webhook(intentId)).statusCode).toBe(200);
      expect(await stored(order._id)).toMatchObject({
        paymentStatus: 'paid',
        orderStatus: 'placed',
        refundNeeded: false,
      });
      expect(await stockIn(db, productId)).toBe(6);
    });

    it('keeps it paid, unshippable and flagged for a refund when the stock is gone', async () => {
      const { productId, order, intentId } = await orderWithIntent(10, 4);
      stripe.succeed(intentId);
      await cancelBehindStripe(order._id);
      await db.kysely
        .updateTable('products')
        .set({ aqty: 1 })
        .where('id', '=', productId)
        .execute();
      expect((await webhook(intentId)).statusCode).toBe(200);
      expect(await stored(order._id)).toMatchObject({
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'cancelled',
        refundNeeded: true,
      });
      expect(await stockIn(db, productId)).toBe(1);
      expect(
        (await call({ method: 'PUT', url: `/api/ship/${order._id}` }, admin.token)).statusCode,
      ).toBe(409);
      // Delivered again: nothing changes.
      expect((await webhook(intentId)).statusCode).toBe(200);
      expect(await stockIn(db, productId)).toBe(1);
    });
  });
});
