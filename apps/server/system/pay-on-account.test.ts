import { randomBytes } from 'node:crypto';
import { orderCreatedSchema } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  createProduct,
  signInAdmin,
  signUp,
  summarize,
  type Account,
  type Outcome,
} from './support/api.js';
import { createPostgresDatabase, testDatabaseUrl, type FreshDatabase } from './support/database.js';
import { startShop, stopAllShops, type ShopProcess } from './support/shop.js';

/** Orders of $100 against a $1,000 limit: four times what the company may owe. */
const ORDERS = 40;
const LIMIT_DOLLARS = 1_000;
const ORDER_CENTS = 10_000;

/**
 * DESIGN.md section 13 and issue 24: the credit check and the balance change are one atomic
 * step. Many invoice payments of one company, sent at once to two instances on one PostgreSQL
 * database, never take its balance above its limit, and the balance always equals the accepted
 * orders' unpaid sum (then too, after money received is recorded on both at once).
 */
describe.skipIf(!testDatabaseUrl)('paying on account on two instances', () => {
  let database: FreshDatabase;
  let client: pg.Client;
  let a: ShopProcess;
  let b: ShopProcess;
  let admin: Account;
  let buyer: Account;
  let companyId: string;
  let productId: string;

  /** The company's balance, and the open invoices' amounts due together, as stored. */
  async function ledger(): Promise<{ balance: number; open: number; invoiced: number }> {
    const company = await client.query<{ balance_cents: number; credit_limit_cents: number }>(
      'select balance_cents, credit_limit_cents from companies where id = $1',
      [companyId],
    );
    const open = await client.query<{ due: string | null; count: string }>(
      `select sum(invoice_amount_due_cents) as due, count(*) as count from orders
       where company_id = $1 and payment_status = 'invoiced'`,
      [companyId],
    );
    return {
      balance: Number(company.rows[0]?.balance_cents),
      open: Number(open.rows[0]?.due ?? 0),
      invoiced: Number(open.rows[0]?.count ?? 0),
    };
  }

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url };
    a = await startShop({ name: 'A', env });
    b = await startShop({ name: 'B', env, omit: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'] });
    admin = await signInAdmin(a.url);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();

    // A company whose admin is the buyer (the companies module's own calls are tested there).
    buyer = await signUp(a.url, 'on-account');
    const user = await client.query<{ id: string }>('select id from users where email = $1', [
      buyer.email,
    ]);
    const userId = user.rows[0]?.id ?? '';
    companyId = randomBytes(12).toString('hex');
    const now = new Date().toISOString();
    await client.query(
      `insert into companies (id, name, vat_id, billing_address, created_at, updated_at)
       values ($1, 'Race Freight GmbH', 'DE999999999', '1 Dock Road', $2, $2)`,
      [companyId, now],
    );
    await client.query(
      `insert into company_members (user_id, company_id, role, order_limit_cents, created_at)
       values ($1, $2, 'admin', null, $3)`,
      [userId, companyId, now],
    );
    const terms = await call(`${b.url}/api/companies/${companyId}/terms`, {
      method: 'PUT',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ days: 30, creditLimit: LIMIT_DOLLARS }),
    });
    expect(terms.kind === 'answer' && terms.status, JSON.stringify(terms)).toBe(200);
    productId = (await createProduct(a.url, admin, { stock: 100_000, price: 10 }))._id;
  });

  afterAll(async () => {
    await client?.end();
    await stopAllShops();
    await database?.drop();
  });

  it('never takes the balance above the limit, and the balance is the open invoices’ sum', async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/orders`, {
        method: 'POST',
        headers: { ...bearer(buyer.token), 'content-type': 'application/json' },
        body: JSON.stringify({
          lines: [{ productId, quantity: 10 }],
          phone: '+49 40 123456',
          address: '1 Dock Road, Hamburg',
        }),
      });
      expect(res.status).toBe(201);
      orderIds.push(orderCreatedSchema.parse(await res.json()).insertedId);
    }
    // Placing recorded the member's company (DESIGN.md section 12).
    const ofCompany = await client.query<{ count: string }>(
      'select count(*) as count from orders where company_id = $1',
      [companyId],
    );
    expect(Number(ofCompany.rows[0]?.count)).toBe(ORDERS);

    const outcomes: Outcome[] = await Promise.all(
      orderIds.map((id, i) =>
        call(`${(i % 2 === 0 ? a : b).url}/api/orders/${id}/invoice-payment`, {
          method: 'POST',
          headers: bearer(buyer.token),
        }),
      ),
    );
    const accepted = outcomes.filter((o) => o.kind === 'answer' && o.status === 200).length;
    const refused = outcomes.filter(
      (o) => o.kind === 'answer' && o.status === 409 && o.error?.code === 'credit_limit_exceeded',
    ).length;
    expect(accepted + refused, summarize(outcomes)).toBe(ORDERS);
    expect(accepted).toBe((LIMIT_DOLLARS * 100) / ORDER_CENTS);

    const after = await ledger();
    expect(after.balance).toBeLessThanOrEqual(LIMIT_DOLLARS * 100);
    expect(after.balance).toBe(after.open);
    expect(after.invoiced).toBe(accepted);

    // Money received, recorded on both instances at once: three payments of $50 for every $100
    // invoice; two are taken, the third refused (400 more than due, or 409 once settled).
    const invoiced = await client.query<{ id: string }>(
      `select id from orders where company_id = $1 and payment_status = 'invoiced'`,
      [companyId],
    );
    const recordings = invoiced.rows.flatMap((row, i) =>
      [50, 50, 50].map((amount, j) =>
        call(`${((i + j) % 2 === 0 ? a : b).url}/api/orders/${row.id}/invoice-payments`, {
          method: 'POST',
          headers: { ...bearer(admin.token), 'content-type': 'application/json' },
          body: JSON.stringify({
            amount,
            reference: `TRF-${i}-${j}`,
            receivedAt: new Date().toISOString().slice(0, 10),
          }),
        }),
      ),
    );
    const recorded = await Promise.all(recordings);
    const created = recorded.filter((o) => o.kind === 'answer' && o.status === 201).length;
    const refusedAfter = recorded.filter(
      (o) =>
        o.kind === 'answer' &&
        ((o.status === 400 && o.error?.code === 'validation_failed') ||
          (o.status === 409 && o.error?.code === 'order_not_invoiced')),
    ).length;
    expect(created + refusedAfter, summarize(recorded)).toBe(recorded.length);
    expect(created).toBe(2 * accepted);
    const settled = await ledger();
    expect(settled).toEqual({ balance: 0, open: 0, invoiced: 0 });
    const paid = await client.query<{ count: string }>(
      `select count(*) as count from orders where company_id = $1 and payment_status = 'paid'`,
      [companyId],
    );
    expect(Number(paid.rows[0]?.count)).toBe(accepted);
  });
});
