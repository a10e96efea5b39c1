import { orderModifiedSchema, orderSchema, type Order } from '@shop/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { bearer, insertProduct, registerAccount, type TestAccount } from '../../test/factories.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_races';

/** Fresh orders per race; each round is a new chance for the two writers to interleave. */
const ROUNDS = 20;

/** Lets the event loop turn `turns` times, so the second caller starts at a different point. */
async function yieldTurns(turns: number): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * The page's report (`PATCH /api/order/{id}`) and Stripe's webhook for the same succeeded
 * intent racing each other. The webhook delivered three times at once is covered by
 * stripe-payments.test.ts on both databases.
 */
describe.each(testDatabases)('payment races on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let stripe: StripeStandIn;
  let customer: TestAccount;
  let productId: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    db = await kind.open();
    app = await buildTestApp(db, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_races',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      // The races make more payment calls per minute than a person would.
      PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    });
    customer = await registerAccount(app);
    productId = await insertProduct(db, { stock: 10_000, minimum: 1, priceCents: 2_599 });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await stripe?.close();
  });

  /** A fresh order with a succeeded Stripe intent, as after Stripe.js confirmed the card. */
  async function paidAtStripe(): Promise<{ order: Order; intentId: string }> {
    const placed = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer.token),
      payload: { orderProduct: productId, phone: '555', address: 'A street 1', orderQty: 2 },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = orderSchema.parse((placed.json() as { order: unknown }).order);
    const intent = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(customer.token),
      payload: { orderId: order._id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { paymentIntentId } = intent.json() as { paymentIntentId: string };
    stripe.succeed(paymentIntentId);
    return { order, intentId: paymentIntentId };
  }

  /**
   * Waits until the stand-in has been asked for this intent (the report's gateway check), so a
   * webhook started then reaches the database at about the same moment as the report.
   */
  async function reportAskedStripe(intentId: string): Promise<void> {
    const asked = () =>
      stripe.requests.some(
        (request) => request.method === 'GET' && request.path === `/v1/payment_intents/${intentId}`,
      );
    while (!asked()) await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }

  const patch = (orderId: string, transactionId: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: bearer(customer.token),
      payload: { transactionId },
    });

  function webhook(intentId: string): Promise<LightMyRequestResponse> {
    const payload = JSON.stringify({
      id: `evt_${newId()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: stripe.intents.get(intentId) },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  /** The order as stored, and every payment row of it. */
  async function storedPayment(orderId: string) {
    const order = await db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const payments = await db.kysely
      .selectFrom('payments')
      .select(['intent_id', 'status', 'amount_cents'])
      .where('order_id', '=', orderId)
      .execute();
    return { order, payments };
  }

  /** Paid exactly once: one succeeded payment row for the one intent, and that intent's id. */
  async function expectPaidOnce(order: Order, intentId: string) {
    const stored = await storedPayment(order._id);
    expect(stored.order).toMatchObject({
      payment_status: 'paid',
      order_status: 'placed',
      transaction_id: intentId,
    });
    expect(stored.payments).toEqual([
      { intent_id: intentId, status: 'succeeded', amount_cents: order.orderPrice * 100 },
    ]);
  }

  it(`marks the order paid once when the page's report and the webhook arrive together (${ROUNDS} rounds)`, async () => {
    let reportWon = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { order, intentId } = await paidAtStripe();
      // The report asks Stripe before it writes, so a webhook sent at once nearly always wins;
      // every other round the webhook waits for that question, then a few more turns, so the
      // two writes meet in the database in both orders.
      const waitForReport = round % 2 === 1;
      const turns = Math.floor(round / 2) % 5;
      const [report, delivery] = await Promise.all([
        patch(order._id, intentId),
        (async () => {
          if (waitForReport) await reportAskedStripe(intentId);
          await yieldTurns(turns);
          return webhook(intentId);
        })(),
      ]);

      expect(report.statusCode, report.body).toBe(200);
      expect(delivery.statusCode, delivery.body).toBe(200);
      expect(delivery.json()).toEqual({ received: true });
      // The report answers the order as paid whether it or the webhook got there first.
      const answered = orderModifiedSchema.parse(report.json());
      expect(answered.order).toMatchObject({
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'placed',
        transactionId: intentId,
      });
      expect([0, 1]).toContain(answered.modifiedCount);
      reportWon += answered.modifiedCount;
      await expectPaidOnce(order, intentId);
      // Whoever won, the payment is applied: the page reporting it again changes nothing.
      const again = orderModifiedSchema.parse((await patch(order._id, intentId)).json());
      expect(again.modifiedCount).toBe(0);
      await expectPaidOnce(order, intentId);
    }
    console.info(
      `[payment races ${kind.name}] report+webhook: ${ROUNDS} rounds, report applied first ${reportWon}, webhook first ${ROUNDS - reportWon}`,
    );
  });

  it(`marks the order paid once when two reports and three webhook deliveries arrive together (${ROUNDS / 4} rounds)`, async () => {
    for (let round = 0; round < ROUNDS / 4; round += 1) {
      const { order, intentId } = await paidAtStripe();
      const answers = await Promise.all([
        patch(order._id, intentId),
        webhook(intentId),
        patch(order._id, intentId),
        webhook(intentId),
        webhook(intentId),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const reports = [answers[0], answers[2]].map((answer) =>
        orderModifiedSchema.parse(answer?.json()),
      );
      // At most one of the reports applied the payment (the webhooks may have beaten both).
      expect(reports.reduce((sum, r) => sum + r.modifiedCount, 0)).toBeLessThanOrEqual(1);
      await expectPaidOnce(order, intentId);
    }
  });
});
