import {
  apiErrorSchema,
  companyAccountModifiedSchema,
  invoicePaymentListSchema,
  invoicePaymentRecordedSchema,
  orderCreatedSchema,
  formatDocumentDate,
  orderModifiedSchema,
  onAccountMessages,
  orderSchema,
  statementSchema,
  type Order,
} from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestDb } from '../../test/databases.js';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  unpaidOrdersOf,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';
import { buildTestApp } from '../../test/build-app.js';
import { pdfPages } from '../../test/pdf-text.js';
import { withShop } from '../../test/shop.js';
import { createCompaniesRepository } from '../companies/companies.repository.js';
import { renderOrderMail } from '../mail/order-mail.js';

const DAY = 86_400_000;

/** A company made for a test: its admin creates it, the others join it with a role. */
export async function makeCompany(
  db: TestDb,
  admin: TestAccount,
  buyers: TestAccount[] = [],
  vatId: string | null = 'DE123456789',
): Promise<string> {
  const companies = createCompaniesRepository(db.kysely, db.dialect);
  const created = await companies.create(await userIdOf(db, admin), {
    name: `Acme ${Math.random().toString(16).slice(2, 8)}`,
    vatId,
    billingAddress: '1 Dock Road\nHamburg',
  });
  if (created === 'already-in-company') throw new Error('already in a company');
  for (const buyer of buyers) {
    await db.kysely
      .insertInto('company_members')
      .values({
        user_id: await userIdOf(db, buyer),
        company_id: created.id,
        role: 'buyer',
        order_limit_cents: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  return created.id;
}

describe.each(testDatabases)('paying on account on $name', (kind) => {
  let clock = new Date();
  const shop = withShop(kind, {
    config: { INVOICE_BANK_DETAILS: 'Bank: First Harbour Bank; IBAN: DE02 1203 0000 0000 2020 51' },
    deps: { now: () => clock },
  });
  let admin: TestAccount;
  let companyAdmin: TestAccount;
  let buyer: TestAccount;
  let secondBuyer: TestAccount;
  let outsider: TestAccount;
  let otherAdmin: TestAccount;
  let companyId: string;
  let otherCompanyId: string;
  let productId: string;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  /** An order of `quantity` x $10 placed by `account` through the API, in its company. */
  async function place(account: TestAccount, quantity = 10): Promise<Order> {
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
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = orderCreatedSchema.parse(res.json()).order;
    return order;
  }

  const setTerms = (id: string, body: unknown, token = admin.token) =>
    call({ method: 'PUT', url: `/api/companies/${id}/terms`, payload: body as object }, token);
  const setHold = (id: string, onHold: boolean, token = admin.token) =>
    call({ method: 'PUT', url: `/api/companies/${id}/hold`, payload: { onHold } }, token);
  const payByInvoice = (orderId: string, token: string) =>
    call({ method: 'POST', url: `/api/orders/${orderId}/invoice-payment` }, token);
  const record = (orderId: string, body: unknown, token = admin.token) =>
    call(
      { method: 'POST', url: `/api/orders/${orderId}/invoice-payments`, payload: body as object },
      token,
    );
  const statement = (id: string, token?: string) =>
    call({ method: 'GET', url: `/api/companies/${id}/statement` }, token);
  const orderRow = (id: string) =>
    shop.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const balanceOf = async (id: string) =>
    Number(
      (
        await shop.db.kysely
          .selectFrom('companies')
          .select('balance_cents')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    );
  const codeOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error;
  const today = () => clock.toISOString().slice(0, 10);

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    companyAdmin = await registerAccount(shop.app, { label: 'company-admin', name: 'Cora Admin' });
    buyer = await registerAccount(shop.app, { label: 'buyer', name: 'Ben Buyer' });
    secondBuyer = await registerAccount(shop.app, { label: 'buyer2', name: 'Bea Buyer' });
    outsider = await registerAccount(shop.app, { label: 'outsider', name: 'Otto Outsider' });
    otherAdmin = await registerAccount(shop.app, { label: 'other', name: 'Olga Other' });
    companyId = await makeCompany(shop.db, companyAdmin, [buyer, secondBuyer]);
    otherCompanyId = await makeCompany(shop.db, otherAdmin, []);
    productId = await insertProduct(shop.db, { stock: 1_000_000, minimum: 1, priceCents: 1_000 });
    expect((await setTerms(companyId, { days: 30, creditLimit: 1000 })).statusCode).toBe(200);
    expect((await setTerms(otherCompanyId, { days: 7, creditLimit: 500 })).statusCode).toBe(200);
  });

  describe('PUT /api/companies/{id}/terms', () => {
    it('grants terms; the company shows them with its balance and available credit', async () => {
      const res = await setTerms(companyId, { days: '30', creditLimit: '1000' });
      expect(res.statusCode, res.body).toBe(200);
      const { company } = companyAccountModifiedSchema.parse(res.json());
      expect(company).toMatchObject({
        _id: companyId,
        terms: { days: 30, creditLimit: 1000 },
        onHold: false,
      });
      expect(company.availableCredit).toBe(1000 - company.balance);
    });

    it('removes them with nulls, and grants them again', async () => {
      const removed = companyAccountModifiedSchema.parse(
        (await setTerms(otherCompanyId, { days: null, creditLimit: null })).json(),
      );
      expect(removed.company).toMatchObject({ terms: null, availableCredit: 0 });
      const again = await setTerms(otherCompanyId, { days: 7, creditLimit: 500 });
      expect(companyAccountModifiedSchema.parse(again.json()).company.terms).toEqual({
        days: 7,
        creditLimit: 500,
      });
    });

    it.each([
      [{ days: 10, creditLimit: 1000 }, 'days'],
      [{ days: 30, creditLimit: 0 }, 'creditLimit'],
      [{ days: 30, creditLimit: -5 }, 'creditLimit'],
      [{ days: 30, creditLimit: 10.005 }, 'creditLimit'],
      [{ days: 30, creditLimit: 20_000_000 }, 'creditLimit'],
      [{ days: 30, creditLimit: 'lots' }, 'creditLimit'],
      [{ days: null, creditLimit: 1000 }, 'days'],
      [{ days: 30, creditLimit: null }, 'creditLimit'],
      [{ creditLimit: 1000 }, 'days'],
      [{ days: 30 }, 'creditLimit'],
    ])('refuses %j naming %s, and changes nothing', async (body, field) => {
      const before = await shop.db.kysely
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow();
      const res = await setTerms(companyId, body);
      expect(res.statusCode).toBe(400);
      const error = codeOf(res.body);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {})).toContain(field);
      const after = await shop.db.kysely
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });

    it('is for shop admins only; an unknown company is a 404', async () => {
      const body = { days: 90, creditLimit: 1_000_000 };
      expect((await setTerms(companyId, body, '')).statusCode).toBe(401);
      expect((await setTerms(companyId, body, companyAdmin.token)).statusCode).toBe(403);
      expect((await setTerms(companyId, body, buyer.token)).statusCode).toBe(403);
      expect((await setTerms(companyId, body, outsider.token)).statusCode).toBe(403);
      expect((await setTerms('0123456789abcdef01234567', body)).statusCode).toBe(404);
      expect((await setTerms('not-an-id', body)).statusCode).toBe(404);
    });
  });

  describe('POST /api/orders/{id}/invoice-payment', () => {
    it('pays on account: invoiced, placed, numbered, due in N days, the balance grows once', async () => {
      const userId = await userIdOf(shop.db, buyer);
      const order = await place(buyer, 10);
      const balance = await balanceOf(companyId);
      const unpaid = await unpaidOrdersOf(shop.db, userId);
      const res = await payByInvoice(order._id, buyer.token);
      expect(res.statusCode, res.body).toBe(200);
      const paid = orderModifiedSchema.parse(res.json()).order;
      expect(paid).toMatchObject({
        paymentStatus: 'invoiced',
        paid: false,
        orderStatus: 'placed',
        expiresAt: null,
      });
      const invoice = paid.invoice!;
      expect(invoice.number).toMatch(/^\d{4}-\d{6}$/);
      expect(invoice.amountDue).toBe(100);
      expect(Date.parse(invoice.dueAt) - Date.parse(invoice.issuedAt)).toBe(30 * DAY);
      expect(invoice.onAccount).toMatchObject({ termsDays: 30, vatId: 'DE123456789' });
      expect(await balanceOf(companyId)).toBe(balance + 10_000);
      // It leaves the unpaid count exactly once (the triggers of migrations 0013/0014).
      expect(await unpaidOrdersOf(shop.db, userId)).toBe(unpaid - 1);
      // The buyer's invoice mail is in the outbox, written with the change.
      const mail = await shop.db.kysely
        .selectFrom('mail_outbox')
        .selectAll()
        .where('order_id', '=', order._id)
        .where('kind', '=', 'order-invoiced')
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]!.recipient).toBe(buyer.email);
      const rendered = renderOrderMail(
        'order-invoiced',
        orderSchema.parse(JSON.parse(mail[0]!.payload)),
        {
          publicUrl: 'https://shop.example',
        },
      );
      expect(rendered.subject).toBe(
        `Invoice ${invoice.number} for order ${order.orderNumber}: due ${formatDocumentDate(invoice.dueAt)}`,
      );
      expect(rendered.text).toContain('Net 30 days');
      expect(rendered.text).toContain('Amount due: $100.00');
      // A row of the previous release (no `onAccount` in its invoice) still reads.
      const previous = JSON.parse(mail[0]!.payload) as { invoice: Record<string, unknown> };
      delete previous.invoice['onAccount'];
      expect(orderSchema.parse(previous).invoice?.onAccount).toBeNull();

      const again = await payByInvoice(order._id, buyer.token);
      expect(again.statusCode).toBe(409);
      expect(codeOf(again.body).code).toBe('order_already_invoiced');
      // Neither a card nor a shop admin's Mark Paid pays it again: money is recorded instead.
      const card = await call(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        buyer.token,
      );
      expect(card.statusCode).toBe(409);
      const byHand = await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token);
      expect(byHand.statusCode).toBe(409);
      expect(codeOf(byHand.body).code).toBe('order_already_invoiced');
      expect(await balanceOf(companyId)).toBe(balance + 10_000);
    });

    it('lets a company admin pay a buyer’s order, but not another buyer', async () => {
      const order = await place(buyer, 1);
      const other = await payByInvoice(order._id, secondBuyer.token);
      expect(other.statusCode).toBe(403);
      const res = await payByInvoice(order._id, companyAdmin.token);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses more than the available credit with 409, and changes nothing', async () => {
      const available = statementSchema.parse(
        (await statement(companyId, buyer.token)).json(),
      ).availableCredit;
      const order = await place(buyer, Math.floor(available / 10) + 1);
      const balance = await balanceOf(companyId);
      const res = await payByInvoice(order._id, buyer.token);
      expect(res.statusCode).toBe(409);
      expect(codeOf(res.body).code).toBe('credit_limit_exceeded');
      const row = await orderRow(order._id);
      expect(row).toMatchObject({ payment_status: 'pending', invoice_number: null });
      expect(row.expires_at).not.toBeNull();
      expect(await balanceOf(companyId)).toBe(balance);
    });

    it('refuses a company on hold (409 credit_hold) until the hold is lifted', async () => {
      const order = await place(buyer, 1);
      expect((await setHold(companyId, true)).statusCode).toBe(200);
      const held = await payByInvoice(order._id, buyer.token);
      expect(held.statusCode).toBe(409);
      expect(codeOf(held.body).code).toBe('credit_hold');
      const lifted = companyAccountModifiedSchema.parse((await setHold(companyId, false)).json());
      expect(lifted.company.onHold).toBe(false);
      expect((await payByInvoice(order._id, buyer.token)).statusCode).toBe(200);
    });

    it('security 2026-11-28 #17: a hold set by hand says so, not "because of an overdue invoice"', async () => {
      const order = await place(buyer, 1);
      expect((await setHold(companyId, true)).statusCode).toBe(200);
      const balance = await balanceOf(companyId);
      const held = await payByInvoice(order._id, buyer.token);
      expect(held.statusCode).toBe(409);
      const error = codeOf(held.body);
      expect(error.code).toBe('credit_hold');
      expect(error.message).toBe(onAccountMessages.creditHoldByShop);
      expect(error.message).not.toMatch(/overdue/);
      expect((await orderRow(order._id)).payment_status).toBe('pending');
      expect(await balanceOf(companyId)).toBe(balance);
      expect((await setHold(companyId, false)).statusCode).toBe(200);
      expect((await payByInvoice(order._id, buyer.token)).statusCode).toBe(200);
    });

    it('refuses an order awaiting approval (409 approval_required)', async () => {
      const order = await place(buyer, 1);
      await shop.db.kysely
        .updateTable('orders')
        .set({ approval_status: 'awaiting_approval' })
        .where('id', '=', order._id)
        .execute();
      const res = await payByInvoice(order._id, buyer.token);
      expect(res.statusCode).toBe(409);
      expect(codeOf(res.body).code).toBe('approval_required');
      expect((await orderRow(order._id)).payment_status).toBe('pending');
    });

    it('refuses a cancelled order and an order paid by card', async () => {
      const cancelled = await place(buyer, 1);
      await shop.db.kysely
        .updateTable('orders')
        .set({ payment_status: 'cancelled', order_status: 'cancelled' })
        .where('id', '=', cancelled._id)
        .execute();
      const res = await payByInvoice(cancelled._id, buyer.token);
      expect(res.statusCode).toBe(409);
      expect(codeOf(res.body).code).toBe('order_cancelled');
      const paid = await place(buyer, 1);
      expect(
        (await call({ method: 'PUT', url: `/api/order/${paid._id}` }, admin.token)).statusCode,
      ).toBe(200);
      const again = await payByInvoice(paid._id, buyer.token);
      expect(again.statusCode).toBe(409);
      expect(codeOf(again.body).code).toBe('order_already_paid');
    });

    it('is 403 no_payment_terms outside a company with terms', async () => {
      const mine = await place(outsider, 1);
      const res = await payByInvoice(mine._id, outsider.token);
      expect(res.statusCode).toBe(403);
      expect(codeOf(res.body).code).toBe('no_payment_terms');
      // A company whose terms were removed.
      await setTerms(otherCompanyId, { days: null, creditLimit: null });
      const theirs = await place(otherAdmin, 1);
      const removed = await payByInvoice(theirs._id, otherAdmin.token);
      expect(removed.statusCode).toBe(403);
      expect(codeOf(removed.body).code).toBe('no_payment_terms');
      await setTerms(otherCompanyId, { days: 7, creditLimit: 500 });
      expect((await payByInvoice(theirs._id, otherAdmin.token)).statusCode).toBe(200);
    });

    it('is refused to anonymous callers, strangers and another company (nothing changes)', async () => {
      const order = await place(buyer, 1);
      expect((await payByInvoice(order._id, '')).statusCode).toBe(401);
      expect((await payByInvoice(order._id, outsider.token)).statusCode).toBe(403);
      expect((await payByInvoice(order._id, otherAdmin.token)).statusCode).toBe(403);
      expect((await payByInvoice('0123456789abcdef01234567', buyer.token)).statusCode).toBe(404);
      expect((await payByInvoice('nope', buyer.token)).statusCode).toBe(404);
      expect((await orderRow(order._id)).payment_status).toBe('pending');
    });

    it('never takes the balance above the limit, however many pay at once', async () => {
      // A fresh company: limit $500, twelve orders of $100 paid together.
      const boss = await registerAccount(shop.app, { label: 'race-admin' });
      const raceCompany = await makeCompany(shop.db, boss, []);
      await setTerms(raceCompany, { days: 15, creditLimit: 500 });
      const orders = [];
      for (let i = 0; i < 12; i += 1) orders.push(await place(boss, 10));
      const results = await Promise.all(orders.map((o) => payByInvoice(o._id, boss.token)));
      const accepted = results.filter((r) => r.statusCode === 200).length;
      expect(accepted).toBe(5);
      for (const r of results.filter((res) => res.statusCode !== 200)) {
        expect(codeOf(r.body).code).toBe('credit_limit_exceeded');
      }
      const open = await shop.db.kysely
        .selectFrom('orders')
        .select((eb) => eb.fn.sum<string>('invoice_amount_due_cents').as('due'))
        .where('company_id', '=', raceCompany)
        .where('payment_status', '=', 'invoiced')
        .executeTakeFirstOrThrow();
      expect(await balanceOf(raceCompany)).toBe(50_000);
      expect(Number(open.due)).toBe(50_000);
    });
  });

  describe('POST /api/orders/{id}/invoice-payments', () => {
    let order: Order;
    beforeAll(async () => {
      const raw = await place(buyer, 10);
      order = orderModifiedSchema.parse((await payByInvoice(raw._id, buyer.token)).json()).order;
    });

    it('adds partial payments up; at 0 the order is paid with the last reference', async () => {
      const balance = await balanceOf(companyId);
      const first = await record(order._id, {
        amount: 30,
        reference: 'TRF-001',
        receivedAt: today(),
      });
      expect(first.statusCode, first.body).toBe(201);
      const one = invoicePaymentRecordedSchema.parse(first.json());
      expect(one.payment).toMatchObject({ amount: 30, reference: 'TRF-001', orderId: order._id });
      expect(one.order).toMatchObject({ paymentStatus: 'invoiced', paid: false });
      expect(one.order.invoice?.amountDue).toBe(70);
      expect(await balanceOf(companyId)).toBe(balance - 3_000);

      const tooMuch = await record(order._id, {
        amount: 70.01,
        reference: 'TRF-X',
        receivedAt: today(),
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(Object.keys(codeOf(tooMuch.body).fields ?? {})).toEqual(['amount']);

      const last = await record(order._id, {
        amount: '70',
        reference: 'TRF-002',
        receivedAt: clock.toISOString(),
      });
      expect(last.statusCode, last.body).toBe(201);
      const two = invoicePaymentRecordedSchema.parse(last.json());
      expect(two.order).toMatchObject({
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'placed',
        trxId: 'TRF-002',
      });
      expect(two.order.invoice?.amountDue).toBe(0);
      expect(await balanceOf(companyId)).toBe(balance - 10_000);

      const list = await call(
        { method: 'GET', url: `/api/orders/${order._id}/invoice-payments` },
        buyer.token,
      );
      expect(invoicePaymentListSchema.parse(list.json()).map((p) => p.reference)).toEqual([
        'TRF-001',
        'TRF-002',
      ]);
      const after = await record(order._id, { amount: 1, reference: 'x', receivedAt: today() });
      expect(after.statusCode).toBe(409);
      expect(codeOf(after.body).code).toBe('order_not_invoiced');
    });

    it('never overshoots when recordings arrive together', async () => {
      const raw = await place(buyer, 10);
      await payByInvoice(raw._id, buyer.token);
      const balance = await balanceOf(companyId);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          record(raw._id, { amount: 30, reference: `R-${i}`, receivedAt: today() }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(3);
      const row = await orderRow(raw._id);
      expect(Number(row.invoice_amount_due_cents)).toBe(1_000);
      expect(await balanceOf(companyId)).toBe(balance - 9_000);
    });

    it.each([
      [{ amount: 0, reference: 'a', receivedAt: '2026-01-01' }, 'amount'],
      [{ amount: 'ten', reference: 'a', receivedAt: '2026-01-01' }, 'amount'],
      [{ amount: 1.001, reference: 'a', receivedAt: '2026-01-01' }, 'amount'],
      [{ amount: 1, reference: '  ', receivedAt: '2026-01-01' }, 'reference'],
      [{ amount: 1, reference: 'a\nb', receivedAt: '2026-01-01' }, 'reference'],
      [{ amount: 1, reference: 'x'.repeat(101), receivedAt: '2026-01-01' }, 'reference'],
      [{ amount: 1, reference: 'a', receivedAt: 'yesterday' }, 'receivedAt'],
      [{ amount: 1, reference: 'a', receivedAt: '2999-01-01' }, 'receivedAt'],
      [{ amount: 1, reference: 'a' }, 'receivedAt'],
    ])('refuses %j naming %s', async (body, field) => {
      const raw = await place(buyer, 1);
      await payByInvoice(raw._id, buyer.token);
      const res = await record(raw._id, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(codeOf(res.body).fields ?? {})).toContain(field);
      expect(Number((await orderRow(raw._id)).invoice_amount_due_cents)).toBe(1_000);
    });

    it("security 2026-11-28 #15: a payment dated before the invoice's date is refused, naming receivedAt", async () => {
      const raw = await place(buyer, 1);
      const invoiced = orderModifiedSchema.parse(
        (await payByInvoice(raw._id, buyer.token)).json(),
      ).order;
      const issuedDay = (await orderRow(invoiced._id)).invoice_issued_at;
      const issued = new Date(issuedDay ?? '').toISOString().slice(0, 10);
      const dayBefore = new Date(Date.parse(issued) - DAY).toISOString().slice(0, 10);
      const balance = await balanceOf(companyId);
      for (const receivedAt of ['1900-01-01', dayBefore, `${dayBefore}T23:59:59Z`]) {
        const res = await record(invoiced._id, { amount: 1, reference: 'OLD', receivedAt });
        expect(res.statusCode, res.body).toBe(400);
        const error = codeOf(res.body);
        expect(error.code).toBe('validation_failed');
        expect(error.fields?.receivedAt).toBe(onAccountMessages.receivedBeforeInvoice(issued));
      }
      // Nothing changed: no payment, the same amount due and balance.
      expect(Number((await orderRow(invoiced._id)).invoice_amount_due_cents)).toBe(1_000);
      expect(await balanceOf(companyId)).toBe(balance);
      const none = await call(
        { method: 'GET', url: `/api/orders/${invoiced._id}/invoice-payments` },
        admin.token,
      );
      expect(invoicePaymentListSchema.parse(none.json())).toEqual([]);
      // The day of issue itself is fine, at any hour.
      const sameDay = await record(invoiced._id, {
        amount: 1,
        reference: 'SAME-DAY',
        receivedAt: `${issued}T00:00:00Z`,
      });
      expect(sameDay.statusCode, sameDay.body).toBe(201);
    });

    it('is for shop admins; the payments list for whoever sees the order', async () => {
      const body = { amount: 1, reference: 'a', receivedAt: today() };
      expect((await record(order._id, body, '')).statusCode).toBe(401);
      expect((await record(order._id, body, buyer.token)).statusCode).toBe(403);
      expect((await record(order._id, body, companyAdmin.token)).statusCode).toBe(403);
      expect((await record('0123456789abcdef01234567', body)).statusCode).toBe(404);
      const unpaid = await place(buyer, 1);
      const notInvoiced = await record(unpaid._id, body);
      expect(notInvoiced.statusCode).toBe(409);
      expect(codeOf(notInvoiced.body).code).toBe('order_not_invoiced');
      const list = (token: string) =>
        call({ method: 'GET', url: `/api/orders/${order._id}/invoice-payments` }, token);
      expect((await list('')).statusCode).toBe(401);
      expect((await list(outsider.token)).statusCode).toBe(403);
      expect((await list(admin.token)).statusCode).toBe(200);
    });
  });

  describe('GET /api/companies/{id}/statement', () => {
    it('shows the open invoices, the balance and the available credit to members and admins', async () => {
      const raw = await place(buyer, 2);
      const paid = orderModifiedSchema.parse((await payByInvoice(raw._id, buyer.token)).json());
      for (const token of [buyer.token, companyAdmin.token, admin.token]) {
        const res = await statement(companyId, token);
        expect(res.statusCode).toBe(200);
        const body = statementSchema.parse(res.json());
        const line = body.invoices.find((invoice) => invoice.orderId === raw._id);
        expect(line).toMatchObject({
          invoiceNumber: paid.order.invoice?.number,
          orderNumber: raw.orderNumber,
          amountDue: 20,
          total: 20,
          overdue: false,
          daysOverdue: 0,
        });
        const due = body.invoices.reduce(
          (sum, invoice) => sum + Math.round(invoice.amountDue * 100),
          0,
        );
        expect(Math.round(body.balance * 100)).toBe(due);
        expect(body.availableCredit).toBe(Math.max(0, 1000 - body.balance));
        expect(body.terms).toEqual({ days: 30, creditLimit: 1000 });
      }
    });

    it('is refused to anonymous callers, outsiders and another company', async () => {
      expect((await statement(companyId)).statusCode).toBe(401);
      expect((await statement(companyId, outsider.token)).statusCode).toBe(403);
      expect((await statement(companyId, otherAdmin.token)).statusCode).toBe(403);
      expect((await statement('0123456789abcdef01234567', admin.token)).statusCode).toBe(404);
    });
  });

  describe('the invoice PDF of an order paid on account', () => {
    it('shows the terms, the due date, the company, its VAT id and the bank details', async () => {
      const raw = await place(buyer, 3);
      await payByInvoice(raw._id, buyer.token);
      const res = await call({ method: 'GET', url: `/api/orders/${raw._id}/invoice` }, buyer.token);
      expect(res.statusCode).toBe(200);
      const text = (await pdfPages(res.rawPayload)).join(' ');
      expect(text).toContain('Net 30 days');
      expect(text).toContain('Payment terms');
      expect(text).toContain('DE123456789');
      expect(text).toContain('Acme');
      expect(text).toContain('IBAN: DE02 1203 0000 0000 2020 51');
      expect(text).toContain('UNPAID - due');
    });
  });

  describe('overdue invoices: holds and reminders (an injected clock)', () => {
    it('reminds 3 days before and the day after, each once, whoever runs it', async () => {
      const boss = await registerAccount(shop.app, { label: 'remind' });
      const company = await makeCompany(shop.db, boss, []);
      await setTerms(company, { days: 7, creditLimit: 1000 });
      const raw = await place(boss, 1);
      const order = orderModifiedSchema.parse((await payByInvoice(raw._id, boss.token)).json());
      const dueAt = Date.parse(order.order.invoice!.dueAt);
      const second = await buildTestApp(shop.db);
      try {
        const mails = () =>
          shop.db.kysely
            .selectFrom('mail_outbox')
            .select('kind')
            .where('order_id', '=', raw._id)
            .where('kind', 'in', ['invoice-reminder', 'invoice-overdue'])
            .execute();
        // Five days before: nothing yet.
        await shop.app.accountWorker.runOnce(new Date(dueAt - 5 * DAY));
        expect(await mails()).toHaveLength(0);
        // Two days before, on two instances at once: one reminder.
        const before = new Date(dueAt - 2 * DAY);
        await Promise.all([
          shop.app.accountWorker.runOnce(before),
          second.accountWorker.runOnce(before),
          shop.app.accountWorker.runOnce(before),
        ]);
        expect((await mails()).map((m) => m.kind)).toEqual(['invoice-reminder']);
        // On the due date: nothing more; the day after, on both: one overdue reminder.
        await shop.app.accountWorker.runOnce(new Date(dueAt + DAY / 2));
        expect(await mails()).toHaveLength(1);
        const after = new Date(dueAt + DAY + 60_000);
        await Promise.all([
          shop.app.accountWorker.runOnce(after),
          second.accountWorker.runOnce(after),
        ]);
        await shop.app.accountWorker.runOnce(new Date(dueAt + 3 * DAY));
        expect((await mails()).map((m) => m.kind).sort()).toEqual([
          'invoice-overdue',
          'invoice-reminder',
        ]);
      } finally {
        await second.close();
      }
    });

    it('puts a company on hold after CREDIT_HOLD_DAYS overdue, and lifts it when paid', async () => {
      const boss = await registerAccount(shop.app, { label: 'hold' });
      const company = await makeCompany(shop.db, boss, []);
      await setTerms(company, { days: 7, creditLimit: 1000 });
      const raw = await place(boss, 1);
      const invoiced = orderModifiedSchema.parse((await payByInvoice(raw._id, boss.token)).json());
      const dueAt = Date.parse(invoiced.order.invoice!.dueAt);
      const onHold = async () =>
        statementSchema.parse((await statement(company, boss.token)).json()).onHold;

      // 14 days overdue: no hold yet.
      clock = new Date(dueAt + 14 * DAY);
      await shop.app.accountWorker.runOnce(clock);
      expect(await onHold()).toBe(false);
      const late = statementSchema.parse((await statement(company, boss.token)).json());
      expect(late.invoices[0]).toMatchObject({ overdue: true, daysOverdue: 14 });

      // 16 days overdue: on hold, even before the worker has run.
      clock = new Date(dueAt + 16 * DAY);
      const next = await place(boss, 1);
      const refused = await payByInvoice(next._id, boss.token);
      expect(refused.statusCode).toBe(409);
      expect(codeOf(refused.body)).toMatchObject({
        code: 'credit_hold',
        message: onAccountMessages.creditHold,
      });
      await shop.app.accountWorker.runOnce(clock);
      expect(await onHold()).toBe(true);

      // Paid in full: the automatic hold is lifted at once.
      expect(
        (
          await record(raw._id, {
            amount: 10,
            reference: 'LATE-1',
            receivedAt: clock.toISOString(),
          })
        ).statusCode,
      ).toBe(201);
      expect(await onHold()).toBe(false);
      expect((await payByInvoice(next._id, boss.token)).statusCode).toBe(200);
      clock = new Date();
    });

    it('a shop admin lifts an automatic hold by hand, and the worker keeps it lifted', async () => {
      const boss = await registerAccount(shop.app, { label: 'waive' });
      const company = await makeCompany(shop.db, boss, []);
      await setTerms(company, { days: 7, creditLimit: 1000 });
      const raw = await place(boss, 1);
      const invoiced = orderModifiedSchema.parse((await payByInvoice(raw._id, boss.token)).json());
      const dueAt = Date.parse(invoiced.order.invoice!.dueAt);
      clock = new Date(dueAt + 20 * DAY);
      await shop.app.accountWorker.runOnce(clock);
      const next = await place(boss, 1);
      expect(codeOf((await payByInvoice(next._id, boss.token)).body).code).toBe('credit_hold');
      expect((await setHold(company, false)).statusCode).toBe(200);
      await shop.app.accountWorker.runOnce(clock);
      expect(statementSchema.parse((await statement(company, boss.token)).json()).onHold).toBe(
        false,
      );
      expect((await payByInvoice(next._id, boss.token)).statusCode).toBe(200);
      clock = new Date();
    });

    it('hold: shop admins only; unknown company 404; a bad body 400', async () => {
      expect((await setHold(companyId, true, '')).statusCode).toBe(401);
      expect((await setHold(companyId, true, companyAdmin.token)).statusCode).toBe(403);
      expect((await setHold('0123456789abcdef01234567', true)).statusCode).toBe(404);
      const bad = await call(
        { method: 'PUT', url: `/api/companies/${companyId}/hold`, payload: { onHold: 'yes' } },
        admin.token,
      );
      expect(bad.statusCode).toBe(400);
    });
  });
});

describe.each(testDatabases)('MAX_UNPAID_VALUE and companies with terms on $name', (kind) => {
  const shop = withShop(kind, { config: { MAX_UNPAID_VALUE: '100' } });

  it('holds a member of a company without terms to it, not one of a company with terms', async () => {
    const admin = await registerAdmin(shop.app, shop.db);
    const withTerms = await registerAccount(shop.app, { label: 'terms' });
    const without = await registerAccount(shop.app, { label: 'no-terms' });
    const termsCompany = await makeCompany(shop.db, withTerms);
    await makeCompany(shop.db, without);
    const terms = await shop.app.inject({
      method: 'PUT',
      url: `/api/companies/${termsCompany}/terms`,
      headers: bearer(admin.token),
      payload: { days: 30, creditLimit: 5000 },
    });
    expect(terms.statusCode).toBe(200);
    const productId = await insertProduct(shop.db, { stock: 1000, minimum: 1, priceCents: 6_000 });
    const place = (account: TestAccount) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(account.token),
        payload: { lines: [{ productId, quantity: 1 }], phone: '+49 40 1', address: '1 Road' },
      });
    // $60 then $60: past $100 together.
    for (const account of [withTerms, without]) expect((await place(account)).statusCode).toBe(201);
    expect((await place(withTerms)).statusCode).toBe(201);
    const refused = await place(without);
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('unpaid_value_exceeded');
  });
});
