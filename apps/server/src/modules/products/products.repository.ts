import type { Kysely } from 'kysely';
import type { Database, ProductRow } from '../../db/schema.js';

export function createProductsRepository(db: Kysely<Database>) {
  return {
    /** Products in catalog order (oldest first, so the showcase is stable). */
    list(limit?: number): Promise<ProductRow[]> {
      let query = db.selectFrom('products').selectAll().orderBy('created_at').orderBy('id');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    findById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
