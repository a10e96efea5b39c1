import { sql, type Kysely } from 'kysely';
import { CHANGES_CHANNEL } from '../change-feed.js';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL only: the change feed's notification names the schema as well as the table
 * (`shop.products`), since NOTIFY is heard by every connection to the database that listens on
 * the channel, whatever its schema. Two shops in two schemas of one database (the tests' schemas
 * side by side, or two deployments) dropped each other's kept pages and lists on every write;
 * now each listener hears its own schema's writes only (db/change-feed.ts).
 *
 * The previous release reads an unknown payload as "every table changed", so its instances keep
 * working (more often dropped, never stale) while the new one rolls out; this release ignores a
 * bare table name, which only a schema not yet migrated this far sends (every instance migrates
 * before it listens).
 */
export function changeFeedNamesSchema(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function shop_notify_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema || '.' || tg_table_name);
          return null;
        end
        $$`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function shop_notify_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_name);
          return null;
        end
        $$`.execute(db);
    },
  };
}
