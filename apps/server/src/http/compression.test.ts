import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { withShop } from '../test/shop.js';
import { pickEncoding } from './static-web.js';

// The API's JSON is compressed when the caller accepts it (Lighthouse's "text compression").
describe.each(testDatabases)('JSON compression on $name', (kind) => {
  const shop = withShop(kind);
  /** The OpenAPI document: JSON well over the 1 KB from which answers are compressed. */
  let plain: string;

  beforeAll(async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.headers['content-encoding']).toBeUndefined();
    plain = res.body;
    expect(plain.length).toBeGreaterThan(1024);
  });

  const get = (url: string, acceptEncoding: string) =>
    shop.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('answers in brotli when the caller accepts it', async () => {
    const res = await get('/api/docs/json', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain);
  });

  it('answers in gzip when brotli is not accepted', async () => {
    const res = await get('/api/docs/json', 'br;q=0, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain);
  });

  it('sends plain JSON to a caller that accepts no compression', async () => {
    const res = await get('/api/docs/json', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(plain);
  });

  it('answers in the encoding pickEncoding names, a higher q first', async () => {
    // pickEncoding keys the replayed lists (hot-lists.ts): it must agree with the plugin.
    for (const header of ['gzip;q=1, br;q=0.1', 'br, gzip, zstd', '*', 'x-gzip', 'identity']) {
      const res = await get('/api/docs/json', header);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(pickEncoding(header));
    }
    expect(pickEncoding('gzip;q=1, br;q=0.1')).toBe('gzip');
  });

  it('leaves small answers as they are', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
