import { signInMethodsSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';

describe.each(testDatabases)('GET /api/sign-in-methods on $name', (kind) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db.drop();
  });

  it.each([
    ['without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', {}, false],
    [
      'with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      {
        GOOGLE_CLIENT_ID: 'shop-client',
        GOOGLE_CLIENT_SECRET: 'shop-secret',
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:9/issuer',
      },
      true,
    ],
  ])(
    "ux 2026-11-28 #22: tells anyone whether 'Continue With Google' works, %s",
    async (_when, env, google) => {
      const app = await buildTestApp(db, env);
      try {
        const res = await app.inject({ method: 'GET', url: '/api/sign-in-methods' });
        expect(res.statusCode).toBe(200);
        expect(signInMethodsSchema.parse(res.json())).toEqual({ google });
      } finally {
        await app.close();
      }
    },
  );
});
