import { formatInvoiceNumber, orderSchema, type Order } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';
import { createOrdersRepository } from './orders.repository.js';

/*
 * Issue 22 (defect 2): an order's invoice number is issued in the transaction that marks it
 * paid, from a counter per year: consecutive, never twice, never skipped, whichever path paid it.
 */
describe.each(testDatabases)('invoice numbers on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;
  const year = new Date().getUTCFullYear();

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });
  const repository = () => createOrdersRepository(shop.db.kysely, shop.db.dialect);

  /** An order placed by the admin (whose unpaid orders are not limited). */
  async function placeOrder(account = admin): Promise<Order> {
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId: await insertProduct(shop.db), quantity: 2 }],
          phone: '+1 555 0100',
          address: '1 Main St, Springfield',
        },
      },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  const shown = async (id: string) =>
    orderSchema.parse(
      (await call({ method: 'GET', url: `/api/orders/${id}` }, admin.token)).json(),
    );

  const counter = async () =>
    (
      await shop.db.kysely
        .selectFrom('invoice_counters')
        .select('last')
        .where('year', '=', year)
        .executeTakeFirst()
    )?.last ?? 0;

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Dana Keller' });
  });

  it('an unpaid order has no invoice; Mark Paid issues the next number, due at once, nothing owed', async () => {
    const order = await placeOrder();
    expect(order.invoice).toBeNull();
    const before = await counter();
    const res = await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const paid = await shown(order._id);
    expect(paid.invoice).toEqual({
      number: formatInvoiceNumber(year, before + 1),
      issuedAt: paid.paidAt,
      dueAt: paid.paidAt,
      amountDue: 0,
      onAccount: null,
    });
    expect(paid.invoice?.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    // Marked paid again: refused, and the number stays the one it had.
    expect(
      (await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token)).statusCode,
    ).toBe(409);
    expect((await shown(order._id)).invoice).toEqual(paid.invoice);
    expect(await counter()).toBe(before + 1);
  });

  it('concurrent payments of many orders take consecutive numbers: no gap, no duplicate', async () => {
    const orders: Order[] = [];
    for (let n = 0; n < 16; n += 1) orders.push(await placeOrder());
    const before = await counter();
    const orderRepository = repository();
    const results = await Promise.all(
      orders.map((order, n) => orderRepository.markPaid(order._id, `pi_race_${n}`)),
    );
    expect(results.every((result) => result.changed)).toBe(true);
    const numbers = (await Promise.all(orders.map((order) => shown(order._id)))).map(
      (order) => order.invoice?.number,
    );
    expect(new Set(numbers).size).toBe(orders.length);
    expect([...numbers].sort()).toEqual(
      orders.map((_, n) => formatInvoiceNumber(year, before + n + 1)),
    );
    expect(await counter()).toBe(before + orders.length);
  });

  it('a payment whose transaction rolls back gives its number back: the next one takes it', async () => {
    const [failing, next] = [await placeOrder(), await placeOrder()];
    const before = await counter();
    await expect(
      repository().markPaid(failing._id, 'pi_rolled_back', async () => {
        throw new Error('the payment row could not be written');
      }),
    ).rejects.toThrow('could not be written');
    expect((await shown(failing._id)).invoice).toBeNull();
    expect(await counter()).toBe(before);
    await repository().markPaid(next._id, 'pi_next');
    expect((await shown(next._id)).invoice?.number).toBe(formatInvoiceNumber(year, before + 1));
  });

  it('a card payment through the gateway issues the number; the order answers it', async () => {
    const order = await placeOrder(customer);
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
    const before = await counter();
    const paid = await call(
      {
        method: 'PATCH',
        url: `/api/order/${order._id}`,
        payload: { transactionId: paymentIntentId },
      },
      customer.token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const answered = orderSchema.parse((paid.json() as { order: unknown }).order);
    expect(answered.invoice?.number).toBe(formatInvoiceNumber(year, before + 1));
    expect(answered.invoice?.amountDue).toBe(0);
  });

  it('a late payment after the cancellation (DESIGN.md section 11) is paid, so it is invoiced too', async () => {
    const order = await placeOrder();
    const orderRepository = repository();
    expect(await orderRepository.cancel(order._id, 'expired')).toBeDefined();
    expect((await shown(order._id)).invoice).toBeNull();
    const before = await counter();
    const late = await orderRepository.markPaidAfterCancel(order._id, 'pi_late', async () => {});
    expect(late.changed).toBe(true);
    const paid = await shown(order._id);
    expect(paid.paid).toBe(true);
    expect(paid.invoice?.number).toBe(formatInvoiceNumber(year, before + 1));
    // A second report of the same success changes nothing, the number included.
    expect(
      (await orderRepository.markPaidAfterCancel(order._id, 'pi_late', async () => {})).changed,
    ).toBe(false);
    expect(await counter()).toBe(before + 1);
  });
});
