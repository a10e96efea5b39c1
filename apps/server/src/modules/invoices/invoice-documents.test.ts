import { formatDocumentDate, orderSchema, type Order } from '@shop/shared';
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
import { pdfPages } from '../../test/pdf-text.js';
import { withShop } from '../../test/shop.js';
import { freePort, startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';

/** What the invoice tests set: a taxed shop with its own seller (issue 22, defect 2). */
const TAXED_SHOP = {
  TAX_RATE_PERCENT: '19',
  INVOICE_TAX_NOTE: 'Reverse charge: VAT to be accounted for by the recipient',
  INVOICE_SELLER_NAME: 'CaseForge Trading Ltd',
  INVOICE_SELLER_ADDRESS: '12 Mill Lane; Leeds LS1 4AP; United Kingdom',
  INVOICE_SELLER_VAT_NUMBER: 'GB123456789',
  INVOICE_SELLER_EMAIL: 'accounts@caseforge.example',
};

const BILLING = {
  billingCompany: 'Nordic Systems GmbH',
  billingVatNumber: 'DE123456789',
  billingAddress: 'Nordic Systems GmbH\nAccounts Payable\nPostfach 1122\n20001 Hamburg',
};

/** An order of one line (4 x $48.50, SKU FL-M3-ATX) with billing details, placed by `account`. */
async function placeBilled(app: FastifyInstance, db: TestDb, account: TestAccount): Promise<Order> {
  const productId = await insertProduct(db, { priceCents: 4_850 });
  await db.kysely
    .updateTable('products')
    .set({ sku: `FL-M3-${productId.slice(-6)}` })
    .where('id', '=', productId)
    .execute();
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(account.token),
    payload: {
      lines: [{ productId, quantity: 4 }],
      phone: '+49 40 123456',
      address: 'Nordic Systems GmbH\nAttn. Receiving, Dock 3\nHafenstrasse 12\n20457 Hamburg',
      poNumber: 'PO-2026-12-0007',
      ...BILLING,
    },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
  return orderSchema.parse((res.json() as { order: unknown }).order);
}

describe.each(testDatabases)('the invoice a paid order gets on $name', (kind) => {
  const shop = withShop(kind, { config: TAXED_SHOP });
  let admin: TestAccount;
  let customer: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Dana Keller' });
  });

  it('shows its number, dates, the buyer’s company, VAT number and billing address, SKUs, and tax in cents', async () => {
    const order = await placeBilled(shop.app, shop.db, customer);
    const marked = await call({ method: 'PUT', url: `/api/order/${order._id}` }, admin.token);
    expect(marked.statusCode, marked.body).toBe(200);
    const paid = orderSchema.parse(
      (await call({ method: 'GET', url: `/api/orders/${order._id}` }, customer.token)).json(),
    );
    const invoice = paid.invoice;
    if (!invoice) throw new Error('no invoice issued');
    const res = await call(
      { method: 'GET', url: `/api/orders/${order._id}/invoice` },
      customer.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.number}.pdf"`,
    );
    const [page, ...more] = await pdfPages(res.rawPayload);
    expect(more).toHaveLength(0);
    // $194.00 at 19% included: tax = 19,400 x 19 / 119 = 3,097.48 cents, rounded to 3,097.
    for (const expected of [
      'INVOICE',
      `Invoice number ${invoice.number}`,
      `Invoice date ${formatDocumentDate(invoice.issuedAt)}`,
      `Due date ${formatDocumentDate(invoice.dueAt)}`,
      `Order ${order.orderNumber}`,
      'CaseForge Trading Ltd',
      '12 Mill Lane',
      'VAT number: GB123456789',
      'accounts@caseforge.example',
      'Bill to Nordic Systems GmbH',
      'VAT number DE123456789',
      'Billing address Nordic Systems GmbH Accounts Payable Postfach 1122 20001 Hamburg',
      'Contact Dana Keller',
      'Ship to Nordic Systems GmbH Attn. Receiving, Dock 3 Hafenstrasse 12 20457 Hamburg',
      'PO number PO-2026-12-0007',
      'SKU Product Quantity Unit price (USD) Total (USD)',
      `${paid.lines[0]?.sku} ${paid.lines[0]?.productName} 4 $48.50 $194.00`,
      'Subtotal excl. tax (USD) $163.03',
      'Tax 19% (included in the prices) $30.97',
      'Reverse charge: VAT to be accounted for by the recipient',
      'Total (USD) $194.00',
      'Amount due (USD) $0.00',
      'PAID',
    ]) {
      expect(page, expected).toContain(expected);
    }
    expect(page).not.toContain('PRO-FORMA');
    expect(page).not.toContain('Not an invoice');
  });

  it('an unpaid order’s pro-forma has the same facts and tax, but no number and no invoice date', async () => {
    const order = await placeBilled(shop.app, shop.db, customer);
    const res = await call(
      { method: 'GET', url: `/api/orders/${order._id}/invoice` },
      customer.token,
    );
    expect(res.statusCode).toBe(200);
    const [page] = await pdfPages(res.rawPayload);
    for (const expected of [
      'PRO-FORMA INVOICE',
      'Not an invoice: no invoice number.',
      'Bill to Nordic Systems GmbH',
      'VAT number DE123456789',
      'Tax 19% (included in the prices) $30.97',
      'Amount due (USD) $194.00',
    ]) {
      expect(page, expected).toContain(expected);
    }
    expect(page).not.toContain('Invoice number');
    expect(page).not.toContain('Invoice date');
  });
});

describe.each(testDatabases)('the paid mail carries the invoice on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;
  let smtp: TestSmtp;

  beforeAll(async () => {
    db = await kind.open();
    const port = await freePort();
    smtp = await startTestSmtp({ port });
    const overrides = { ...TAXED_SHOP, SMTP_URL: `smtp://127.0.0.1:${port}` };
    app = await buildTestApp(db, overrides, {
      mailer: createMailer(testConfig(overrides), pino({ level: 'silent' })),
    });
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app, { name: 'Dana Keller' });
    await confirmAddress(db, customer.email);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await db.drop();
  });

  it('attaches the invoice PDF, made from the order when the mail is sent; other mails carry none', async () => {
    const order = await placeBilled(app, db, customer);
    const marked = await app.inject({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      headers: bearer(admin.token),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const number = orderSchema.parse((marked.json() as { order: unknown }).order).invoice?.number;
    expect(number).toMatch(/^\d{4}-\d{6}$/);
    // The outbox keeps the order, never the PDF.
    const rows = await db.kysely.selectFrom('mail_outbox').selectAll().execute();
    expect(rows.every((row) => !row.payload.includes('%PDF'))).toBe(true);

    expect(await app.mailOutbox.runOnce()).toEqual({ sent: 2, failed: 0 });
    const placed = smtp.received.find((mail) => mail.text.includes('Order total'));
    const receipt = smtp.received.find((mail) => mail.subject.startsWith('Receipt'));
    expect(receipt?.text).toContain('Amount paid: $194.00');
    expect(receipt?.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`invoice-${number}.pdf`, 'application/pdf'],
    ]);
    const [page] = await pdfPages(receipt?.attachments[0]?.content ?? Buffer.alloc(0));
    expect(page).toContain(`Invoice number ${number}`);
    expect(page).toContain('Bill to Nordic Systems GmbH');
    expect(placed).toBeDefined();
    expect(placed?.attachments).toEqual([]);
  });
});
