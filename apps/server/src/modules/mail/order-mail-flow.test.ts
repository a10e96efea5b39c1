import { orderHoldMessages, orderMailMessages, orderSchema, type Order } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../auth/mailer.js';
import { buildTestApp, testConfig } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  confirmAddress,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';
import { freePort, startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';

/*
 * The order mails end to end: orders placed, paid, shipped and cancelled write their mails to the
 * outbox, and the app's worker delivers them to a local SMTP server, which is down at first.
 */
describe.each(testDatabases)('order mail from placing to shipping on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;
  let port: number;
  let smtp: TestSmtp | undefined;

  const call = (options: InjectOptions, token?: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const outboxRows = () => db.kysely.selectFrom('mail_outbox').selectAll().execute();

  beforeAll(async () => {
    db = await kind.open();
    port = await freePort();
    const overrides = {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://shop.example.com',
      MAIL_RETRY_BASE_MS: '1000',
    };
    app = await buildTestApp(db, overrides, {
      mailer: createMailer(testConfig(overrides), pino({ level: 'silent' }), {
        connectionTimeout: 500,
        greetingTimeout: 500,
        socketTimeout: 1_000,
      }),
    });
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app, { name: 'Daniel Okafor' });
    // Order mail goes only to a confirmed address.
    await confirmAddress(db, customer.email);
  });
  afterAll(async () => {
    await app.close();
    await smtp?.close();
    await db.drop();
  });

  it('an order placed while the mail server is down succeeds; its mail arrives once it is back', async () => {
    const [first, second] = [
      await insertProduct(db, { priceCents: 4_850 }),
      await insertProduct(db, { priceCents: 7_400 }),
    ];
    const placed = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [
            { productId: first, quantity: 4 },
            { productId: second, quantity: 2 },
          ],
          phone: '+1 555 0100',
          address: '1 Main St, Springfield',
          poNumber: 'PO-7731',
        },
      },
      customer.token,
    );
    expect(placed.statusCode).toBe(201);
    const order = orderSchema.parse((placed.json() as { order: unknown }).order);

    const t0 = new Date();
    expect(await app.mailOutbox.runOnce(t0)).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRows()).toMatchObject([
      { kind: 'order-placed', order_id: order._id, attempts: 1, sent_at: null },
    ]);

    smtp = await startTestSmtp({ port });
    expect(await app.mailOutbox.runOnce(new Date(t0.getTime() + 1_000))).toEqual({
      sent: 1,
      failed: 0,
    });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.subject).toBe(`Order ${order.orderNumber} placed: ${order.orderPName}`);
    expect(mail?.text).toContain(`4 x ${order.lines[0]?.productName} at $48.50 = $194.00`);
    expect(mail?.text).toContain(`2 x ${order.lines[1]?.productName} at $74.00 = $148.00`);
    expect(mail?.text).toContain('Order total: $342.00');
    expect(mail?.text).toContain('PO number: PO-7731');
    expect(mail?.text).toContain(`https://shop.example.com/dashboard/payment/${order._id}`);
    expect(mail?.html).toContain(`https://shop.example.com/dashboard/orders/${order._id}`);

    // Paid by card, then shipped with tracking: a receipt and a shipping notice, once each.
    const transactionId = await payWithCard(order);
    const shipped = await call(
      {
        method: 'PUT',
        url: `/api/ship/${order._id}`,
        payload: { carrier: 'DHL Express', trackingNumber: 'JD014600003' },
      },
      admin.token,
    );
    expect(shipped.statusCode).toBe(200);
    expect(await app.mailOutbox.runOnce()).toEqual({ sent: 2, failed: 0 });
    expect(await app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);
    const receipt = smtp.received.find((one) => one.subject.startsWith('Receipt'));
    expect(receipt?.text).toContain(`Transaction ID: ${transactionId}`);
    expect(receipt?.text).toContain('Amount paid: $342.00');
    const notice = smtp.received.find((one) => one.subject.includes('has shipped'));
    expect(notice?.text).toContain('Carrier: DHL Express');
    expect(notice?.text).toContain('Tracking number: JD014600003');
    const rows = await outboxRows();
    expect(rows.map((row) => row.kind).sort()).toEqual([
      'order-paid',
      'order-placed',
      'order-shipped',
    ]);
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);
  });

  it('a cancellation while the mail server is down is mailed once it is back', async () => {
    await smtp?.close();
    smtp = undefined;
    const placed = await call(
      {
        method: 'POST',
        url: '/api/order',
        payload: {
          orderProduct: await insertProduct(db, { minimum: 1 }),
          orderQty: 3,
          phone: '+1 555 0100',
          address: '1 Main St, Springfield',
        },
      },
      customer.token,
    );
    expect(placed.statusCode).toBe(200);
    const order = orderSchema.parse((placed.json() as { order: unknown }).order);
    // Not paid in time: the expiry cancels it, and its mail is written in that transaction.
    const later = new Date(Date.now() + 30 * 24 * 3_600_000);
    expect(await app.orderExpiry.runOnce(later)).toBeGreaterThanOrEqual(1);
    const mine = async () =>
      (await outboxRows()).filter((row) => row.order_id === order._id).map((row) => row.kind);
    expect((await mine()).sort()).toEqual(['order-cancelled', 'order-placed']);

    const t0 = new Date();
    expect((await app.mailOutbox.runOnce(t0)).sent).toBe(0);
    expect(
      (await outboxRows()).find(
        (row) => row.kind === 'order-cancelled' && row.order_id === order._id,
      ),
    ).toMatchObject({ sent_at: null, failed_at: null });

    smtp = await startTestSmtp({ port });
    // The worker's passes, each after the last one's backoff, until both mails are settled.
    const unsent = async () =>
      (await outboxRows()).filter((row) => row.order_id === order._id && row.sent_at === null);
    for (let pass = 1; pass <= 5 && (await unsent()).length > 0; pass += 1) {
      await app.mailOutbox.runOnce(new Date(t0.getTime() + pass * 60_000));
    }
    expect(await unsent()).toEqual([]);
    expect(await app.mailOutbox.runOnce(new Date(t0.getTime() + 10 * 60_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    const cancellations = smtp.received.filter(
      (one) =>
        one.subject === orderMailMessages.cancelledSubject(order.orderNumber, order.orderPName),
    );
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]?.to).toEqual([customer.email]);
    expect(cancellations[0]?.text).toContain(
      orderHoldMessages.cancelledMailText(order.orderPName, 3, 'expired'),
    );
  });

  async function payWithCard(order: Order): Promise<string> {
    const intent = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
      customer.token,
    );
    const { clientSecret, paymentIntentId } = intent.json() as {
      clientSecret: string;
      paymentIntentId: string;
    };
    await call(
      {
        method: 'POST',
        url: '/api/payments/test/confirm',
        payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      },
      customer.token,
    );
    const paid = await call(
      {
        method: 'PATCH',
        url: `/api/order/${order._id}`,
        payload: { transactionId: paymentIntentId },
      },
      customer.token,
    );
    expect(paid.statusCode).toBe(200);
    return paymentIntentId;
  }
});
