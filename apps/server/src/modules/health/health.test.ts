import { apiErrorSchema, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { createHealthRepository } from './health.repository.js';

describe.each(testDatabases)('the health check on $name', (kind) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await kind.open();
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('is ready while the database answers, and a 503 once it does not', async () => {
    // Its own connection, so closing it leaves the test's database open for the cleanup.
    const own: Db = db.reopen();
    const app = await buildTestApp(own);
    try {
      const up = await app.inject({ method: 'GET', url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok' });

      await own.kysely.destroy();
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(apiErrorSchema.parse(down.json()).error).toEqual({
        code: 'unavailable',
        message: messages.databaseUnavailable,
      });
    } finally {
      await app.close();
    }
  });

  it('pings through the repository, which rejects when the database is gone', async () => {
    const own = db.reopen();
    const health = createHealthRepository(own.kysely);
    await expect(health.ping()).resolves.toBeUndefined();
    await own.close();
    await expect(health.ping()).rejects.toThrow();
  });
});
