import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.js';

/** The shop's own tables: products, reviews, users with their profile, orders and payments. */
export function initial(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('products')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('img_url', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
        .addColumn('aqty', 'integer', (c) => c.notNull().check(sql`aqty >= 0`))
        .addColumn('minquantity', 'integer', (c) => c.notNull().check(sql`minquantity >= 0`))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('products_created_at_idx')
        .on('products')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('uid', 'text')
        .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_id', 'text', (c) => c.notNull().defaultTo('Email & Password'))
        .addColumn('role', 'text', (c) =>
          c
            .notNull()
            .defaultTo('user')
            .check(sql`role in ('admin', 'user')`),
        )
        .addColumn('location', 'text')
        .addColumn('education', 'text')
        .addColumn('phone', 'text')
        .addColumn('linkedin', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();

      await db.schema
        .createTable('reviews')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
        .addColumn('review', 'text', (c) => c.notNull())
        .addColumn('reviewer', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('reviews_created_at_idx')
        .on('reviews')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('product_id', 'varchar(24)', (c) =>
          c.references('products.id').onDelete('set null'),
        )
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
        .addColumn('user_email', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('order_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('transaction_id', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('orders_user_id_idx')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('orders.id'))
        .addColumn('gateway', 'text', (c) => c.notNull())
        .addColumn('intent_id', 'text', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('payments_order_id_idx')
        .on('payments')
        .column('order_id')
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['payments', 'orders', 'reviews', 'users', 'products']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
