import { searchTerms } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductsRepository } from '../../modules/products/products.repository.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { createMigrator, migrateToLatest } from '../migrate.js';
import { newId } from '../ids.js';
import { nowIso } from '../time.js';

/** 0011 indexes the products a shop already has, and can be rolled back and applied again. */
describe.each(testDatabases)('migration 0011-product-search on $name', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('finds the products that were there before it, and can be rolled back', async () => {
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo('0010-mail-outbox-claims');
    expect(down.error).toBeUndefined();
    const now = nowIso();
    const product = (name: string, sku: string | null) => ({
      id: newId(),
      name,
      description: 'Made before search existed',
      img_url: '/images/products/old.svg',
      price_cents: 4_500,
      aqty: 10,
      minquantity: 1,
      sku,
      created_at: now,
      updated_at: now,
    });
    await db.kysely
      .insertInto('products')
      .values([product('Vintage Micro-ATX Tower', 'OLD-1'), product('Vintage PSU', null)])
      .execute();

    expect(await migrateToLatest(db)).toContain('0011-product-search');
    const products = createProductsRepository(db.kysely, db.dialect);
    // Through migration 0018's folded search text, filled for the products already there.
    const names = async (q: string) =>
      (await products.search({ terms: searchTerms(q) })).rows.map((row) => row.name).sort();
    expect(await names('micro-atx')).toEqual(['Vintage Micro-ATX Tower']);
    expect(await names('vintage before')).toEqual(['Vintage Micro-ATX Tower', 'Vintage PSU']);
    expect(await names('old-1')).toEqual(['Vintage Micro-ATX Tower']);

    const back = await migrator.migrateTo('0010-mail-outbox-claims');
    expect(back.error).toBeUndefined();
    if (db.dialect === 'sqlite') {
      await expect(sql`select 1 from product_search`.execute(db.kysely)).rejects.toThrow();
    }
    expect(await migrateToLatest(db)).toContain('0011-product-search');
    expect(await names('psu')).toEqual(['Vintage PSU']);
  });
});
