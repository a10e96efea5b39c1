import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiErrorSchema, messages, productCreatedSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { bearer, registerAdmin, type TestAccount } from '../test/factories.js';
import { withShop } from '../test/shop.js';

/**
 * The public pages as HTML (DESIGN.md section 15), read as a crawler reads them: the HTML the
 * server sends, no script run. Runs against the built web app (`npm run build`: dist and
 * dist-ssr), as the shop serves it.
 */
const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const SSR_ENTRY = fileURLToPath(new URL('../../../web/dist-ssr/entry-server.js', import.meta.url));
if (!existsSync(SSR_ENTRY)) {
  throw new Error('The web app is not built: run `npm run build` before these tests.');
}
const ORIGIN = 'https://shop.example';

/** The attributes of the first tag matching `pattern` (a regular expression source). */
function tag(html: string, pattern: string): Record<string, string> | undefined {
  const found = new RegExp(`<(?:${pattern})[^>]*>`).exec(html)?.[0];
  if (!found) return undefined;
  const attributes: Record<string, string> = {};
  for (const [, name = '', value = ''] of found.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    attributes[name] = value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  }
  return attributes;
}
const meta = (html: string, key: string) =>
  tag(html, `meta[^>]*(?:name|property)="${key}"`)?.['content'];
const canonical = (html: string) => tag(html, 'link[^>]*rel="canonical"')?.['href'];
const title = (html: string) =>
  /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
/** The page's visible text, tags taken out. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
const jsonLd = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ''),
  );

const product = (fields: Record<string, unknown> = {}) => ({
  name: `Case ${Math.random().toString(16).slice(2, 10)}`,
  aqty: '250',
  price: '59.90',
  minquantity: '10',
  description: 'A mesh-front mid tower with four fans.',
  imgURL: '/images/products/vortex-rgb-gaming.svg',
  ...fields,
});

describe.each(testDatabases)('public pages as HTML on $name', (kind) => {
  const shop = withShop(kind, { config: { WEB_DIST, PUBLIC_URL: ORIGIN } });
  let admin: TestAccount;

  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: product(fields),
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return productCreatedSchema.parse(res.json()).product;
  };
  const page = async (url: string) => {
    const res = await shop.app.inject({ method: 'GET', url });
    return { status: res.statusCode, html: res.body, headers: res.headers };
  };

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
  });

  it('draws the home page with its products, tags and no script needed', async () => {
    const made = await create();
    const { status, html, headers } = await page('/');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(text(html)).toContain(made.name);
    expect(text(html)).toContain('Min. Qty.');
    expect(text(html)).toContain('Able. Qty.');
    expect(text(html)).toContain('Customer Review');
    expect(title(html)).toBe('Computer cases, gaming cases and power supplies | CaseForge');
    expect(meta(html, 'description')).toMatch(/^CaseForge manufactures/);
    expect(html.match(/<meta[^>]*name="description"/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(canonical(html)).toBe(`${ORIGIN}/`);
    expect(meta(html, 'og:title')).toBe('Computer cases, gaming cases and power supplies');
    expect(meta(html, 'og:description')).toMatch(/^CaseForge manufactures/);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'robots')).toBeUndefined();
    // The data the browser takes the page over with, in a block no script policy blocks.
    expect(html).toContain('<script type="application/json" id="server-page">');
    // No inline script: the shop's CSP (script-src 'self') would refuse it.
    expect(html).not.toMatch(/<script>/);
  });

  it('draws /products with every query: content, canonical with category and page, noindex for a search', async () => {
    const made = await create({ description: 'A quiet ATX case with padded panels.' });
    const plain = await page('/products');
    expect(plain.status).toBe(200);
    expect(text(plain.html)).toContain(made.name);
    expect(text(plain.html)).toContain('$59.90');
    expect(canonical(plain.html)).toBe(`${ORIGIN}/products`);
    expect(meta(plain.html, 'robots')).toBeUndefined();
    expect(meta(plain.html, 'og:url')).toBe(`${ORIGIN}/products`);

    const search = await page(`/products?q=${encodeURIComponent(made.name)}&sort=price`);
    expect(search.status).toBe(200);
    expect(text(search.html)).toContain(made.name);
    expect(meta(search.html, 'robots')).toBe('noindex, follow');
    expect(canonical(search.html)).toBe(`${ORIGIN}/products`);

    const paged = await page('/products?category=cases&sort=price&page=2');
    expect(paged.status).toBe(200);
    expect(canonical(paged.html)).toBe(`${ORIGIN}/products?category=cases&page=2`);
    expect(title(paged.html)).toBe('Cases, page 2 | Our Tools | CaseForge');
  });

  it('draws a product page with its details, Open Graph image and Product JSON-LD', async () => {
    const made = await create({
      sku: 'HX-1',
      priceBreaks: [{ minQty: 100, price: '49.90' }],
      specs: [{ name: 'Form factor', value: 'ATX' }],
    });
    const { status, html } = await page(`/products/${made._id}`);
    expect(status).toBe(200);
    const visible = text(html);
    for (const shown of [made.name, '$59.90', '49.90', 'Form factor', 'ATX', 'HX-1']) {
      expect(visible).toContain(shown);
    }
    expect(title(html)).toBe(`${made.name} | CaseForge`);
    expect(canonical(html)).toBe(`${ORIGIN}/products/${made._id}`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe(made.name);
    expect(meta(html, 'og:description')).toBe(made.description);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/products/${made._id}`);
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/images/products/vortex-rgb-gaming.svg`);
    const [data, ...more] = jsonLd(html);
    expect(more).toEqual([]);
    // The fields Google's product rich results read.
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: made.name,
      sku: 'HX-1',
      image: [`${ORIGIN}/images/products/vortex-rgb-gaming.svg`],
      description: made.description,
      offers: {
        '@type': 'Offer',
        price: 59.9,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('says OutOfStock when the stock is below the minimum order', async () => {
    const made = await create({ aqty: '5', minquantity: '10' });
    const [data] = jsonLd((await page(`/products/${made._id}`)).html);
    expect(data).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('keeps a description with </script> inside its JSON-LD', async () => {
    const hostile = 'Tough </script><script>alert(1)</script> <!-- & \u2028 "quoted"';
    const made = await create({ description: hostile });
    const { html } = await page(`/products/${made._id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
    const [data] = jsonLd(html);
    expect(data).toMatchObject({ description: hostile });
  });

  it('answers 404 with the not-found page for unknown paths, ids and archived products', async () => {
    const archived = await create();
    await shop.db.kysely
      .updateTable('products')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', archived._id)
      .execute();
    for (const url of [
      '/no-such-page',
      '/products/ffffffffffffffffffffffff',
      '/products/not-an-id',
      '/products/%E2%9C%93',
      `/products/${archived._id}`,
      '/dashboard/no-such-page',
      '/blogs/extra',
    ]) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(text(html), url).toContain(messages.notFound);
      expect(title(html), url).toBe('Page not found | CaseForge');
      expect(meta(html, 'robots'), url).toBe('noindex');
    }
    const api = await shop.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(apiErrorSchema.parse(api.json()).error.code).toBe('not_found');
  });

  it('answers hostile page addresses without a 500, never drawing a stray script', async () => {
    const hostile = [
      '/products?q=%00',
      '/products?q=%ED%A0%80',
      `/products?q=${'x'.repeat(5_000)}`,
      '/products?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/products?page=99999999&sort=cheap&category=nope',
      '/products?page=-1&limit=100000',
      '/products?category=cases&category=psu',
      '/products?wattage=%00&efficiency=' + 'y'.repeat(500),
      '/products/%3Cscript%3E',
      '/products/%00',
      '/products/%E0%A4%A',
      `/products/${'a'.repeat(3_000)}`,
      '/%2e%2e/%2e%2e/etc/passwd',
      '/blogs?q=%ED%A0%80',
      '/dashboard/%00',
    ];
    for (const url of hostile) {
      const { status, html } = await page(url);
      expect(status, url).toBeLessThan(500);
      expect(html, url).not.toContain('<script>alert(1)');
    }
  });

  it('leaves private pages to the browser, with noindex', async () => {
    for (const url of ['/dashboard', '/dashboard/profile', '/checkout', '/order-list']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(meta(html, 'robots'), url).toBe('noindex');
      expect(html, url).not.toContain('id="server-page"');
    }
  });

  it('draws the blog and portfolio pages with their tags', async () => {
    for (const [url, heading] of [
      ['/blogs', 'Question & Answering Section'],
      ['/portfolio', 'Portfolio'],
    ] as const) {
      const { status, html } = await page(url);
      expect(status).toBe(200);
      expect(title(html)).toBe(`${heading} | CaseForge`);
      expect(text(html)).toContain(heading);
      expect(canonical(html)).toBe(`${ORIGIN}${url}`);
      expect(meta(html, 'og:title')).toBe(heading);
      expect(meta(html, 'description')).toBeTruthy();
    }
  });

  it('lists the public pages and every catalog product in /sitemap.xml, named in /robots.txt', async () => {
    const listed = await create();
    const archived = await create();
    await shop.db.kysely
      .updateTable('products')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', archived._id)
      .execute();
    const sitemap = await shop.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/products', '/blogs', '/portfolio']) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    expect(locs).not.toContain(`${ORIGIN}/login`);
    expect(locs).not.toContain(`${ORIGIN}/register`);
    expect(locs).not.toContain(`${ORIGIN}/products/${archived._id}`);
    expect(sitemap.body).toMatch(
      new RegExp(
        `<loc>${ORIGIN}/products/${listed._id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod>`,
      ),
    );
    const robots = await shop.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /checkout');
  });
});

describe.each(testDatabases)('kept public pages on $name', (kind) => {
  const shop: { db: TestDb; app: FastifyInstance } = {} as never; // set in beforeAll
  let admin: TestAccount;
  let base: string;
  /** Page requests that went through Fastify (the others were sent from the kept pages). */
  const drawn: string[] = [];

  beforeAll(async () => {
    shop.db = await kind.open();
    shop.app = await buildApp({
      config: testConfig({ WEB_DIST, PUBLIC_URL: ORIGIN }),
      db: shop.db,
      mailer: { send: async () => undefined },
    });
    shop.app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api')) drawn.push(request.url);
    });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const address = shop.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    admin = await registerAdmin(shop.app, shop.db);
  });
  afterAll(async () => {
    await shop.app?.close();
    await shop.db?.drop();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, { headers });
    return { status: res.status, html: await res.text(), headers: res.headers };
  };
  const save = async (id: string, fields: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/products/${id}`, {
      method: 'PUT',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify(product(fields)),
    });
    expect(res.status).toBe(200);
  };
  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: product(fields),
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return productCreatedSchema.parse(res.json()).product;
  };

  it('sends a kept page without drawing it again, the same bytes in every encoding', async () => {
    const made = await create();
    const url = `/products/${made._id}`;
    const first = await get(url);
    drawn.length = 0;
    const again = await get(url);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(drawn).toEqual([]);
    expect(again.html).toBe(first.html);
    expect(gzip.html).toBe(first.html);
    expect(br.html).toBe(first.html);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    // The kept answer carries the headers Fastify's answer had.
    expect(again.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy'),
    );
    expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('shows an admin save at once on the product page and on /products', async () => {
    const made = await create({ name: 'Kept Case 4f1a' });
    const url = `/products/${made._id}`;
    await get(url);
    await get('/products');
    expect((await get(url)).html).toContain('Kept Case 4f1a');
    expect((await get('/products')).html).toContain('Kept Case 4f1a');

    await save(made._id, { name: 'Renamed Case 9c2b', price: '61.50' });
    const page = await get(url);
    expect(page.html).toContain('Renamed Case 9c2b');
    expect(page.html).toContain('"price":61.5');
    expect(page.html).not.toContain('Kept Case 4f1a');
    const list = await get('/products');
    expect(list.html).toContain('Renamed Case 9c2b');
    expect(list.html).not.toContain('Kept Case 4f1a');
  });

  it('keeps no invented addresses: a search, unknown parameters, another spelling', async () => {
    for (const url of ['/products?q=case', '/products?junk=1', '/products?page=1', '/?utm=1']) {
      await get(url);
      drawn.length = 0;
      expect((await get(url)).status).toBe(200);
      expect(drawn, url).toEqual([url]);
    }
    // Nor a 404.
    await get('/no-such-page');
    drawn.length = 0;
    expect((await get('/no-such-page')).status).toBe(404);
    expect(drawn).toEqual(['/no-such-page']);
  });
});
