import { apiErrorSchema, messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  stockIn,
  type TestAccount,
} from '../test/factories.js';

const orderBody = (productId: string) => ({
  orderProduct: productId,
  phone: '+1 555 0100',
  address: '1 Main St, Springfield',
  orderQty: 2,
});

/** Redis runs beside PostgreSQL in CI; elsewhere the shared-counter tests are skipped. */
const redisUrl = process.env['TEST_REDIS_URL'];

describe.each(testDatabases)('rate limits on orders and payments on $name', (kind) => {
  let db: TestDb;
  const apps: FastifyInstance[] = [];

  async function app(overrides: Record<string, string>) {
    const built = await buildTestApp(db, overrides);
    apps.push(built);
    return built;
  }

  const order = (target: FastifyInstance, account: TestAccount, productId: string) =>
    target.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(account.token),
      payload: orderBody(productId),
    });

  const stockOf = (id: string) => stockIn(db, id);

  beforeAll(async () => {
    db = await kind.open();
  });

  afterAll(async () => {
    await Promise.all(apps.map((one) => one.close()));
    await db?.drop();
  });

  it('refuses the order over the per-account limit with 429, and changes nothing', async () => {
    const shop = await app({ ORDER_RATE_LIMIT_PER_MINUTE: '3' });
    const [customer, other] = [await registerAccount(shop), await registerAccount(shop)];
    const productId = await insertProduct(db);

    for (let i = 0; i < 3; i += 1)
      expect((await order(shop, customer, productId)).statusCode).toBe(200);
    const stockBefore = await stockOf(productId);
    const refused = await order(shop, customer, productId);

    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).error).toEqual({
      code: 'rate_limited',
      message: messages.tooManyRequests,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stockOf(productId)).toBe(stockBefore);
    // The limit is per account: another customer still orders.
    expect((await order(shop, other, productId)).statusCode).toBe(200);
  });

  it('refuses payment calls over the per-account limit', async () => {
    const shop = await app({ PAYMENT_RATE_LIMIT_PER_MINUTE: '2' });
    const customer = await registerAccount(shop);
    const placed = await order(shop, customer, await insertProduct(db));
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    const intent = () =>
      shop.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(customer.token),
        payload: { orderId },
      });

    expect((await intent()).statusCode).toBe(200);
    expect((await intent()).statusCode).toBe(200);
    const refused = await intent();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: messages.tooManyRequests },
    });
    const report = await shop.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: bearer(customer.token),
      payload: { transactionId: 'pi_made_up' },
    });
    expect(report.statusCode).toBe(429);
  });

  it.skipIf(!redisUrl)('counts one account across instances through Redis', async () => {
    const limits = { ORDER_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redisUrl ?? '' };
    const [first, second] = [await app(limits), await app(limits)];
    const customer = await registerAccount(first);
    const productId = await insertProduct(db);

    expect((await order(first, customer, productId)).statusCode).toBe(200);
    expect((await order(second, customer, productId)).statusCode).toBe(200);
    expect((await order(first, customer, productId)).statusCode).toBe(200);
    // Each instance alone has seen fewer than 3; together they have seen 3.
    expect((await order(second, customer, productId)).statusCode).toBe(429);
    expect((await order(first, customer, productId)).statusCode).toBe(429);
  });

  it('finding 11: keeps selling while Redis is away, and still holds the limit on this instance', async () => {
    const shop = await app({
      ORDER_RATE_LIMIT_PER_MINUTE: '3',
      // Nothing listens on port 9: every Redis command fails at once.
      REDIS_URL: 'redis://127.0.0.1:9',
    });
    const customer = await registerAccount(shop);
    const productId = await insertProduct(db);
    for (let i = 0; i < 3; i += 1)
      expect((await order(shop, customer, productId)).statusCode).toBe(200);
    // The old code skipped the limit (skipOnError): a fourth order went through.
    expect((await order(shop, customer, productId)).statusCode).toBe(429);
  });
});

describe('security headers, CORS and body size', () => {
  let db: TestDb;
  const apps: FastifyInstance[] = [];
  const sqlite = testDatabases[0];

  async function app(overrides: Record<string, string> = {}) {
    const built = await buildTestApp(db, overrides);
    apps.push(built);
    return built;
  }

  beforeAll(async () => {
    if (!sqlite) throw new Error('SQLite is always tested');
    db = await sqlite.open();
  });

  afterAll(async () => {
    await Promise.all(apps.map((one) => one.close()));
    await db?.drop();
  });

  it('sends helmet headers and a CSP that loads nothing from Stripe without Stripe', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/products' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // The one inline script (issue 33: presses before the page is taken over), by its hash only.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('stripe.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it("sends all of helmet's headers on every kind of answer, and the API docs their own policy", async () => {
    const shop = await app();
    const helmetHeaders = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const apiPolicy = (await shop.inject({ url: '/api/products' })).headers[
      'content-security-policy'
    ];
    for (const url of ['/api/products', '/', '/products/x', '/api/nothing-here', '/api/docs/']) {
      const res = await shop.inject({ url });
      for (const name of helmetHeaders) expect(res.headers[name], `${url}: ${name}`).toBeDefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      if (url.startsWith('/api/docs')) {
        expect(res.headers['content-security-policy']).not.toBe(apiPolicy);
      } else {
        expect(res.headers['content-security-policy'], url).toBe(apiPolicy);
      }
    }
  });

  it('lets Stripe Elements load its script, frames and API calls when Stripe is the gateway', async () => {
    const shop = await app({
      STRIPE_SECRET_KEY: 'sk_test_csp',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
    });
    const csp = String(
      (await shop.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('answers no other site by default (CORS closed)', async () => {
    const res = await (
      await app()
    ).inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers only the configured origins when CORS_ORIGINS is set', async () => {
    const shop = await app({ CORS_ORIGINS: 'https://partner.example, https://b2b.example' });
    const preflight = (origin: string) =>
      shop.inject({
        method: 'OPTIONS',
        url: '/api/order',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight('https://b2b.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://b2b.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const refused = await preflight('https://elsewhere.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a body over the size limit with 413 before anything reads it', async () => {
    const shop = await app();
    const customer = await registerAccount(shop);
    const res = await shop.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(customer.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ address: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('payload_too_large');
  });
});
