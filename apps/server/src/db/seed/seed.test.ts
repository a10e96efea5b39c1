import { productInputSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { demoProducts, demoReviews } from './demo-data.js';
import { seedDemoData } from './seed.js';

describe.each(testDatabases)('database setup on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(() => db.drop());

  it('has nothing left to migrate after the first run', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('seeds an empty shop once, even when two starts race', async () => {
    const results = await Promise.all([seedDemoData(db), seedDemoData(db)]);
    const seeded = results.filter(Boolean);
    expect(seeded).toEqual([{ products: demoProducts.length, reviews: demoReviews.length }]);
    expect(await seedDemoData(db)).toBeUndefined();

    const products = await db.kysely.selectFrom('products').selectAll().execute();
    expect(products).toHaveLength(demoProducts.length);
    expect(await db.kysely.selectFrom('reviews').selectAll().execute()).toHaveLength(
      demoReviews.length,
    );
  });

  it('ships demo data a real shop could show', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(9);
    for (const p of demoProducts) {
      expect(p.image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(p.minquantity).toBeLessThanOrEqual(p.aqty);
      expect(p.priceCents).toBeGreaterThan(0);
      // Every demo product passes the rules an admin's product does (pack sizes, breaks).
      const input = {
        name: p.name,
        description: p.description,
        imgURL: p.image,
        price: p.priceCents / 100,
        aqty: p.aqty,
        minquantity: p.minquantity,
        category: p.category,
        sku: p.sku,
        specs: p.specs,
        increment: p.increment,
        priceBreaks: p.priceBreaks.map((b) => ({ minQty: b.minQty, price: b.priceCents / 100 })),
      };
      expect(productInputSchema.safeParse(input).error?.issues).toBeUndefined();
      // A carton's worth of stock, and at least two price breaks.
      expect(p.aqty % p.increment).toBe(0);
      expect(p.priceBreaks.length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(demoProducts.map((p) => p.sku)).size).toBe(demoProducts.length);
    expect(new Set(demoProducts.map((p) => p.category))).toEqual(
      new Set(['cases', 'gaming-cases', 'power-supplies']),
    );
    expect(demoReviews.length).toBeGreaterThanOrEqual(8);
    for (const r of demoReviews) {
      expect(r.review.length).toBeGreaterThanOrEqual(50);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
    }
  });
});
