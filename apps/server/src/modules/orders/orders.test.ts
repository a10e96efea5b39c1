import { apiErrorSchema, messages, orderListSchema, orderSchema, type Order } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_AUTH_SECRET } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  expiredToken,
  insertProduct,
  stockIn,
  forgedToken,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';

type Caller =
  'anonymous' | 'expired token' | 'forged token' | 'owner' | 'another customer' | 'admin';

describe.each(testDatabases)('orders and payments API on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;

  const product = (options?: Parameters<typeof insertProduct>[1]) => insertProduct(db, options);

  const stockOf = (id: string) => stockIn(db, id);

  const call = (options: InjectOptions, token?: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  async function placeOrder(account: TestAccount, productId: string, orderQty = 2): Promise<Order> {
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

  async function payWithCard(
    account: TestAccount,
    orderId: string,
    cardNumber = '4242 4242 4242 4242',
  ) {
    const intent = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId } },
      account.token,
    );
    const { clientSecret, paymentIntentId } = intent.json() as {
      clientSecret: string;
      paymentIntentId: string;
    };
    const confirm = await call(
      {
        method: 'POST',
        url: '/api/payments/test/confirm',
        payload: { clientSecret, cardNumber, expiry: '12/34', cvc: '123' },
      },
      account.token,
    );
    return { paymentIntentId, clientSecret, confirm };
  }

  async function paidOrder(account: TestAccount, productId: string) {
    const order = await placeOrder(account, productId);
    const { paymentIntentId } = await payWithCard(account, order._id);
    await call(
      {
        method: 'PATCH',
        url: `/api/order/${order._id}`,
        payload: { transactionId: paymentIntentId },
      },
      account.token,
    );
    return order;
  }

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app, { name: 'Daniel Okafor' });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('access', () => {
    interface Case {
      call: string;
      request: (order: Order, owner: TestAccount) => InjectOptions;
      /** Whether the target order is paid first. */
      paid?: boolean;
      expected: Record<Caller, number>;
    }
    const denied = { anonymous: 401, 'expired token': 401, 'forged token': 401 } as const;
    const cases: Case[] = [
      {
        call: 'POST /api/order',
        request: (o) => ({
          method: 'POST',
          url: '/api/order',
          payload: {
            orderProduct: o.orderProduct,
            phone: '5550100',
            address: 'Somewhere 1',
            orderQty: 2,
          },
        }),
        expected: { ...denied, owner: 200, 'another customer': 200, admin: 200 },
      },
      {
        call: 'GET /api/order?userEmail=',
        request: (_o, owner) => ({
          method: 'GET',
          url: `/api/order?userEmail=${encodeURIComponent(owner.email)}`,
        }),
        expected: { ...denied, owner: 200, 'another customer': 403, admin: 200 },
      },
      {
        call: 'GET /api/orders/{id}',
        request: (o) => ({ method: 'GET', url: `/api/orders/${o._id}` }),
        expected: { ...denied, owner: 200, 'another customer': 403, admin: 200 },
      },
      {
        call: 'GET /api/orders',
        request: () => ({ method: 'GET', url: '/api/orders' }),
        expected: { ...denied, owner: 403, 'another customer': 403, admin: 200 },
      },
      {
        call: 'PUT /api/order/{id}',
        request: (o) => ({ method: 'PUT', url: `/api/order/${o._id}` }),
        expected: { ...denied, owner: 403, 'another customer': 403, admin: 200 },
      },
      {
        call: 'PUT /api/ship/{id}',
        request: (o) => ({ method: 'PUT', url: `/api/ship/${o._id}` }),
        paid: true,
        expected: { ...denied, owner: 403, 'another customer': 403, admin: 200 },
      },
      {
        call: 'DELETE /api/orders/{id}',
        request: (o) => ({ method: 'DELETE', url: `/api/orders/${o._id}` }),
        expected: { ...denied, owner: 200, 'another customer': 403, admin: 200 },
      },
      {
        call: 'POST /api/create-payment-intent',
        request: (o) => ({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { orderId: o._id },
        }),
        expected: { ...denied, owner: 200, 'another customer': 403, admin: 403 },
      },
      {
        call: 'PATCH /api/order/{id}',
        request: (o) => ({
          method: 'PATCH',
          url: `/api/order/${o._id}`,
          payload: { transactionId: 'pi_made_up' },
        }),
        // Allowed callers reach the gateway check, which refuses the made-up id.
        expected: { ...denied, owner: 400, 'another customer': 403, admin: 400 },
      },
    ];

    describe.each(cases)('$call', ({ request, expected, paid }) => {
      it.each(Object.entries(expected) as [Caller, number][])(
        '%s gets %i',
        async (caller, status) => {
          const owner = await registerAccount(app);
          const other = await registerAccount(app);
          const productId = await product();
          const order = paid
            ? await paidOrder(owner, productId)
            : await placeOrder(owner, productId);
          const token: Record<Caller, string | undefined> = {
            anonymous: undefined,
            'expired token': await expiredToken(db, owner, TEST_AUTH_SECRET),
            'forged token': await forgedToken(owner),
            owner: owner.token,
            'another customer': other.token,
            admin: admin.token,
          };
          const res = await call(request(order, owner), token[caller]);
          expect(res.statusCode, res.body).toBe(status);
          if (status >= 400) apiErrorSchema.parse(res.json());
        },
      );
    });
  });

  describe('placing an order', () => {
    it('prices it from the stored unit price, takes the owner from the token, reserves stock', async () => {
      const productId = await product({ stock: 40, minimum: 5, priceCents: 12_900 });
      const res = await call(
        {
          method: 'POST',
          url: '/api/order',
          payload: {
            orderProduct: productId,
            orderPName: 'Something cheaper',
            userEmail: admin.email,
            userName: 'Not me',
            phone: ' +1 (555) 010-0200 ',
            address: '  42 Factory Road, Dongguan  ',
            orderQty: '6',
            orderPrice: 1,
          },
        },
        customer.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { insertedId, order } = res.json() as { insertedId: string; order: Order };
      expect(order).toMatchObject({
        _id: insertedId,
        orderProduct: productId,
        orderPName: expect.stringMatching(/^Test Case/),
        userEmail: customer.email,
        customerEmail: customer.email,
        userName: 'Daniel Okafor',
        customerName: 'Daniel Okafor',
        phone: '+1 (555) 010-0200',
        address: '42 Factory Road, Dongguan',
        orderQty: 6,
        unitPrice: 129,
        orderPrice: 774,
        paid: false,
        paymentStatus: 'pending',
        orderStatus: 'pending',
        transactionId: null,
        trxId: null,
      });
      expect(await stockOf(productId)).toBe(34);
    });

    it('refuses below the minimum and above the stock, changing nothing', async () => {
      const productId = await product({ stock: 10, minimum: 3 });
      const below = await call(
        {
          method: 'POST',
          url: '/api/order',
          payload: { orderProduct: productId, phone: '555', address: 'A', orderQty: 2 },
        },
        customer.token,
      );
      expect(below.statusCode).toBe(400);
      expect(apiErrorSchema.parse(below.json()).error.fields).toEqual({
        orderQty: messages.orderMinimum(3),
      });

      const above = await call(
        {
          method: 'POST',
          url: '/api/order',
          payload: { orderProduct: productId, phone: '555', address: 'A', orderQty: 11 },
        },
        customer.token,
      );
      expect(above.statusCode).toBe(409);
      expect(apiErrorSchema.parse(above.json()).error.message).toBe(messages.orderMaximum(10));
      expect(await stockOf(productId)).toBe(10);
      const mine = await call(
        { method: 'GET', url: `/api/order?userEmail=${customer.email}` },
        customer.token,
      );
      expect(orderListSchema.parse(mine.json()).some((o) => o.orderProduct === productId)).toBe(
        false,
      );
    });

    it.each([
      ['no phone', { phone: '' }, 'phone'],
      ['letters in the phone', { phone: 'call me' }, 'phone'],
      ['no address', { address: '   ' }, 'address'],
      ['a huge address', { address: 'x'.repeat(600) }, 'address'],
      ['no quantity', { orderQty: undefined }, 'orderQty'],
      ['a zero quantity', { orderQty: 0 }, 'orderQty'],
      ['a negative quantity', { orderQty: -4 }, 'orderQty'],
      ['a fractional quantity', { orderQty: 2.5 }, 'orderQty'],
      ['a word for a quantity', { orderQty: 'ten' }, 'orderQty'],
      ['no product', { orderProduct: '' }, 'orderProduct'],
    ])('refuses %s with a field error', async (_label, change, field) => {
      const productId = await product();
      const payload = {
        orderProduct: productId,
        phone: '5550100',
        address: 'Somewhere 1',
        orderQty: 2,
        ...change,
      };
      const res = await call({ method: 'POST', url: '/api/order', payload }, customer.token);
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields?.[field]).toBeDefined();
      expect(await stockOf(productId)).toBe(100);
    });

    it('answers 404 for an unknown or malformed product', async () => {
      for (const orderProduct of ['0123456789abcdef01234567', 'nope']) {
        const res = await call(
          {
            method: 'POST',
            url: '/api/order',
            payload: { orderProduct, phone: '555', address: 'A', orderQty: 1 },
          },
          customer.token,
        );
        expect(res.statusCode).toBe(404);
      }
    });

    it('refuses an order too large for one card payment', async () => {
      const productId = await product({ stock: 1_000_000, minimum: 1, priceCents: 500_000 });
      // The second total is past what a 32-bit integer holds: it must still be a clean 400.
      for (const orderQty of [500, 1_000_000]) {
        const res = await call(
          {
            method: 'POST',
            url: '/api/order',
            payload: { orderProduct: productId, phone: '555', address: 'A', orderQty },
          },
          customer.token,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { fields: { orderQty: expect.any(String) } } });
      }
      expect(await stockOf(productId)).toBe(1_000_000);
    });
  });

  describe('the order lifecycle', () => {
    it('lists the customer orders newest first', async () => {
      const me = await registerAccount(app);
      const productId = await product();
      const first = await placeOrder(me, productId);
      const second = await placeOrder(me, productId);
      const res = await call({ method: 'GET', url: `/api/order?userEmail=${me.email}` }, me.token);
      expect(orderListSchema.parse(res.json()).map((o) => o._id)).toEqual([second._id, first._id]);
      const asAdmin = await call(
        { method: 'GET', url: `/api/order?userEmail=${me.email.toUpperCase()}` },
        admin.token,
      );
      expect(orderListSchema.parse(asAdmin.json()).map((o) => o._id)).toEqual([
        second._id,
        first._id,
      ]);
    });

    it('deletes an unpaid order and gives the stock back; a paid one stays', async () => {
      const productId = await product({ stock: 20 });
      const order = await placeOrder(customer, productId, 4);
      expect(await stockOf(productId)).toBe(16);
      const del = await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, customer.token);
      expect(del.json()).toEqual({ deletedCount: 1 });
      expect(await stockOf(productId)).toBe(20);
      expect(
        (await call({ method: 'GET', url: `/api/orders/${order._id}` }, customer.token)).statusCode,
      ).toBe(404);

      const paid = await paidOrder(customer, productId);
      const refused = await call({ method: 'DELETE', url: `/api/orders/${paid._id}` }, admin.token);
      expect(refused.statusCode).toBe(409);
      expect(apiErrorSchema.parse(refused.json()).error.message).toBe(messages.orderNotPending);
    });

    it('lets an admin mark paid once, then ship once', async () => {
      const order = await placeOrder(customer, await product());
      const early = await call({ method: 'PUT', url: `/api/ship/${order._id}` }, admin.token);
      expect(early.statusCode).toBe(409);

      const paid = await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token);
      expect(paid.json()).toMatchObject({
        modifiedCount: 1,
        order: {
          paid: true,
          paymentStatus: 'paid',
          orderStatus: 'placed',
          trxId: expect.stringMatching(/^manual_/),
        },
      });
      expect(
        (await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token)).statusCode,
      ).toBe(409);

      const shipped = await call({ method: 'PUT', url: `/api/ship/${order._id}` }, admin.token);
      expect(shipped.json()).toMatchObject({ modifiedCount: 1, order: { orderStatus: 'shipped' } });
      expect(
        (await call({ method: 'PUT', url: `/api/ship/${order._id}` }, admin.token)).statusCode,
      ).toBe(409);
    });

    it('answers 404 for unknown and malformed order ids', async () => {
      for (const id of ['0123456789abcdef01234567', 'x']) {
        expect(
          (await call({ method: 'GET', url: `/api/orders/${id}` }, customer.token)).statusCode,
        ).toBe(404);
        expect(
          (await call({ method: 'PUT', url: `/api/ship/${id}` }, admin.token)).statusCode,
        ).toBe(404);
        expect(
          (await call({ method: 'DELETE', url: `/api/orders/${id}` }, admin.token)).statusCode,
        ).toBe(404);
      }
    });
  });

  describe('card payments through the built-in gateway', () => {
    it('pays with 4242 4242 4242 4242 and marks the order paid, once', async () => {
      const order = await placeOrder(customer, await product({ priceCents: 7_400 }), 3);
      const { paymentIntentId, confirm } = await payWithCard(customer, order._id);
      expect(confirm.json()).toEqual({ status: 'succeeded', paymentIntentId });

      const patch = () =>
        call(
          {
            method: 'PATCH',
            url: `/api/order/${order._id}`,
            payload: { transactionId: paymentIntentId, order },
          },
          customer.token,
        );
      const first = await patch();
      expect(first.json()).toMatchObject({
        modifiedCount: 1,
        order: {
          paid: true,
          paymentStatus: 'paid',
          orderStatus: 'placed',
          transactionId: paymentIntentId,
          trxId: paymentIntentId,
        },
      });
      const again = await patch();
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ modifiedCount: 0 });
      const rows = await db.kysely
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', order._id)
        .execute();
      expect(rows.map((r) => [r.intent_id, r.status, r.amount_cents])).toEqual([
        [paymentIntentId, 'succeeded', 22_200],
      ]);

      const more = await call(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        customer.token,
      );
      expect(more.statusCode).toBe(409);
    });

    it('charges the stored amount whatever price the client sends, and reuses the intent', async () => {
      const order = await placeOrder(customer, await product({ priceCents: 1_000 }), 2);
      const ask = () =>
        call(
          {
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: { orderId: order._id, orderPrice: 0.01 },
          },
          customer.token,
        );
      const first = (await ask()).json() as { paymentIntentId: string };
      const second = (await ask()).json() as { paymentIntentId: string };
      expect(second.paymentIntentId).toBe(first.paymentIntentId);
      const intent = await db.kysely
        .selectFrom('test_gateway_intents')
        .selectAll()
        .where('id', '=', first.paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(intent.amount_cents).toBe(2_000);
    });

    it.each([
      ['4000 0000 0000 0002', messages.cardDeclined],
      ['4000 0000 0000 9995', messages.insufficientFunds],
      ['4111 1111 1111 1111', messages.cardDeclined],
      ['4242 4242 4242 4241', 'Your card number is invalid.'],
    ])('declines %s with "%s" and leaves the order unpaid', async (card, message) => {
      const order = await placeOrder(customer, await product());
      const { confirm, paymentIntentId } = await payWithCard(customer, order._id, card);
      expect(confirm.statusCode).toBe(402);
      expect(apiErrorSchema.parse(confirm.json()).error.message).toBe(message);
      const patch = await call(
        {
          method: 'PATCH',
          url: `/api/order/${order._id}`,
          payload: { transactionId: paymentIntentId },
        },
        customer.token,
      );
      expect(patch.statusCode).toBe(409);
      expect(apiErrorSchema.parse(patch.json()).error.message).toBe(messages.paymentNotSucceeded);
    });

    it('refuses an expired card and a malformed form', async () => {
      const order = await placeOrder(customer, await product());
      const intent = (
        await call(
          { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
          customer.token,
        )
      ).json() as { clientSecret: string };
      const confirm = (fields: Record<string, string>) =>
        call(
          {
            method: 'POST',
            url: '/api/payments/test/confirm',
            payload: {
              clientSecret: intent.clientSecret,
              cardNumber: '4242424242424242',
              expiry: '12/34',
              cvc: '123',
              ...fields,
            },
          },
          customer.token,
        );
      const expired = await confirm({ expiry: '01/20' });
      expect(expired.statusCode).toBe(402);
      expect(apiErrorSchema.parse(expired.json()).error.message).toBe(messages.cardExpired);
      for (const fields of [{ expiry: '13/30' }, { cvc: '12' }, { cardNumber: '4242' }] as Record<
        string,
        string
      >[]) {
        expect((await confirm(fields)).statusCode).toBe(400);
      }
    });

    it("refuses a made-up transaction id and another order's payment", async () => {
      const mine = await placeOrder(customer, await product({ priceCents: 5_000 }));
      const other = await placeOrder(customer, await product({ priceCents: 5_000 }));
      const { paymentIntentId } = await payWithCard(customer, other._id);

      const madeUp = await call(
        {
          method: 'PATCH',
          url: `/api/order/${mine._id}`,
          payload: { transactionId: 'pi_test_000' },
        },
        customer.token,
      );
      expect(madeUp.statusCode).toBe(400);
      const foreign = await call(
        {
          method: 'PATCH',
          url: `/api/order/${mine._id}`,
          payload: { transactionId: paymentIntentId },
        },
        customer.token,
      );
      expect(foreign.statusCode).toBe(409);
      expect(apiErrorSchema.parse(foreign.json()).error.message).toBe(messages.paymentMismatch);
      const still = orderSchema.parse(
        (await call({ method: 'GET', url: `/api/orders/${mine._id}` }, customer.token)).json(),
      );
      expect(still.paid).toBe(false);
    });

    it('tells the web app which gateway is active', async () => {
      const res = await call({ method: 'GET', url: '/api/payments/config' });
      expect(res.json()).toEqual({ gateway: 'test', publishableKey: null, testMode: true });
    });
  });

  describe('concurrency', () => {
    it('never oversells: many simultaneous orders against little stock', async () => {
      const stock = 50;
      const quantity = 3;
      const requests = 120;
      const productId = await product({ stock, minimum: 1 });
      const buyers = await Promise.all(Array.from({ length: 6 }, () => registerAccount(app)));
      const results = await Promise.all(
        Array.from({ length: requests }, (_, i) =>
          call(
            {
              method: 'POST',
              url: '/api/order',
              payload: {
                orderProduct: productId,
                phone: '5550100',
                address: 'Rush 1',
                orderQty: quantity,
              },
            },
            buyers[i % buyers.length]!.token,
          ),
        ),
      );
      const accepted = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(accepted.length + refused.length).toBe(requests);
      expect(accepted).toHaveLength(Math.floor(stock / quantity));

      const stored = await db.kysely
        .selectFrom('orders')
        .select(['id', 'quantity'])
        .where('product_id', '=', productId)
        .execute();
      const acceptedIds = accepted
        .map((r) => (r.json() as { insertedId: string }).insertedId)
        .sort();
      expect(stored.map((o) => o.id).sort()).toEqual(acceptedIds);
      const finalStock = await stockOf(productId);
      expect(finalStock).toBe(stock - accepted.length * quantity);
      expect(finalStock).toBeGreaterThanOrEqual(0);
      console.info(
        `[concurrency ${kind.name}] requests=${requests} accepted=${accepted.length} refused=${refused.length} final stock=${finalStock} (start ${stock}, ${quantity} each)`,
      );
    });
  });
});
