import {
  apiErrorSchema,
  formatDocumentDate,
  invoiceMessages,
  orderSchema,
  DEFAULT_SELLER,
  type Order,
} from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { testDatabases } from '../../test/databases.js';
import { withShop } from '../../test/shop.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';
import { pdfPages } from '../../test/pdf-text.js';

describe.each(testDatabases)('order invoices on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;
  let other: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  async function placeOrder(account: TestAccount, productId: string, orderQty = 4): Promise<Order> {
    const res = await call(
      {
        method: 'POST',
        url: '/api/order',
        payload: {
          orderProduct: productId,
          phone: '+1 555 0100',
          address: '1 Main St, Springfield',
          orderQty,
        },
      },
      account.token,
    );
    if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  /** Pays through the built-in test gateway, as the payment page does; answers the intent id. */
  async function payWithCard(account: TestAccount, orderId: string): Promise<string> {
    const intent = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId } },
      account.token,
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
      account.token,
    );
    const paid = await call(
      {
        method: 'PATCH',
        url: `/api/order/${orderId}`,
        payload: { transactionId: paymentIntentId },
      },
      account.token,
    );
    if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
    return paymentIntentId;
  }

  const invoice = (orderId: string, token?: string) =>
    call({ method: 'GET', url: `/api/orders/${orderId}/invoice` }, token);

  async function invoiceText(orderId: string, token = customer.token): Promise<string[]> {
    const res = await invoice(orderId, token);
    expect(res.statusCode).toBe(200);
    return pdfPages(res.rawPayload);
  }

  /** An order of several lines through POST /api/orders, as the checkout places it. */
  async function placeLines(
    account: TestAccount,
    lines: { productId: string; quantity: number }[],
    poNumber?: string,
  ): Promise<Order> {
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: { lines, phone: '+1 555 0100', address: '1 Main St, Springfield', poNumber },
      },
      account.token,
    );
    if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Daniel Okafor' });
    other = await registerAccount(shop.app, { label: 'other', name: 'Other Customer' });
  });

  describe('access', () => {
    let order: Order;
    beforeAll(async () => {
      order = await placeOrder(customer, await insertProduct(shop.db));
    });

    it('refuses anonymous callers (401)', async () => {
      const res = await invoice(order._id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    });

    it('refuses another customer (403), without a byte of the invoice', async () => {
      const res = await invoice(order._id, other.token);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).not.toContain('%PDF');
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [newId(), 'not-an-order-id', '6742b1c09f3a2b1c4d5e6f7']) {
        const res = await invoice(id, customer.token);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    });

    it('gives the owner and an admin the pro-forma of an unpaid order, named as one', async () => {
      for (const token of [customer.token, admin.token]) {
        const res = await invoice(order._id, token);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="pro-forma-${order.orderNumber}.pdf"`,
        );
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    });

    it('gives the owner and an admin the invoice of a paid order, named after its number', async () => {
      const paid = await placeOrder(customer, await insertProduct(shop.db));
      await payWithCard(customer, paid._id);
      const { invoice: issued } = (
        await call({ method: 'GET', url: `/api/orders/${paid._id}` }, customer.token)
      ).json() as Order;
      expect(issued?.number).toMatch(/^\d{4}-\d{6}$/);
      for (const token of [customer.token, admin.token]) {
        const res = await invoice(paid._id, token);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="invoice-${issued?.number}.pdf"`,
        );
      }
      expect((await invoice(paid._id)).statusCode).toBe(401);
      expect((await invoice(paid._id, other.token)).statusCode).toBe(403);
    });
  });

  describe('content', () => {
    it('an unpaid order: a pro-forma without a number; seller, buyer, lines, total, UNPAID', async () => {
      const productId = await insertProduct(shop.db, { priceCents: 4_850, stock: 50 });
      const order = await placeLines(customer, [{ productId, quantity: 4 }], 'PO-7731');
      const [page, ...more] = await invoiceText(order._id);
      expect(more).toHaveLength(0);
      for (const expected of [
        'PRO-FORMA INVOICE',
        'Not an invoice: no invoice number.',
        `Order ${order.orderNumber}`,
        DEFAULT_SELLER.name,
        ...DEFAULT_SELLER.address,
        DEFAULT_SELLER.vatNumber,
        DEFAULT_SELLER.email,
        'Daniel Okafor',
        customer.email,
        '+1 555 0100',
        '1 Main St, Springfield',
        'PO-7731',
        order.lines[0]!.productName,
        '$48.50',
        '$194.00',
        'UNPAID',
        formatDocumentDate(order.placedAt),
        'Page 1 of 1',
      ]) {
        expect(page, expected).toContain(expected);
      }
      expect(page).not.toContain('PAID - transaction');
      expect(page).not.toContain('Invoice number');
      expect(page).not.toContain('Invoice date');
      expect(page).not.toMatch(/\b\d{4}-\d{6}\b/);
      expect(page).toContain('Amount due (USD) $194.00');
    });

    it('an order cancelled before it was paid has no document: 409 with its code, for everyone', async () => {
      const order = await placeOrder(customer, await insertProduct(shop.db), 4);
      // Not paid in time: the expiry cancels it (the orders before it in this file are done).
      expect(
        await shop.app.orderExpiry.runOnce(new Date(Date.now() + 30 * 24 * 3_600_000)),
      ).toBeGreaterThanOrEqual(1);
      for (const token of [customer.token, admin.token]) {
        const res = await invoice(order._id, token);
        expect(res.statusCode).toBe(409);
        expect(apiErrorSchema.parse(res.json()).error).toEqual({
          code: 'no_invoice_for_cancelled_order',
          message: invoiceMessages.noInvoiceForCancelled,
        });
        expect(res.body).not.toContain('%PDF');
      }
      // Access comes first: another customer still learns nothing.
      expect((await invoice(order._id, other.token)).statusCode).toBe(403);
      expect((await invoice(order._id)).statusCode).toBe(401);
    });

    it('a paid and shipped order: PAID with the transaction id, the dates, the tracking', async () => {
      const order = await placeOrder(
        customer,
        await insertProduct(shop.db, { priceCents: 120_000 }),
        4,
      );
      const transactionId = await payWithCard(customer, order._id);
      const shipped = await call(
        {
          method: 'PUT',
          url: `/api/ship/${order._id}`,
          payload: { carrier: 'DHL Express', trackingNumber: 'JD014600003' },
        },
        admin.token,
      );
      expect(shipped.statusCode).toBe(200);
      const now = (
        await call({ method: 'GET', url: `/api/orders/${order._id}` }, customer.token)
      ).json() as Order;
      const [page] = await invoiceText(order._id, admin.token);
      expect(page).toContain(`PAID - transaction ${transactionId}`);
      expect(page).not.toContain('UNPAID');
      expect(page).toContain('$4,800.00');
      expect(page).toContain(`Paid ${formatDocumentDate(now.paidAt!)}`);
      expect(page).toContain(`Shipped ${formatDocumentDate(now.shippedAt!)}`);
      expect(page).toContain('DHL Express');
      expect(page).toContain('JD014600003');
    });

    describe('finding 17: a paid order that will not ship says the money goes back', () => {
      /** Paid by card, then marked as the late-payment path leaves it (DESIGN.md section 11). */
      async function paidThen(status: 'cancelled' | 'placed'): Promise<[Order, string]> {
        const order = await placeOrder(
          customer,
          await insertProduct(shop.db, { priceCents: 5_000 }),
          4,
        );
        const transactionId = await payWithCard(customer, order._id);
        await shop.db.kysely
          .updateTable('orders')
          .set({ order_status: status, refund_needed: shop.db.dialect === 'postgres' ? true : 1 })
          .where('id', '=', order._id)
          .execute();
        return [order, transactionId];
      }

      it('paid after its cancellation with the stock gone: CANCELLED, the payment to be refunded', async () => {
        const [order, transactionId] = await paidThen('cancelled');
        const shown = (
          await call({ method: 'GET', url: `/api/orders/${order._id}` }, customer.token)
        ).json() as Order;
        expect(shown).toMatchObject({ orderStatus: 'cancelled', refundNeeded: true, paid: true });
        const [page] = await invoiceText(order._id);
        expect(page).toContain(
          `CANCELLED - the payment of $200.00 (transaction ${transactionId}) is to be refunded`,
        );
        expect(page).not.toContain('PAID - transaction');
      });

      it('paid twice: PAID, and the second payment to be refunded', async () => {
        const [order, transactionId] = await paidThen('placed');
        const [page] = await invoiceText(order._id);
        expect(page).toContain(
          `PAID - transaction ${transactionId}; a second payment was received and is to be refunded`,
        );
      });
    });

    it('an order of 50 lines runs over several pages, every line and the total on them', async () => {
      const products = [];
      for (let n = 0; n < 50; n += 1)
        products.push(await insertProduct(shop.db, { priceCents: 1_250 }));
      const order = await placeLines(
        customer,
        products.map((productId) => ({ productId, quantity: 10 })),
      );
      expect(order.lines).toHaveLength(50);
      const pages = await invoiceText(order._id);
      expect(pages.length).toBeGreaterThan(1);
      const all = pages.join(' ');
      for (const line of order.lines) expect(all).toContain(line.productName);
      expect(all.match(/\$125\.00/g)).toHaveLength(50);
      expect(all.match(/\$12\.50/g)).toHaveLength(50);
      // 50 x $125.00, after the last line.
      expect(pages.at(-1)).toContain('Total (USD) $6,250.00');
      pages.forEach((page, index) => {
        expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
        expect(page).toContain(`Pro-forma invoice - Order ${order.orderNumber}`);
      });
      // The table's head again on every further page.
      for (const page of pages.slice(1)) expect(page).toContain('Product (continued)');
    });

    it('prints names outside the PDF fonts as question marks rather than nonsense', async () => {
      const order = await placeOrder(customer, await insertProduct(shop.db), 4);
      await shop.db.kysely
        .updateTable('order_lines')
        .set({ product_name: 'Gehäuse 机箱 <b>Pro</b>' })
        .where('order_id', '=', order._id)
        .execute();
      const [page] = await invoiceText(order._id);
      expect(page).toContain('Gehäuse ?? <b>Pro</b>');
    });
  });
});
