import { productListSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/build-app.js';
import { MAX_HOT_ENTRIES } from './hot-lists.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { insertProduct } from '../test/factories.js';

/** Headers that differ between two answers of the same content by nature. */
const perRequest = new Set(['date', 'x-request-id']);
const stableHeaders = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !perRequest.has(name)));

describe.each(testDatabases)('replayed public lists on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  /** Requests that went through Fastify's hooks (the others were replayed by the server). */
  let throughFastify = 0;

  beforeAll(async () => {
    db = await kind.open();
    app = await buildApp({ config: testConfig(), db, mailer: { send: async () => undefined } });
    app.addHook('onRequest', async () => {
      throughFastify += 1;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('replays the exact answer Fastify gave until the table changes', async () => {
    await insertProduct(db, { stock: 10 });
    // PostgreSQL: the change feed answers once its LISTEN connection is up.
    await expect
      .poll(async () => {
        const before = throughFastify;
        await fetch(`${base}/api/products?limit=6`);
        await fetch(`${base}/api/products?limit=6`);
        return throughFastify - before;
      })
      .toBe(0);

    const first = await fetch(`${base}/api/products?limit=6`);
    const second = await fetch(`${base}/api/products?limit=6`);
    expect(stableHeaders(second)).toEqual(stableHeaders(first));
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await second.text()).toBe(await first.text());

    const id = await insertProduct(db, { stock: 77 });
    await expect
      .poll(async () =>
        productListSchema
          .parse(await (await fetch(`${base}/api/products`)).json())
          .some((product) => product._id === id),
      )
      .toBe(true);
  });

  it('keeps one answer per encoding the caller accepts', async () => {
    // Enough products for the list to be worth compressing.
    for (let i = 0; i < 4; i += 1) await insertProduct(db);
    const get = (encoding: string) =>
      fetch(`${base}/api/products`, { headers: { 'accept-encoding': encoding } });
    await expect
      .poll(async () => {
        const before = throughFastify;
        await get('br');
        await get('identity');
        await get('br');
        await get('identity');
        return throughFastify - before;
      })
      .toBeLessThanOrEqual(2);
    const before = throughFastify;
    const brotli = await get('br');
    const plain = await get('identity');
    expect(throughFastify - before).toBe(0);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await brotli.text()).toBe(await plain.text());
  });

  it('keeps a sane request id from a proxy, and never replays other methods or errors', async () => {
    await fetch(`${base}/api/reviews`);
    const replayed = await fetch(`${base}/api/reviews`, {
      headers: { 'x-request-id': 'proxy-42' },
    });
    expect(replayed.headers.get('x-request-id')).toBe('proxy-42');

    const before = throughFastify;
    expect((await fetch(`${base}/api/products?limit=0`)).status).toBe(400);
    expect((await fetch(`${base}/api/products?limit=0`)).status).toBe(400);
    expect((await fetch(`${base}/api/products`, { method: 'HEAD' })).status).toBe(200);
    expect(throughFastify - before).toBe(3);
  });

  it('keeps taking new lists after many junk addresses, dropping the oldest', async () => {
    // Issue 10: after 64 junk URLs no new list was kept until a restart.
    for (let i = 0; i < MAX_HOT_ENTRIES + 10; i += 1) {
      expect((await fetch(`${base}/api/products?limit=6&junk=${i}`)).status).toBe(200);
    }
    await expect
      .poll(async () => {
        const before = throughFastify;
        await fetch(`${base}/api/reviews?limit=5`);
        await fetch(`${base}/api/reviews?limit=5`);
        return throughFastify - before;
      })
      .toBeLessThanOrEqual(1);
  });
});

describe.each(testDatabases)('replayed public lists with CORS origins on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let throughFastify = 0;
  const partner = 'https://partner.example';

  beforeAll(async () => {
    db = await kind.open();
    app = await buildApp({
      config: testConfig({ CORS_ORIGINS: partner }),
      db,
      mailer: { send: async () => undefined },
    });
    app.addHook('onRequest', async () => {
      throughFastify += 1;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("never replays one origin's CORS headers to another", async () => {
    // Issue 10: the kept answer was replayed with another origin's Access-Control-Allow-Origin.
    const get = (origin?: string) =>
      fetch(`${base}/api/reviews?limit=6`, { headers: origin ? { origin } : {} });
    await expect
      .poll(async () => {
        const before = throughFastify;
        await get(partner);
        await get(partner);
        return throughFastify - before;
      })
      .toBe(0);
    const kept = await get(partner);
    expect(kept.headers.get('access-control-allow-origin')).toBe(partner);
    expect(kept.headers.get('access-control-expose-headers')).toMatch(/x-total-count/i);
    expect(kept.headers.get('x-total-count')).toMatch(/^\d+$/);
    for (let i = 0; i < 2; i += 1) {
      const evil = await get('https://evil.example');
      expect(evil.status).toBe(200);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      const plain = await get();
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    }
    // Each is kept on its own: the second round was replayed too.
    const before = throughFastify;
    await get('https://evil.example');
    await get();
    expect(throughFastify - before).toBe(0);
  });
});

describe('the access line of a replayed answer', () => {
  type Line = Record<string, unknown> & { req: Record<string, unknown> };

  /** The access lines of the same list asked until it is replayed: Fastify's first, then kept. */
  async function accessLines(config: Record<string, string>, headers: Record<string, string>) {
    const kind = testDatabases[0];
    if (!kind) throw new Error('no test database');
    const db = await kind.open();
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info', ...config }),
      db,
      mailer: { send: async () => undefined },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const url = '/api/products?limit=6&q=%22quoted%22\\';
      const completed = () =>
        lines
          .map((line) => JSON.parse(line) as Line)
          .filter((line) => line.msg === 'request completed');
      await expect
        .poll(async () => {
          await fetch(`http://127.0.0.1:${address.port}${url}`, { headers });
          return completed().length;
        })
        .toBeGreaterThan(2);
      const [viaFastify, ...rest] = completed();
      const replayed = rest.at(-1);
      if (!viaFastify || !replayed) throw new Error('no access lines');
      expect(lines.at(-1)?.endsWith('}\n')).toBe(true);
      expect(replayed.req.url).toBe(url);
      return { viaFastify, replayed };
    } finally {
      await app.close();
      await db.drop();
    }
  }

  function expectSameLine(replayed: Line, viaFastify: Line) {
    expect(Object.keys(replayed)).toEqual(Object.keys(viaFastify));
    expect(Object.keys(replayed.req)).toEqual(Object.keys(viaFastify.req));
    expect({ ...replayed.req, remotePort: 0 }).toEqual({ ...viaFastify.req, remotePort: 0 });
    expect(replayed.res).toEqual({ statusCode: 200 });
    expect(replayed.reqId).not.toBe(viaFastify.reqId);
    expect(typeof replayed.responseTime).toBe('number');
  }

  it('is the line Fastify writes, field for field, in the same order', async () => {
    const { viaFastify, replayed } = await accessLines({}, {});
    expectSameLine(replayed, viaFastify);
    expect(replayed.req).toMatchObject({ remoteAddress: '127.0.0.1' });
  });

  it('names the client and host the trusted proxy forwarded, as Fastify does', async () => {
    const { viaFastify, replayed } = await accessLines(
      { TRUST_PROXY: '127.0.0.1' },
      { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'shop.example' },
    );
    expectSameLine(replayed, viaFastify);
    expect(replayed.req).toMatchObject({ remoteAddress: '203.0.113.9', host: 'shop.example' });
  });

  it('never names a forged address when no proxy is trusted', async () => {
    const { viaFastify, replayed } = await accessLines(
      {},
      { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'forged.example' },
    );
    expectSameLine(replayed, viaFastify);
    expect(JSON.stringify(replayed)).not.toMatch(/203\.0\.113\.9|forged/);
  });
});
