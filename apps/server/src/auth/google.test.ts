import { apiErrorSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await testDatabases[0]!.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('answers 404 so the web app can say Google is not configured', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/login?google=1' },
    });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
  });
});
