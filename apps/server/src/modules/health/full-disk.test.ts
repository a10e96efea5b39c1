import type * as FsPromises from 'node:fs/promises';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorSchema, messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { bearer, registerAdmin, uniqueEmail } from '../../test/factories.js';

/** The disk as the tests want it: writes and free space can be made to fail. */
const disk = vi.hoisted(() => ({ failWrites: false, freeBytes: 10 * 1024 ** 3 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const noSpace = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (!disk.failWrites) return actual.writeFile(file, data, options);
    // The disk fills up halfway through: part of the file is on it when the write fails.
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(String(data));
    await actual.writeFile(file, bytes.subarray(0, bytes.length / 2), options);
    throw noSpace();
  };
  const statfs = (async (target: string) => {
    const stats = await actual.statfs(target);
    return { ...stats, bsize: 4096, bavail: Math.floor(disk.freeBytes / 4096) };
  }) as typeof actual.statfs;
  return { ...actual, writeFile, statfs, default: { ...actual, writeFile, statfs } };
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4096, 1),
]);

function upload(content: Buffer) {
  const boundary = '----fulldiskboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const expectStorageFull = (res: { statusCode: number; headers: object; json(): unknown }) => {
  expect(res.statusCode).toBe(503);
  expect((res.headers as Record<string, unknown>)['retry-after']).toBe('60');
  expect(apiErrorSchema.parse(res.json()).error).toEqual({
    code: 'unavailable',
    message: messages.storageFull,
  });
};

/** Issue 10: a full disk gave 500s (sign-up a 422) while health stayed 200, and a 0-byte file. */
describe.each(testDatabases)('a full disk on $name', (kind) => {
  let db: TestDb;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  /** A fresh app per test: what one test's failure taught the shop must not leak. */
  const shop = async () => {
    const app = await buildTestApp(db, { DATA_DIR: dataDir });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    db = await kind.open();
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-full-disk-'));
  });
  afterEach(() => {
    disk.failWrites = false;
    disk.freeBytes = 10 * 1024 ** 3;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an upload cut short by a full disk with 503, keeps no part of it, and health says so', async () => {
    const app = await shop();
    const admin = await registerAdmin(app, db);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    disk.failWrites = true;
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(admin.token), ...upload(PNG).headers },
      payload: upload(PNG).payload,
    });
    expectStorageFull(res);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);

    // The disk is still full as far as anyone knows: the load balancer hears it.
    expectStorageFull(await app.inject({ method: 'GET', url: '/api/health' }));
  });

  it('stores the whole upload when there is room', async () => {
    const app = await shop();
    const admin = await registerAdmin(app, db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(admin.token), ...upload(PNG).headers },
      payload: upload(PNG).payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(readdirSync(path.join(dataDir, 'uploads'))).toEqual([path.basename(url)]);
    const served = await app.inject({ method: 'GET', url });
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('tells health when DATA_DIR is nearly full, before any write fails', async () => {
    disk.freeBytes = 1024 * 1024;
    const app = await shop();
    expectStorageFull(await app.inject({ method: 'GET', url: '/api/health' }));
  });
});

describe('a full SQLite database', () => {
  const sqlite = testDatabases.find((kind) => kind.name === 'sqlite');
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!sqlite) throw new Error('SQLite always runs');
    db = await sqlite.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('answers SQLITE_FULL with 503, for the API and the identity service alike', async () => {
    const admin = await registerAdmin(app, db);
    // No page may be added: the next write that needs one fails as on a full disk.
    await sql`pragma max_page_count = 1`.execute(db.kysely);
    let res;
    // The pages the migrations freed are used first.
    for (let i = 0; i < 1000; i += 1) {
      res = await app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: bearer(admin.token),
        payload: {
          rating: 5,
          review: `${'A long and honest review of the shop. '.repeat(50)}${i}`,
        },
      });
      if (res.statusCode !== 200) break;
    }
    expectStorageFull(res!);
    // The identity service's own tables may still have room on their pages; if not, its failure
    // is the full disk's 503 too, never the misleading 422 or a 500.
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), password: 'correct-horse-battery', name: 'Lena Ortiz' },
    });
    expect([200, 503]).toContain(signUp.statusCode);
    expectStorageFull(await app.inject({ method: 'GET', url: '/api/health' }));
  });
});
