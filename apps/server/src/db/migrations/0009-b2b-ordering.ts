import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * B2B ordering (DESIGN.md section 9, issue 13).
 * - products: `category`, `sku` (unique when set), `specs` and `price_breaks` (JSON text, the
 *   shared schema checks them), `increment` (pack size, 1 for every existing product).
 * - order_lines: one row per product of an order, priced when it was placed; every existing
 *   order becomes its own single line. `orders` keeps the spec's summary columns (first
 *   product, title, total pieces, total price) so every list reads one row per order.
 * - orders: `po_number`, `paid_at`, `shipped_at`, `carrier`, `tracking_number`. Orders paid or
 *   shipped before this migration take their last change as that date.
 * - mail_outbox: the order mails, written in the transaction of the change they report and
 *   delivered by a worker (modules/mail), so a mail server that is down delays mail, never
 *   loses it. `payload` is the JSON the mail is written from.
 */
export function b2bOrdering(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('products')
        .addColumn('category', 'text', (c) => c.notNull().defaultTo('cases'))
        .execute();
      await db.schema.alterTable('products').addColumn('sku', 'text').execute();
      await db.schema
        .alterTable('products')
        .addColumn('specs', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('products')
        // A pack size of 0 would make every quantity check divide by zero.
        .addColumn('increment', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`increment >= 1`),
        )
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('price_breaks', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createIndex('products_sku_idx')
        .on('products')
        .column('sku')
        .unique()
        .execute();
      await db.schema
        .createIndex('products_category_idx')
        .on('products')
        .column('category')
        .execute();

      await db.schema
        .createTable('order_lines')
        .addColumn('order_id', 'varchar(24)', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'varchar(24)', (c) =>
          c.references('products.id').onDelete('set null'),
        )
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('line_total_cents', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_lines_pkey', ['order_id', 'position'])
        .execute();
      // What deleting or archiving a product asks: which orders hold it.
      await db.schema
        .createIndex('order_lines_product_idx')
        .on('order_lines')
        .column('product_id')
        .execute();
      await sql`insert into order_lines
          (order_id, position, product_id, product_name, quantity, unit_price_cents, line_total_cents)
        select id, 0, product_id, product_name, quantity, unit_price_cents, price_cents from orders`.execute(
        db,
      );

      for (const column of ['po_number', 'carrier', 'tracking_number'] as const) {
        await db.schema.alterTable('orders').addColumn(column, 'text').execute();
      }
      for (const column of ['paid_at', 'shipped_at'] as const) {
        await db.schema.alterTable('orders').addColumn(column, timestamp).execute();
      }
      await sql`update orders set paid_at = updated_at where payment_status = 'paid'`.execute(db);
      await sql`update orders set shipped_at = updated_at where order_status = 'shipped'`.execute(
        db,
      );

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_id', 'varchar(24)')
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('sent_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      // The worker's question: which unsent mails are due.
      await db.schema
        .createIndex('mail_outbox_due_idx')
        .on('mail_outbox')
        .columns(['sent_at', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mail_outbox').execute();
      for (const column of ['po_number', 'carrier', 'tracking_number', 'paid_at', 'shipped_at']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      await db.schema.dropTable('order_lines').execute();
      await db.schema.dropIndex('products_category_idx').execute();
      await db.schema.dropIndex('products_sku_idx').execute();
      for (const column of ['category', 'sku', 'specs', 'increment', 'price_breaks']) {
        await db.schema.alterTable('products').dropColumn(column).execute();
      }
    },
  };
}
