import { sql, type Kysely } from 'kysely';
import { CHANGES_CHANNEL } from '../change-feed.js';
import type { Dialect } from '../database.js';

/**
 * What several instances on one database must share:
 * - `settings`: values generated once for the whole shop (the auth secret when AUTH_SECRET is
 *   not set), so a token issued by one instance is valid on every other;
 * - PostgreSQL only: triggers that notify every instance after a commit changes products or
 *   reviews, so each one's in-memory lists are dropped (SQLite sees other processes' commits
 *   through `data_version` instead).
 */
export function sharedState(dialect: Dialect) {
  const watched = ['products', 'reviews'];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      if (dialect !== 'postgres') return;
      await sql`
        create function shop_notify_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_name);
          return null;
        end
        $$`.execute(db);
      for (const table of watched) {
        await sql`
          create trigger ${sql.id(`${table}_changed`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function shop_notify_change()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        for (const table of watched) {
          await sql`drop trigger ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
        }
        await sql`drop function shop_notify_change()`.execute(db);
      }
      await db.schema.dropTable('settings').execute();
    },
  };
}
