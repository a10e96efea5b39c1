import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRow, ProductRow } from '../../db/schema.js';
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

/** What the orders module lends the catalog to remove a product that has orders. */
export interface ProductOrders {
  countForProduct(
    q: Kysely<Database> | Transaction<Database>,
    productId: string,
  ): Promise<{ orders: number; unpaidOrders: number }>;
  cancelAllForProduct(trx: Transaction<Database>, productId: string): Promise<OrderRow[]>;
}

export type RemoveResult =
  { kind: 'gone' } | { kind: 'deleted' } | { kind: 'archived'; cancelled: OrderRow[] };

export function createProductsRepository(db: Kysely<Database>) {
  return {
    /** For reads another module makes about products, outside a transaction. */
    db,

    /** Products in catalog order (oldest first, so the showcase is stable); archived ones never. */
    list(limit?: number): Promise<ProductRow[]> {
      let query = db
        .selectFrom('products')
        .selectAll()
        .where('archived_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    /** A product of the catalog: an archived one is only kept for its orders. */
    findById(id: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
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
        .where('archived_at', 'is', null)
        .execute();
      return this.findById(id);
    },

    /**
     * Removes a product from the catalog in one transaction: deleted when it has no orders;
     * otherwise archived (its orders keep it) with its unpaid orders cancelled, so nobody pays
     * for goods that will not ship.
     */
    remove(id: string, orders: ProductOrders): Promise<RemoveResult> {
      return db.transaction().execute(async (trx): Promise<RemoveResult> => {
        // Locks the product against an order being placed for it meanwhile.
        const archived = await trx
          .updateTable('products')
          .set({ archived_at: nowIso(), updated_at: nowIso() })
          .where('id', '=', id)
          .where('archived_at', 'is', null)
          .executeTakeFirst();
        if (Number(archived.numUpdatedRows) !== 1) return { kind: 'gone' };
        const { orders: count } = await orders.countForProduct(trx, id);
        if (count === 0) {
          await trx.deleteFrom('products').where('id', '=', id).execute();
          return { kind: 'deleted' };
        }
        return { kind: 'archived', cancelled: await orders.cancelAllForProduct(trx, id) };
      });
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
