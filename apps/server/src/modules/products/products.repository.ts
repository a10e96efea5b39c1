import type { Kysely } from 'kysely';
import type { Database, ProductRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';

/** A product's stored fields, prices in cents. */
export interface ProductFields {
  name: string;
  description: string;
  imgUrl: string;
  priceCents: number;
  aqty: number;
  minquantity: number;
}

const columns = (f: ProductFields) => ({
  name: f.name,
  description: f.description,
  img_url: f.imgUrl,
  price_cents: f.priceCents,
  aqty: f.aqty,
  minquantity: f.minquantity,
});

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

    async create(fields: ProductFields): Promise<ProductRow> {
      const id = newId();
      const now = nowIso();
      await db
        .insertInto('products')
        .values({ id, ...columns(fields), created_at: now, updated_at: now })
        .execute();
      const row = await this.findById(id);
      if (!row) throw new Error(`product ${id} vanished after its insert`);
      return row;
    },

    async update(id: string, fields: ProductFields): Promise<ProductRow | undefined> {
      await db
        .updateTable('products')
        .set({ ...columns(fields), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return this.findById(id);
    },

    /** Orders keep their own copy of the name and price, so they stay readable. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
