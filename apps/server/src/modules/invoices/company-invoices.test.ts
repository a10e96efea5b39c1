import {
  apiErrorSchema,
  formatDocumentDate,
  onAccountLabels,
  onAccountMessages,
  orderCreatedSchema,
  orderModifiedSchema,
  orderSchema,
  termsModifiedSchema,
  type Order,
} from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';
import { pdfPages } from '../../test/pdf-text.js';
import { withShop } from '../../test/shop.js';
import { createCompaniesRepository } from '../companies/companies.repository.js';

/*
 * Usability walk 2026-11-28 (issue 33 point 3): invoices made out to the company (#2, #16), Mark
 * Paid with the bank transfer's details (#15), the receipt's invoice number (#36, in
 * order-mail.test.ts), and invoices on account that never ask for a transfer without bank
 * details (#13).
 */

const COMPANY_VAT = 'DE123456789';
const COMPANY_BILLING = 'Acme Systems GmbH\nAccounts Payable\nPostfach 1122\n70565 Stuttgart';
const SHIPPING = 'Acme Systems GmbH, Goods-in\nIndustriestr. 5\n70565 Stuttgart';

/** A company with `admin` as its admin and `buyers` as buyers without limits. */
async function makeCompany(
  db: TestDb,
  admin: TestAccount,
  buyers: TestAccount[],
): Promise<{ id: string; name: string }> {
  const name = `Acme Systems ${Math.random().toString(16).slice(2, 8)} GmbH`;
  const created = await createCompaniesRepository(db.kysely, db.dialect).create(
    await userIdOf(db, admin),
    { name, vatId: COMPANY_VAT, billingAddress: COMPANY_BILLING },
  );
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
  return { id: created.id, name };
}

describe.each(testDatabases)('invoices made out to the company on $name', (kind) => {
  // INVOICE_BANK_DETAILS unset, as in the walk's demo shop.
  const shop = withShop(kind);
  let admin: TestAccount;
  let companyAdmin: TestAccount;
  let buyer: TestAccount;
  let loner: TestAccount;
  let company: { id: string; name: string };
  let otherCompany: { id: string; name: string };

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  /** An order of 4 pieces (at $48.50) placed with `billing` through `POST /api/orders`. */
  async function place(account: TestAccount, billing: Record<string, string> = {}) {
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId: await insertProduct(shop.db), quantity: 4 }],
          phone: '+49 711 555 0100',
          address: SHIPPING,
          poNumber: 'PO-2026-0816',
          ...billing,
        },
      },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderCreatedSchema.parse(res.json()).order;
  }

  const markPaid = (id: string, body?: unknown, token = admin.token) =>
    call(
      {
        method: 'PUT',
        url: `/api/order/${id}`,
        ...(body === undefined ? {} : { payload: body as object }),
      },
      token,
    );
  const invoiceText = async (id: string, token = admin.token) => {
    const res = await call({ method: 'GET', url: `/api/orders/${id}/invoice` }, token);
    expect(res.statusCode, res.body).toBe(200);
    return (await pdfPages(res.rawPayload)).join(' ');
  };
  const orderRow = (id: string) =>
    shop.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const today = () => new Date().toISOString().slice(0, 10);
  const oneLine = (text: string) => text.replace(/\n/g, ' ');

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    companyAdmin = await registerAccount(shop.app, { label: 'berta', name: 'Berta Boss' });
    buyer = await registerAccount(shop.app, { label: 'bob', name: 'Bob Buyer' });
    loner = await registerAccount(shop.app, { label: 'loner', name: 'Lena Loner' });
    company = await makeCompany(shop.db, companyAdmin, [buyer]);
    const other = await registerAccount(shop.app, { label: 'other', name: 'Otto Other' });
    otherCompany = await makeCompany(shop.db, other, []);
  });

  describe('ux 2026-11-28 #2: a member’s order is billed to the company', () => {
    it('keeps the company’s name, VAT id and billing address, whatever the request says', async () => {
      const order = await place(buyer, {
        billingCompany: otherCompany.name,
        billingVatNumber: 'FR12345678901',
        billingAddress: 'Somewhere else',
      });
      const expected = { company: company.name, vatNumber: COMPANY_VAT, address: COMPANY_BILLING };
      expect(order.billing).toEqual(expected);
      const read = await call({ method: 'GET', url: `/api/orders/${order._id}` }, buyer.token);
      expect(orderSchema.parse(read.json()).billing).toEqual(expected);
    });

    it('bills the spec’s one-product order (Order Now) and a company admin’s to the company too', async () => {
      const res = await call(
        {
          method: 'POST',
          url: '/api/order',
          payload: {
            orderProduct: await insertProduct(shop.db),
            orderQty: 4,
            phone: '+49 711 555 0100',
            address: SHIPPING,
          },
        },
        buyer.token,
      );
      // The spec's call answers 200 with insertedId.
      expect(res.statusCode, res.body).toBe(200);
      const order = orderSchema.parse((res.json() as { order: unknown }).order);
      expect(order.billing.company).toBe(company.name);
      expect(order.billing.vatNumber).toBe(COMPANY_VAT);
      expect((await place(companyAdmin)).billing.company).toBe(company.name);
    });

    it('keeps what the company was when the order was placed (a snapshot)', async () => {
      const order = await place(buyer);
      await shop.db.kysely
        .updateTable('companies')
        .set({ billing_address: 'Moved since' })
        .where('id', '=', company.id)
        .execute();
      try {
        const read = await call({ method: 'GET', url: `/api/orders/${order._id}` }, buyer.token);
        expect(orderSchema.parse(read.json()).billing.address).toBe(COMPANY_BILLING);
      } finally {
        await shop.db.kysely
          .updateTable('companies')
          .set({ billing_address: COMPANY_BILLING })
          .where('id', '=', company.id)
          .execute();
      }
    });

    it('leaves a customer outside a company with the billing details given at checkout', async () => {
      const order = await place(loner, { billingCompany: 'Loner Trading' });
      expect(order.billing).toEqual({ company: 'Loner Trading', vatNumber: null, address: null });
    });

    it('prints Bill to: the company, VAT id and billing address; Ship to: the shipping address (marked paid)', async () => {
      const order = await place(buyer);
      expect((await markPaid(order._id)).statusCode).toBe(200);
      const text = await invoiceText(order._id, buyer.token);
      expect(text).toContain(`Bill to ${company.name} VAT number ${COMPANY_VAT}`);
      expect(text).toContain(`Billing address ${oneLine(COMPANY_BILLING)}`);
      expect(text).toContain('Contact Bob Buyer');
      expect(text).toContain(`Ship to ${oneLine(SHIPPING)}`);
      expect(text).not.toContain('Bill to Bob Buyer');
    });

    it('the pro-forma of an unpaid member order is made out to the company as well', async () => {
      const order = await place(buyer);
      const text = await invoiceText(order._id, buyer.token);
      expect(text).toContain(`Bill to ${company.name}`);
      expect(text).toContain(`Billing address ${oneLine(COMPANY_BILLING)}`);
    });
  });

  describe('ux 2026-11-28 #15: Mark Paid records the bank transfer', () => {
    it('takes the amount, reference and date received; the invoice prints the reference', async () => {
      const order = await place(loner);
      const res = await markPaid(order._id, {
        amount: '194.00',
        reference: 'RF18 5390 0754 7034',
        receivedAt: today(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const paid = orderModifiedSchema.parse(res.json()).order;
      expect(paid.paid).toBe(true);
      expect(paid.transactionId).toBe('RF18 5390 0754 7034');
      expect(paid.trxId).toBe('RF18 5390 0754 7034');
      expect(paid.paymentReceivedAt).toBe(`${today()}T00:00:00.000Z`);
      expect(paid.invoice?.number).toMatch(/^\d{4}-\d{6}$/);
      const text = await invoiceText(order._id);
      expect(text).toContain(
        `PAID - bank transfer received ${formatDocumentDate(`${today()}T00:00:00.000Z`)}, reference RF18 5390 0754 7034`,
      );
      expect(text).not.toContain('manual_');
    });

    it('still marks paid without a body (the spec’s call), with a transaction id of its own', async () => {
      const order = await place(loner);
      const res = await markPaid(order._id);
      expect(res.statusCode, res.body).toBe(200);
      const paid = orderModifiedSchema.parse(res.json()).order;
      expect(paid.transactionId).toMatch(/^manual_[0-9a-f]{16}$/);
      expect(paid.paymentReceivedAt).toBeNull();
    });

    it.each([
      [{ amount: '100', reference: 'R1', receivedAt: 'today' }, 'amount', 'total'],
      [{ amount: '194', reference: '', receivedAt: 'today' }, 'reference', 'required'],
      [{ amount: '194', reference: 'R1', receivedAt: '2099-01-01' }, 'receivedAt', 'future'],
      [{ amount: '194', reference: 'R1', receivedAt: '2020-01-01' }, 'receivedAt', 'placed'],
      [{ amount: '194', reference: 'R1', receivedAt: 'yesterday-ish' }, 'receivedAt', 'date'],
      [{ amount: 'lots', reference: 'R1', receivedAt: 'today' }, 'amount', 'number'],
    ])('refuses %o with a 400 naming %s, and changes nothing', async (body, field, words) => {
      const order = await place(loner);
      const res = await markPaid(order._id, {
        ...body,
        receivedAt: body.receivedAt === 'today' ? today() : body.receivedAt,
      });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.fields?.[field]).toContain(words);
      const row = await orderRow(order._id);
      expect(row.payment_status).toBe('pending');
      expect(row.transaction_id).toBeNull();
      expect(row.payment_received_at).toBeNull();
    });

    it('names the order total in the amount’s refusal', async () => {
      const order = await place(loner);
      const res = await markPaid(order._id, { amount: 10, reference: 'R1', receivedAt: today() });
      expect(apiErrorSchema.parse(res.json()).error.fields?.['amount']).toBe(
        onAccountMessages.amountNotOrderTotal(194),
      );
    });

    it('is for shop admins only: 403 for the buyer, 401 anonymous; 409 once paid', async () => {
      const order = await place(loner);
      const body = { amount: 194, reference: 'R1', receivedAt: today() };
      expect((await markPaid(order._id, body, loner.token)).statusCode).toBe(403);
      expect(
        (await call({ method: 'PUT', url: `/api/order/${order._id}`, payload: body })).statusCode,
      ).toBe(401);
      expect((await markPaid(order._id, body)).statusCode).toBe(200);
      expect((await markPaid(order._id, body)).statusCode).toBe(409);
    });
  });

  describe('ux 2026-11-28 #13: no transfer asked for without bank details', () => {
    it('granting terms answers a warning while INVOICE_BANK_DETAILS is unset; the terms stand', async () => {
      const res = await call(
        {
          method: 'PUT',
          url: `/api/companies/${company.id}/terms`,
          payload: { days: 30, creditLimit: 50_000 },
        },
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const answer = termsModifiedSchema.parse(res.json());
      expect(answer.company.terms).toEqual({ days: 30, creditLimit: 50_000 });
      expect(answer.warnings).toEqual([onAccountMessages.noBankDetailsWarning]);
    });

    it('an invoice on account asks the buyer to contact the shop, and shows the due date once', async () => {
      const order = await place(buyer);
      const res = await call(
        { method: 'POST', url: `/api/orders/${order._id}/invoice-payment` },
        buyer.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const invoiced: Order = orderModifiedSchema.parse(res.json()).order;
      const text = await invoiceText(order._id, buyer.token);
      expect(text).toContain(onAccountLabels.contactForPaymentDetails);
      expect(text).not.toContain('Please pay by bank transfer');
      expect(text.split('Due date').length - 1).toBe(1);
      expect(text).toContain(`UNPAID - due ${formatDocumentDate(invoiced.invoice!.dueAt)}`);
      expect(text).toContain(`Bill to ${company.name}`);
      // The invoice's mail says the same (its note, without bank details).
      const mail = await shop.db.kysely
        .selectFrom('mail_outbox')
        .select('kind')
        .where('order_id', '=', order._id)
        .where('kind', '=', 'order-invoiced')
        .execute();
      expect(mail).toHaveLength(1);
    });

    it('the pro-forma’s wording fits an order to be put on account', async () => {
      const order = await place(buyer);
      const text = await invoiceText(order._id, buyer.token);
      expect(text).toContain(
        "The invoice is issued when the order is paid, or when it is put on your company's account.",
      );
      expect(text).not.toContain('The invoice is issued when it is paid.');
    });
  });
});

describe.each(testDatabases)('granting terms with bank details on $name', (kind) => {
  const shop = withShop(kind, {
    config: { INVOICE_BANK_DETAILS: 'Bank: First Harbour Bank; IBAN: DE02 1203 0000 0000 2020 51' },
  });
  let admin: TestAccount;
  let boss: TestAccount;
  let company: { id: string; name: string };
  let orderId: string;

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    boss = await registerAccount(shop.app, { label: 'boss' });
    company = await makeCompany(shop.db, boss, []);
  });

  it('ux 2026-11-28 #13: answers no warning when the shop has bank details', async () => {
    const res = await shop.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/terms`,
      payload: { days: 30, creditLimit: 10_000 },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(termsModifiedSchema.parse(res.json()).warnings).toEqual([]);
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        lines: [{ productId: await insertProduct(shop.db), quantity: 4 }],
        phone: '+49 711 555 0100',
        address: SHIPPING,
      },
      headers: bearer(boss.token),
    });
    orderId = orderCreatedSchema.parse(placed.json()).order._id;
    const invoiced = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/invoice-payment`,
      headers: bearer(boss.token),
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
  });

  it('ux 2026-11-28 #13: its invoice asks for the transfer to that account, the due date once', async () => {
    const pdf = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/invoice`,
      headers: bearer(boss.token),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('IBAN: DE02 1203 0000 0000 2020 51');
    expect(text).toContain('Please pay by bank transfer and quote the invoice number');
    expect(text.split('Due date').length - 1).toBe(1);
  });
});
