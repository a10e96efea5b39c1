import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 26 (DESIGN.md section 14): saved order lists.
 * - `order_lists`: a customer's lists, each `lines` a JSON array `[{productId, quantity, name}]`
 *   (the name as it was when saved, for a product deleted since), replaced whole by each save.
 * - `slot`: 0 is the customer's order list itself (the web app's cart), 1-19 the named ones. The
 *   unique index on `(user_id, slot)` with the check `0 <= slot < 20` is what holds "at most 20
 *   lists, the default one included" and "one default list" under concurrent creates, on any
 *   number of instances: two creates that pick the same free slot cannot both commit
 *   (modules/order-lists/order-lists.repository.ts retries the loser on the next free slot).
 * Only adds a table: instances of the previous release never read it.
 */
export function orderLists(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('order_lists')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(24)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('slot', 'integer', (c) => c.notNull().check(sql`slot >= 0 and slot < 20`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_lists_user_slot_idx')
        .on('order_lists')
        .columns(['user_id', 'slot'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('order_lists').execute();
    },
  };
}
