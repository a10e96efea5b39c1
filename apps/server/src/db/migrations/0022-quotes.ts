import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 26, DESIGN.md section 14: quotes. Only new tables (a rolling upgrade keeps the previous
 * release running beside it).
 * - `quotes`: the buyer (id, address and name as they were), their company when they asked
 *   (whose admins see it), `status` ('requested' | 'offered' | 'ordered' | 'declined'; an offer
 *   past `offer_valid_until` is answered as 'expired' and never stored as such), the note, the
 *   requested lines as JSON (`[{productId, productName, quantity}]`), and the offer: its lines
 *   as JSON with unit prices in cents, total, expiry, message and version (one more for each
 *   offer, so an accept made against an older one is refused), and the order an accept made
 *   (`order_id` unique: one order per quote whatever two accepts do at once).
 * - `quote_attachments`: the one artwork file of a quote, in the database (every instance
 *   serves it; at most 5 MB), with the type its content was found to be.
 * - `quote_request_counts`: how many quotes a customer has waiting for an offer, raised by a
 *   conditional upsert so the cap holds under concurrent requests and on several instances.
 */
export function quotes(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const cents = dialect === 'postgres' ? 'bigint' : 'integer';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('quotes')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
        .addColumn('user_email', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('company_id', 'varchar(24)')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('requested', 'offered', 'ordered', 'declined')`),
        )
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('offer_lines', 'text')
        .addColumn('offer_total_cents', cents)
        .addColumn('offer_valid_until', timestamp)
        .addColumn('offer_message', 'text')
        .addColumn('offer_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('offered_at', timestamp)
        .addColumn('order_id', 'varchar(24)', (c) => c.unique())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      // A buyer's quotes, a company's, and the shop admin's list (by status), newest first.
      for (const [name, columns] of [
        ['quotes_user_created_idx', ['user_id', 'created_at']],
        ['quotes_company_created_idx', ['company_id', 'created_at']],
        ['quotes_status_created_idx', ['status', 'created_at']],
        ['quotes_created_idx', ['created_at']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('quotes')
          .columns([...columns])
          .execute();
      }

      await db.schema
        .createTable('quote_attachments')
        .addColumn('quote_id', 'varchar(24)', (c) =>
          c.primaryKey().references('quotes.id').onDelete('cascade'),
        )
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addColumn('uploaded_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('quote_request_counts')
        .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('open', 'integer', (c) => c.notNull().check(sql`open >= 0`))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('quote_request_counts').execute();
      await db.schema.dropTable('quote_attachments').execute();
      await db.schema.dropTable('quotes').execute();
    },
  };
}
