import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';

// The API's JSON is compressed when the caller accepts it (Lighthouse's "text compression").
describe.each(testDatabases)('JSON compression on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  /** The OpenAPI document: JSON well over the 1 KB from which answers are compressed. */
  let plain: string;

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.headers['content-encoding']).toBeUndefined();
    plain = res.body;
    expect(plain.length).toBeGreaterThan(1024);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const get = (url: string, acceptEncoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

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

  it('leaves small answers as they are', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
