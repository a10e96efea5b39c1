import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The outbox worker's claims (modules/mail/outbox-worker.ts):
 * - `claim_token`: the pass that claimed the row. A claim pushes `next_attempt_at` a lease ahead,
 *   so a row claimed by an instance that died becomes due again when the lease runs out; marking
 *   it sent or failed needs the token, so a pass whose lease was taken over changes nothing.
 * - `failed_at`: the worker gave up after its last attempt; the row stays, with `last_error`, for
 *   the operator to read (and to retry by clearing it).
 */
export function mailOutboxClaims(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('mail_outbox').addColumn('claim_token', 'text').execute();
      await db.schema.alterTable('mail_outbox').addColumn('failed_at', timestamp).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('mail_outbox').dropColumn('failed_at').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('claim_token').execute();
    },
  };
}
