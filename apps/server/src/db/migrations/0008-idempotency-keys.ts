import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `idempotency_keys` (issue 12): one row per user and `Idempotency-Key`, so a retried request
 * is answered from the first one's stored answer on every instance. The primary key
 * (user_id, idempotency_key) is what lets exactly one of several concurrent requests claim a key.
 * - `request_hash`: the method, route and canonical JSON body the key was first used for;
 * - `claim_token`, `claimed_at`: the request doing the work, and since when (a claim left behind
 *   by a crashed instance is taken over after a while);
 * - `status_code`, `response_body`: the stored answer, null while the work is in flight;
 * - `expires_at`: 24 hours after the first request; expired rows are ignored, then deleted.
 * A user's keys go with the user.
 *
 * An order placed with a key also carries it with its request's hash (`orders.idempotency_key`,
 * see `idempotencyTag`), written in the order's own transaction: should its answer never reach `idempotency_keys` (an instance that stopped
 * between the two), a retry with the key finds the order instead of placing a second one.
 */
export function idempotencyKeys(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'varchar(24)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('claim_token', 'varchar(32)', (c) => c.notNull())
        .addColumn('claimed_at', timestamp, (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'idempotency_key'])
        .execute();
      // The clean-up's question: which keys have run out.
      await db.schema
        .createIndex('idempotency_keys_expiry_idx')
        .on('idempotency_keys')
        .column('expires_at')
        .execute();
      await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
      await db.schema
        .createIndex('orders_idempotency_key_idx')
        .on('orders')
        .columns(['user_id', 'idempotency_key'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_idempotency_key_idx').execute();
      await db.schema.alterTable('orders').dropColumn('idempotency_key').execute();
      await db.schema.dropTable('idempotency_keys').execute();
    },
  };
}
