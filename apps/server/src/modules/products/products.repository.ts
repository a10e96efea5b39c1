import type { ProductCategory, ProductSpec } from '@shop/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRow, ProductRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

/** A product's stored fields, prices in cents. */
export interface ProductFields {
  name: string;
  description: string;
  imgUrl: string;
  priceCents: number;
  aqty: number;
  minquantity: number;
  category: ProductCategory;
  sku: string | null;
  specs: ProductSpec[];
  increment: number;
  priceBreaks: { minQty: number; priceCents: number }[];
}

const columns = (f: ProductFields) => ({
  name: f.name,
  description: f.description,
  img_url: f.imgUrl,
  price_cents: f.priceCents,
  aqty: f.aqty,
  minquantity: f.minquantity,
  category: f.category,
  sku: f.sku,
  specs: JSON.stringify(f.specs.map(({ name, value }) => ({ name, value }))),
  increment: f.increment,
  price_breaks: JSON.stringify(
    f.priceBreaks.map(({ minQty, priceCents }) => ({ minQty, priceCents })),
  ),
});

/** A SKU names one product: the unique index refuses a second one, even from a racing write. */
const SKU_INDEX = { index: 'products_sku_idx', table: 'products', column: 'sku' } as const;
export const SKU_TAKEN = 'sku-taken';

/** What the orders module lends the catalog to remove a product that has orders. */
export interface ProductOrders {
  countForProduct(
    q: Kysely<Database> | Transaction<Database>,
    productId: string,
  ): Promise<{ orders: number; unpaidOrders: number }>;
  cancelAllForProduct(trx: Transaction<Database>, productId: string): Promise<OrderRow[]>;
  lockForRemoval(trx: Transaction<Database>, productId: string): Promise<void>;
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

    async create(fields: ProductFields): Promise<ProductRow | typeof SKU_TAKEN> {
      const id = newId();
      const now = nowIso();
      try {
        await db
          .insertInto('products')
          .values({ id, ...columns(fields), created_at: now, updated_at: now })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return SKU_TAKEN;
        throw error;
      }
      const row = await this.findById(id);
      if (!row) throw new Error(`product ${id} vanished after its insert`);
      return row;
    },

    async update(
      id: string,
      fields: ProductFields,
    ): Promise<ProductRow | typeof SKU_TAKEN | undefined> {
      try {
        await db
          .updateTable('products')
          .set({ ...columns(fields), updated_at: nowIso() })
          .where('id', '=', id)
          .where('archived_at', 'is', null)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return SKU_TAKEN;
        throw error;
      }
      return this.findById(id);
    },

    /**
     * Removes a product from the catalog in one transaction: deleted when it has no orders;
     * otherwise archived (its orders keep it) with its unpaid orders cancelled, so nobody pays
     * for goods that will not ship.
     */
    remove(id: string, orders: ProductOrders): Promise<RemoveResult> {
      return db.transaction().execute(async (trx): Promise<RemoveResult> => {
        // Locks the product against an order being placed for it meanwhile, and the products
        // whose stock its unpaid orders give back, in the order an order takes them.
        await orders.lockForRemoval(trx, id);
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
