import { apiErrorSchema, HOME_REVIEW_COUNT, reviewListSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReviews } from '../../db/seed/demo-data.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';

describe.each(testDatabases)('reviews API on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  const newestFirst = [...demoReviews].sort((a, b) => a.daysAgo - b.daysAgo);

  beforeAll(async () => {
    db = await kind.open();
    await seedDemoData(db, new Date('2026-06-01T12:00:00.000Z'));
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('lists reviews newest first with ISO times', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    const reviews = reviewListSchema.parse(res.json());
    expect(reviews.map((r) => r.reviewer)).toEqual(newestFirst.map((r) => r.reviewer));
    expect(reviews[0]!.time).toBe('2026-05-30T12:00:00.000Z');
    const times = reviews.map((r) => Date.parse(r.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('returns the latest N with ?limit', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/reviews?limit=${HOME_REVIEW_COUNT}` });
    const reviews = reviewListSchema.parse(res.json());
    expect(reviews).toHaveLength(HOME_REVIEW_COUNT);
    expect(reviews.map((r) => r.reviewer)).toEqual(
      newestFirst.slice(0, HOME_REVIEW_COUNT).map((r) => r.reviewer),
    );
  });

  it('never shows an email address or user id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reviews' });
    for (const review of res.json() as Record<string, unknown>[]) {
      expect(Object.keys(review).sort()).toEqual(['_id', 'rating', 'review', 'reviewer', 'time']);
    }
    expect(res.body).not.toMatch(/@/);
  });

  it.each(['0', '1000', 'ten'])('refuses ?limit=%s', async (limit) => {
    const res = await app.inject({ method: 'GET', url: `/api/reviews?limit=${limit}` });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('validation_failed');
  });
});
