import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createProduct, signInAdmin, type Account } from './support/api.js';
import { createPostgresDatabase, testDatabaseUrl, type FreshDatabase } from './support/database.js';
import { sleep, startShop, stopAllShops, type ShopProcess } from './support/shop.js';

/** A page's HTML as the instance sends it (a kept page, or one drawn now). */
async function pageOf(shop: ShopProcess, path: string): Promise<string> {
  const res = await fetch(`${shop.url}${path}`);
  expect(res.status, `${shop.name} ${path}`).toBe(200);
  return res.text();
}

/**
 * Waits until `shop` sends `path` with `expected` in it: another instance's write reaches it by a
 * database notification (the bound is generous, as for the lists in multi-instance.test.ts: this
 * is about correctness, not speed); a stale page past it fails. Returns the reads it took.
 */
async function expectPage(shop: ShopProcess, path: string, expected: string): Promise<number> {
  const deadline = Date.now() + 3_000;
  for (let reads = 1; ; reads += 1) {
    const html = await pageOf(shop, path);
    if (html.includes(expected)) return reads;
    expect(Date.now(), `${shop.name} still sends ${path} without "${expected}"`).toBeLessThan(
      deadline,
    );
    await sleep(5);
  }
}

describe.skipIf(!testDatabaseUrl)('public pages kept by two instances on one PostgreSQL', () => {
  let database: FreshDatabase;
  let a: ShopProcess;
  let b: ShopProcess;
  let admin: Account;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url };
    a = await startShop({ name: 'A', env });
    b = await startShop({ name: 'B', env, omit: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'] });
    admin = await signInAdmin(a.url);
  });

  afterAll(async () => {
    await stopAllShops();
    await database?.drop();
  });

  it("drops a kept product page and /products on both instances after an admin's save", async () => {
    const product = await createProduct(a.url, admin, { stock: 50, minimum: 5, price: 20 });
    const path = `/products/${product._id}`;
    let atOnce = 0;
    for (let round = 0; round < 4; round += 1) {
      const [here, there] = round % 2 === 0 ? [a, b] : [b, a];
      // Both instances draw and keep the page and the list as they are now.
      for (const shop of [a, b]) {
        await pageOf(shop, path);
        await pageOf(shop, '/products');
      }
      const name = `Saved Case ${round} ${Math.random().toString(16).slice(2, 8)}`;
      const res = await fetch(`${here.url}/api/products/${product._id}`, {
        method: 'PUT',
        headers: { ...bearer(admin.token), 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          description: 'A case made by the system tests',
          imgURL: '/images/products/vortex-rgb-gaming.svg',
          price: 20 + round,
          aqty: 50,
          minquantity: 5,
        }),
      });
      expect(res.status).toBe(200);
      // The instance that saved sends the new page at once.
      expect(await pageOf(here, path)).toContain(name);
      expect(await pageOf(here, '/products')).toContain(name);
      // The other as soon as the notification reaches it.
      const reads = await expectPage(there, path, name);
      await expectPage(there, '/products', name);
      if (reads === 1) atOnce += 1;
      expect(await pageOf(there, path)).toContain(`"price":${20 + round}`);
    }
    console.log(
      `[public pages] the other instance sent the saved page at once in ${atOnce}/4 rounds`,
    );
  });
});
