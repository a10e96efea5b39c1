import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Payments remember the client secret of their intent (so a reload reuses it instead of making
 * a new one), and the built-in test gateway gets a table of its own: it plays an outside
 * service, so its state is not mixed with the shop's payment records.
 */
export function payments(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('payments').addColumn('client_secret', 'text').execute();
      await db.schema
        .createTable('test_gateway_intents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('client_secret', 'text', (c) => c.notNull().unique())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('orders_product_id_idx')
        .on('orders')
        .column('product_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_product_id_idx').execute();
      await db.schema.dropTable('test_gateway_intents').execute();
      await db.schema.alterTable('payments').dropColumn('client_secret').execute();
    },
  };
}
