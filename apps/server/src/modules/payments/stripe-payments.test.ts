import { apiErrorSchema, orderSchema, type Order } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { bearer, insertProduct, registerAccount, type TestAccount } from '../../test/factories.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_shop';

describe.each(testDatabases)('Stripe payments through the app on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let stripe: StripeStandIn;
  let customer: TestAccount;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    db = await kind.open();
    app = await buildTestApp(db, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    customer = await registerAccount(app);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    await stripe.close();
  });

  async function order(): Promise<Order> {
    const productId = await insertProduct(db, { minimum: 1, priceCents: 2_599 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer.token),
      payload: { orderProduct: productId, phone: '555', address: 'A street 1', orderQty: 2 },
    });
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  async function intentFor(orderId: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(customer.token),
      payload: { orderId, orderPrice: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { clientSecret: string; paymentIntentId: string };
  }

  function webhook(
    intentId: string,
    { secret = WEBHOOK_SECRET, type = 'payment_intent.succeeded' } = {},
  ) {
    const intent = stripe.intents.get(intentId);
    const payload = JSON.stringify({
      id: `evt_${newId()}`,
      object: 'event',
      type,
      data: { object: intent },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  const stored = async (id: string) =>
    orderSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/orders/${id}`,
          headers: bearer(customer.token),
        })
      ).json(),
    );

  it('tells the web app to use Stripe with its publishable key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({
      gateway: 'stripe',
      publishableKey: 'pk_test_shop',
      testMode: false,
    });
  });

  it('creates the intent for the stored amount with the order id, and marks paid once Stripe says so', async () => {
    const o = await order();
    const { clientSecret, paymentIntentId } = await intentFor(o._id);
    expect(clientSecret).toContain('_secret_');
    const sent = stripe.intents.get(paymentIntentId)!;
    expect(sent.amount).toBe(5_198);
    expect(sent.metadata).toMatchObject({ orderId: o._id });

    const patch = () =>
      app.inject({
        method: 'PATCH',
        url: `/api/order/${o._id}`,
        headers: bearer(customer.token),
        payload: { transactionId: paymentIntentId },
      });
    expect((await patch()).statusCode).toBe(409);
    stripe.succeed(paymentIntentId);
    expect((await patch()).json()).toMatchObject({
      modifiedCount: 1,
      order: { paid: true, trxId: paymentIntentId },
    });
  });

  it('marks the order paid from the webhook alone, exactly once when delivered three times', async () => {
    const o = await order();
    const { paymentIntentId } = await intentFor(o._id);
    stripe.succeed(paymentIntentId);
    const deliveries = await Promise.all([
      webhook(paymentIntentId),
      webhook(paymentIntentId),
      webhook(paymentIntentId),
    ]);
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200]);
    expect(await stored(o._id)).toMatchObject({
      paid: true,
      paymentStatus: 'paid',
      transactionId: paymentIntentId,
    });
    const rows = await db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', o._id)
      .execute();
    expect(rows.map((r) => [r.intent_id, r.status])).toEqual([[paymentIntentId, 'succeeded']]);
  });

  it('refuses a webhook with a bad signature, and ignores other events', async () => {
    const o = await order();
    const { paymentIntentId } = await intentFor(o._id);
    stripe.succeed(paymentIntentId);
    const forged = await webhook(paymentIntentId, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    apiErrorSchema.parse(forged.json());
    const other = await webhook(paymentIntentId, { type: 'payment_intent.created' });
    expect(other.statusCode).toBe(200);
    expect((await stored(o._id)).paid).toBe(false);
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    const offline = await buildTestApp(db, {
      STRIPE_SECRET_KEY: gone.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_API_URL: gone.url,
    });
    const o = await order();
    const res = await offline.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(customer.token),
      payload: { orderId: o._id },
    });
    expect(res.statusCode).toBe(503);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('unavailable');
    await offline.close();
  });

  it('refuses a made-up payment intent id', async () => {
    const o = await order();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/order/${o._id}`,
      headers: bearer(customer.token),
      payload: { transactionId: 'pi_madeup123' },
    });
    expect(res.statusCode).toBe(400);
  });
});
