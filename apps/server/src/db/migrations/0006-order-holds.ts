import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The hold given to orders that were already unpaid when this migration ran (the default). */
const UPGRADE_HOLD_MS = 2880 * 60_000;

/**
 * Unpaid orders stop holding stock for ever (DESIGN.md section 11), and nothing is charged for
 * an order that is gone:
 * - `orders.expires_at`: when an unpaid order is cancelled; `orders.refund_needed`: paid after
 *   its cancellation with its stock gone. Orders unpaid at the upgrade get the default hold.
 * - `products.archived_at`: a product with orders is archived instead of deleted.
 * - `payments` loses its foreign key to `orders`, so the intent rows of a deleted order stay
 *   and a late success at the gateway can still be matched. SQLite cannot drop a constraint, so
 *   the table is rebuilt there.
 */
export function orderHolds(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('expires_at', timestamp).execute();
      await db.schema
        .alterTable('orders')
        .addColumn('refund_needed', dialect === 'postgres' ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(dialect === 'postgres' ? false : 0),
        )
        .execute();
      await db.schema.alterTable('products').addColumn('archived_at', timestamp).execute();
      await sql`update orders set expires_at = ${new Date(Date.now() + UPGRADE_HOLD_MS).toISOString()}
        where payment_status = 'pending'`.execute(db);
      // The expiry worker's question: which unpaid orders have run out of time.
      await db.schema
        .createIndex('orders_expiry_idx')
        .on('orders')
        .columns(['payment_status', 'expires_at'])
        .execute();
      // MAX_UNPAID_ORDERS: how many unpaid orders one customer holds.
      await db.schema
        .createIndex('orders_unpaid_by_user_idx')
        .on('orders')
        .columns(['user_id', 'payment_status'])
        .execute();

      if (dialect === 'postgres') {
        await sql`alter table payments drop constraint if exists payments_order_id_fkey`.execute(
          db,
        );
        return;
      }
      await db.schema
        .createTable('payments_next')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
        .addColumn('gateway', 'text', (c) => c.notNull())
        .addColumn('intent_id', 'text', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('client_secret', 'text')
        .execute();
      await sql`insert into payments_next
        (id, order_id, gateway, intent_id, amount_cents, status, created_at, updated_at, client_secret)
        select id, order_id, gateway, intent_id, amount_cents, status, created_at, updated_at, client_secret
        from payments`.execute(db);
      await db.schema.dropTable('payments').execute();
      await db.schema.alterTable('payments_next').renameTo('payments').execute();
      await db.schema
        .createIndex('payments_order_id_idx')
        .on('payments')
        .column('order_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_unpaid_by_user_idx').execute();
      await db.schema.dropIndex('orders_expiry_idx').execute();
      await db.schema.alterTable('orders').dropColumn('expires_at').execute();
      await db.schema.alterTable('orders').dropColumn('refund_needed').execute();
      await db.schema.alterTable('products').dropColumn('archived_at').execute();
    },
  };
}
