import {
  apiErrorSchema,
  orderCreatedSchema,
  orderListSchema,
  TOTAL_COUNT_HEADER,
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

/**
 * ux 2026-11-28 #11: Manage Order names the ordering company on every company order, finds an
 * order by its company's name or a line's SKU, and filters by approval (awaiting approval / all)
 * as Company orders does; both lists carry the company's name.
 */
describe.each(testDatabases)('order tables on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let boss: TestAccount;
  let buyer: TestAccount;
  let loner: TestAccount;
  let companyId: string;
  let companyName: string;
  let productId: string;
  let awaitingId: string;
  let underLimitId: string;
  let lonerOrderId: string;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  async function place(account: TestAccount, quantity: number): Promise<string> {
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
    return orderCreatedSchema.parse(res.json()).order._id;
  }

  const list = async (url: string, token = admin.token) => {
    const res = await call({ method: 'GET', url }, token);
    expect(res.statusCode, res.body).toBe(200);
    return { orders: orderListSchema.parse(res.json()), total: res.headers[TOTAL_COUNT_HEADER] };
  };

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    boss = await registerAccount(shop.app, { label: 'boss', name: 'Berta Boss' });
    buyer = await registerAccount(shop.app, { label: 'buyer', name: 'Bob Buyer' });
    loner = await registerAccount(shop.app, { label: 'loner', name: 'Lone Buyer' });
    companyName = `Acme Systems ${Math.random().toString(16).slice(2, 8)} GmbH`;
    const companies = createCompaniesRepository(shop.db.kysely, shop.db.dialect);
    const created = await companies.create(await userIdOf(shop.db, boss), {
      name: companyName,
      vatId: 'DE123456789',
      billingAddress: 'Industriestr. 5\n70565 Stuttgart',
    });
    if (created === 'already-in-company') throw new Error('already in a company');
    companyId = created.id;
    await shop.db.kysely
      .insertInto('company_members')
      .values({
        user_id: await userIdOf(shop.db, buyer),
        company_id: companyId,
        role: 'buyer',
        order_limit_cents: 20_000,
        created_at: new Date().toISOString(),
      })
      .execute();
    productId = await insertProduct(shop.db, { stock: 1000, minimum: 1, priceCents: 10_000 });
    await shop.db.kysely
      .updateTable('products')
      .set({ sku: 'FL-M3-ATX' })
      .where('id', '=', productId)
      .execute();
    awaitingId = await place(buyer, 5); // $500, over the $200 limit
    underLimitId = await place(buyer, 1); // $100
    lonerOrderId = await place(loner, 1);
  });

  it('ux 2026-11-28 #11: Manage Order filters by approval', async () => {
    const awaiting = await list('/api/orders?approval=awaiting_approval&limit=50');
    expect(awaiting.orders.map((order) => order._id)).toContain(awaitingId);
    expect(awaiting.orders.every((order) => order.approvalStatus === 'awaiting_approval')).toBe(
      true,
    );
    expect(awaiting.orders.map((order) => order._id)).not.toContain(underLimitId);
    const all = await list('/api/orders?approval=&limit=50');
    expect(all.orders.map((order) => order._id)).toEqual(
      expect.arrayContaining([awaitingId, underLimitId, lonerOrderId]),
    );
  });

  it('ux 2026-11-28 #11: a bad approval filter is a 400 naming it, on both lists', async () => {
    for (const url of [
      '/api/orders?approval=maybe',
      `/api/companies/${companyId}/orders?approval=maybe`,
    ]) {
      const res = await call({ method: 'GET', url }, admin.token);
      expect(res.statusCode, url).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.fields?.['approval']).toMatch(/^approval must be one of/);
    }
  });

  it("ux 2026-11-28 #11: Manage Order's rows name the company; a lone customer's none", async () => {
    const { orders } = await list('/api/orders?limit=50');
    const byId = new Map(orders.map((order) => [order._id, order]));
    expect(byId.get(awaitingId)?.companyName).toBe(companyName);
    expect(byId.get(underLimitId)?.companyName).toBe(companyName);
    expect(byId.get(lonerOrderId)?.companyName).toBeNull();
    // The company's lists carry it too; an order's own page does not need it.
    const company = await list(`/api/companies/${companyId}/orders`, boss.token);
    expect(company.orders.map((order) => order.companyName)).toEqual([companyName, companyName]);
  });

  it("ux 2026-11-28 #11: Manage Order's search finds the company's name and a line's SKU", async () => {
    const byCompany = await list(
      `/api/orders?q=${encodeURIComponent(companyName.slice(0, 18))}&limit=50`,
    );
    expect(byCompany.orders.map((order) => order._id).sort()).toEqual(
      [awaitingId, underLimitId].sort(),
    );
    expect(byCompany.total).toBe('2');
    const bySku = await list('/api/orders?q=fl-m3-atx&limit=50');
    expect(bySku.orders.map((order) => order._id).sort()).toEqual(
      [awaitingId, underLimitId, lonerOrderId].sort(),
    );
  });

  it('ux 2026-11-28 #11: the approval filter joins status and search', async () => {
    const { orders, total } = await list(
      `/api/orders?approval=awaiting_approval&status=pending&q=${encodeURIComponent(companyName)}`,
    );
    expect(orders.map((order) => order._id)).toEqual([awaitingId]);
    expect(total).toBe('1');
  });
});
