import { paymentsConfigSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';

describe.each(testDatabases)('GET /api/payments/config on $name', (kind) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db.drop();
  });

  it.each([
    ['outside production', {}],
    [
      'in production with PAYMENTS_TEST_MODE=true',
      { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' },
    ],
  ])('tells anyone that the built-in gateway is test mode %s', async (_when, env) => {
    const app = await buildTestApp(db, env);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(res.statusCode).toBe(200);
      expect(paymentsConfigSchema.parse(res.json())).toEqual({
        gateway: 'test',
        publishableKey: null,
        testMode: true,
      });
    } finally {
      await app.close();
    }
  });
});
