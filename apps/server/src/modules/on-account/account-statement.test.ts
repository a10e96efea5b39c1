import {
  apiErrorSchema,
  invoicePaymentRecordedSchema,
  onAccountMessages,
  orderCreatedSchema,
  statementSchema,
  type Order,
} from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';
import { createCompaniesRepository } from '../companies/companies.repository.js';

const DAY = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Issue 33 point 4, ux 2026-11-28 #17: the statement is an account statement. For a period: the
 * opening balance, every invoice of the company (those paid at once shown as paid), every
 * payment recorded, and the closing balance, which for a period ending today is the company's
 * balance.
 */
describe.each(testDatabases)('the account statement on $name', (kind) => {
  const shop = withShop(kind, {
    config: { INVOICE_BANK_DETAILS: 'Bank: First Harbour Bank; IBAN: DE02 1203 0000 0000 2020 51' },
  });
  let admin: TestAccount;
  let boss: TestAccount;
  let buyer: TestAccount;
  let outsider: TestAccount;
  let companyId: string;
  let productId: string;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });
  const statement = (query: string, token = boss.token) =>
    call({ method: 'GET', url: `/api/companies/${companyId}/statement${query}` }, token);

  /** An order of `quantity` x $10 placed by the buyer in the company. */
  async function place(quantity: number): Promise<Order> {
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId, quantity }],
          phone: '+49 40 123456',
          address: '1 Dock Road\nHamburg',
        },
      },
      buyer.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderCreatedSchema.parse(res.json()).order;
  }

  async function onAccount(quantity: number): Promise<Order> {
    const order = await place(quantity);
    const res = await call(
      { method: 'POST', url: `/api/orders/${order._id}/invoice-payment` },
      buyer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return order;
  }

  async function byCard(quantity: number): Promise<Order> {
    const order = await place(quantity);
    const intent = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
      buyer.token,
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
      buyer.token,
    );
    const paid = await call(
      {
        method: 'PATCH',
        url: `/api/order/${order._id}`,
        payload: { transactionId: paymentIntentId },
      },
      buyer.token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    return order;
  }

  async function record(order: Order, amount: string, reference: string) {
    const res = await call(
      {
        method: 'POST',
        url: `/api/orders/${order._id}/invoice-payments`,
        payload: { amount, reference, receivedAt: dayOf(Date.now()) },
      },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return invoicePaymentRecordedSchema.parse(res.json());
  }

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    boss = await registerAccount(shop.app, { label: 'boss', name: 'Berta Boss' });
    buyer = await registerAccount(shop.app, { label: 'buyer', name: 'Bob Buyer' });
    outsider = await registerAccount(shop.app, { label: 'outsider', name: 'Otto Outsider' });
    const companies = createCompaniesRepository(shop.db.kysely, shop.db.dialect);
    const created = await companies.create(await userIdOf(shop.db, boss), {
      name: 'Acme Systems GmbH',
      vatId: 'DE123456789',
      billingAddress: '1 Dock Road\nHamburg',
    });
    if (created === 'already-in-company') throw new Error('already in a company');
    companyId = created.id;
    await shop.db.kysely
      .insertInto('company_members')
      .values({
        user_id: await userIdOf(shop.db, buyer),
        company_id: companyId,
        role: 'buyer',
        order_limit_cents: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    productId = await insertProduct(shop.db, { stock: 100_000, minimum: 1, priceCents: 1_000 });
    const terms = await call(
      {
        method: 'PUT',
        url: `/api/companies/${companyId}/terms`,
        payload: { days: 30, creditLimit: '10,000' },
      },
      admin.token,
    );
    expect(terms.statusCode, terms.body).toBe(200);
  });

  it('ux 2026-11-28 #17: lists every invoice and payment between the balances, which agree with the company’s', async () => {
    const a = await onAccount(10); // $100, part paid
    const b = await onAccount(5); // $50, paid in full
    const c = await byCard(2); // $20, paid by card when it was issued
    await record(a, '30', 'BANK-A1');
    await record(b, '50.00', 'BANK-B1');

    const res = await statement('');
    expect(res.statusCode, res.body).toBe(200);
    const body = statementSchema.parse(res.json());
    const today = dayOf(Date.now());
    expect(body.account).toMatchObject({
      from: dayOf(Date.now() - 89 * DAY),
      to: today,
      openingBalance: 0,
      closingBalance: 70,
    });
    expect(body.account.closingBalance).toBe(body.balance);
    // The open invoices stay as they were: only A is still to pay.
    expect(body.invoices.map((invoice) => invoice.orderId)).toEqual([a._id]);

    const entries = body.account.entries.map((entry) => [
      entry.kind,
      entry.orderId,
      entry.paidAtOnce,
      entry.status,
      entry.charge,
      entry.payment,
      entry.balance,
    ]);
    expect(entries).toEqual([
      ['invoice', a._id, false, 'open', 100, 0, 100],
      ['invoice', b._id, false, 'paid', 50, 0, 150],
      ['invoice', c._id, true, 'paid', 20, 20, 150],
      ['payment', a._id, false, null, 0, 30, 120],
      ['payment', b._id, false, null, 0, 50, 70],
    ]);
    const [invoiceA, , invoiceC, paymentA] = body.account.entries;
    expect(invoiceA?.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(invoiceC?.reference).toMatch(/\S/);
    expect(paymentA).toMatchObject({
      reference: 'BANK-A1',
      at: `${today}T00:00:00.000Z`,
      invoiceNumber: invoiceA?.invoiceNumber,
      orderNumber: a.orderNumber,
    });
  });

  it('ux 2026-11-28 #17: opens a later period on the balance before it, and an earlier one on nothing', async () => {
    const now = statementSchema.parse((await statement('')).json());
    const tomorrow = dayOf(Date.now() + DAY);
    const later = statementSchema.parse(
      (await statement(`?from=${tomorrow}&to=${tomorrow}`)).json(),
    );
    expect(later.account).toEqual({
      from: tomorrow,
      to: tomorrow,
      openingBalance: now.balance,
      closingBalance: now.balance,
      entries: [],
    });
    const yesterday = dayOf(Date.now() - DAY);
    const earlier = statementSchema.parse(
      (await statement(`?from=${yesterday}&to=${yesterday}`, admin.token)).json(),
    );
    expect(earlier.account).toMatchObject({ openingBalance: 0, closingBalance: 0, entries: [] });
    // A period of today alone holds everything, and closes on the balance again.
    const today = dayOf(Date.now());
    const todayOnly = statementSchema.parse((await statement(`?from=${today}&to=${today}`)).json());
    expect(todayOnly.account.entries).toHaveLength(now.account.entries.length);
    expect(todayOnly.account.closingBalance).toBe(now.balance);
  });

  it('ux 2026-11-28 #17: refuses a period it cannot read, naming the field', async () => {
    for (const [query, field, message] of [
      ['?from=2026-02-30', 'from', onAccountMessages.periodDateInvalid],
      ['?from=1.11.2026', 'from', onAccountMessages.periodDateInvalid],
      ['?from=2026-11-10&to=2026-11-01', 'to', onAccountMessages.periodOrder],
      ['?from=2024-01-01&to=2026-01-01', 'from', onAccountMessages.periodTooLong],
    ] as const) {
      const res = await statement(query);
      expect(res.statusCode, query).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.code).toBe('validation_failed');
      expect(error.fields, query).toEqual({ [field]: message });
    }
    expect((await statement('', outsider.token)).statusCode).toBe(403);
    expect((await statement('')).statusCode).toBe(200);
  });
});
