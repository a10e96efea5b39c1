import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { apiErrorSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';

describe.each(testDatabases)('HTTP layer on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, 'images'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Shop</title>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(
      path.join(webDist, 'assets', 'index-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    writeFileSync(path.join(webDist, 'images', 'logo.svg'), '<svg/>');
    db = await kind.open();
    app = await buildTestApp(db, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('reports health once the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/products'],
      ['DELETE', '/api/reviews'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
    }
  });

  it('answers a malformed URL with a JSON 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('bad_request');
  });

  it('keeps a sane caller request id and makes one otherwise', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-42' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-42');
    const made = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces\n' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('asks browsers to upgrade to HTTPS only when the shop is public over HTTPS', async () => {
    const secure = await buildTestApp(db, { PUBLIC_URL: 'https://shop.example.com' });
    const res = await secure.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    await secure.close();
  });

  it("gives the API docs the shop's HTTPS rule: no upgrade-insecure-requests over HTTP", async () => {
    const secure = await buildTestApp(db, { PUBLIC_URL: 'https://shop.example.com' });
    try {
      for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
        const plain = await app.inject({ method: 'GET', url });
        expect(plain.statusCode, url).toBeLessThan(400);
        expect(plain.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(plain.headers['content-security-policy'], url).not.toContain(
          'upgrade-insecure-requests',
        );
        const overHttps = await secure.inject({ method: 'GET', url });
        expect(overHttps.headers['content-security-policy'], url).toContain(
          'upgrade-insecure-requests',
        );
      }
    } finally {
      await secure.close();
    }
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/products',
        '/api/products/{id}',
        '/api/reviews',
      ]),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  describe('the web app', () => {
    it('serves index.html for client routes, never cached', async () => {
      for (const url of ['/', '/products', '/order/0123456789abcdef01234567', '/no/such/page']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<title>Shop</title>');
      }
    });

    it('caches hashed assets for a year', async () => {
      const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves the build-time brotli file to browsers that accept it', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
    });

    it('caches other static files for a day', async () => {
      const res = await app.inject({ method: 'GET', url: '/images/logo.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('answers a missing file with 404, not the app', async () => {
      const res = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
      expect(res.statusCode).toBe(404);
    });
  });
});
