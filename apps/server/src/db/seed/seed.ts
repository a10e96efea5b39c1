import { sql } from 'kysely';
import type { Db } from '../database.js';
import { newId } from '../ids.js';
import { demoProducts, demoReviews } from './demo-data.js';
import { searchColumns } from '../../modules/products/products.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty shop (no products and no reviews) with the demo catalog and reviews, in one
 * transaction. Returns what it added, or undefined when the shop already had data.
 */
export async function seedDemoData(
  db: Db,
  now: Date = new Date(),
): Promise<{ products: number; reviews: number } | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    // Two instances starting on one PostgreSQL database must not both seed it.
    if (db.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext('shop-demo-seed'))`.execute(trx);
    }
    const hasProduct = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst();
    const hasReview = await trx.selectFrom('reviews').select('id').limit(1).executeTakeFirst();
    if (hasProduct || hasReview) return undefined;

    // Products get increasing times so the catalog order is the order above.
    const catalogStart = now.getTime() - demoProducts.length * 1000;
    await trx
      .insertInto('products')
      .values(
        demoProducts.map((p, i) => {
          const at = new Date(catalogStart + i * 1000).toISOString();
          return {
            id: newId(),
            name: p.name,
            description: p.description,
            img_url: p.image,
            price_cents: p.priceCents,
            aqty: p.aqty,
            minquantity: p.minquantity,
            category: p.category,
            sku: p.sku,
            specs: JSON.stringify(p.specs),
            increment: p.increment,
            price_breaks: JSON.stringify(p.priceBreaks),
            ...searchColumns(p),
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .execute();
    await trx
      .insertInto('reviews')
      .values(
        demoReviews.map((r) => ({
          id: newId(),
          user_id: null,
          rating: r.rating,
          review: r.review,
          reviewer: r.reviewer,
          created_at: new Date(now.getTime() - r.daysAgo * DAY_MS).toISOString(),
        })),
      )
      .execute();
    return { products: demoProducts.length, reviews: demoReviews.length };
  });
}
