import type { Kysely } from 'kysely';

/**
 * Manage Order and Manage Users page through their lists (DESIGN.md section 10): orders newest
 * first, all or of one status; users oldest first. These indexes let the database read a page
 * in that order instead of sorting every row. A search (`q`) is a substring match, which no
 * B-tree index serves: it reads the rows in this order and stops at the page.
 */
export const adminListIndexes = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('orders_created_at_idx')
      .on('orders')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('orders_status_created_at_idx')
      .on('orders')
      .columns(['order_status', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('users_created_at_idx')
      .on('users')
      .columns(['created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const index of [
      'users_created_at_idx',
      'orders_status_created_at_idx',
      'orders_created_at_idx',
    ]) {
      await db.schema.dropIndex(index).execute();
    }
  },
};
