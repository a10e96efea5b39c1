import type { Kysely } from 'kysely';

/** An admin looks up one customer's orders by email (`GET /api/order?userEmail=`). */
export const ordersByEmail = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('orders_user_email_idx')
      .on('orders')
      .columns(['user_email', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('orders_user_email_idx').execute();
  },
};
