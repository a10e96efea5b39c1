import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The number the first quote gets, less one (packages/shared FIRST_QUOTE_NUMBER is 10001). */
const BEFORE_FIRST = 10_000;

/**
 * Issue 33 point 5 (usability walk 2026-11-28, defects 3, 4, 21 and 27): quotes that can be
 * accepted. Only additions (a rolling upgrade keeps the previous release running beside it):
 *
 * - `quotes.number`: the sequential number people read, `Q-10001` (packages/shared
 *   `formatQuoteNumber`), given by the database as orders' numbers are (migration 0016): a
 *   sequence default on PostgreSQL, a one-row counter and a trigger after insert on SQLite.
 *   Existing quotes are numbered by their asking time.
 * - `quotes.offer_extra_lines`: an offer's lines that are not products (a setup or tooling fee),
 *   JSON `[{description, amountCents}]`; null for none.
 * - `quote_history`: what happened to a quote that a person reads back: the buyer asked for a
 *   new offer (with their message and the offer they had), or the order an accept made was
 *   cancelled (rejected by the approver, expired unpaid, cancelled, deleted).
 * - The triggers `orders_quote_reopened` (after an unpaid order is cancelled) and
 *   `orders_deleted_quote_reopened` (after one is deleted): the quote that made it returns to
 *   `offered` (answered as `expired` when its offer's time has passed), without its order, and
 *   the event goes into its history, in the same transaction as the order's change on every
 *   path that cancels or deletes an order (expiry, rejection, an admin, a product's removal).
 *   Instances of the previous release cancel through the same UPDATE, so they reopen quotes too.
 */
export function quotesThatCanBeAccepted(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('quotes').addColumn('offer_extra_lines', 'text').execute();
      await db.schema.alterTable('quotes').addColumn('number', 'integer').execute();
      await sql`update quotes set number = numbered.position + ${sql.lit(BEFORE_FIRST)}
        from (select id, row_number() over (order by created_at, id) as position from quotes)
          as numbered
        where numbered.id = quotes.id`.execute(db);
      await db.schema
        .createIndex('quotes_number_idx')
        .on('quotes')
        .column('number')
        .unique()
        .execute();

      const history = db.schema.createTable('quote_history');
      await (
        dialect === 'postgres'
          ? history.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
          : history.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('quote_id', 'varchar(24)', (c) =>
          c.notNull().references('quotes.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`kind in ('new-offer-asked', 'order-rejected', 'order-cancelled', 'order-deleted')`,
            ),
        )
        .addColumn('at', timestamp, (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('order_id', 'varchar(24)')
        .addColumn('order_number', 'integer')
        // The offer as it stood (JSON, as the API answers it), for 'new-offer-asked'.
        .addColumn('offer', 'text')
        .execute();
      await db.schema
        .createIndex('quote_history_quote_idx')
        .on('quote_history')
        .columns(['quote_id', 'id'])
        .execute();

      if (dialect === 'postgres') {
        await sql`create sequence quotes_number_seq as integer owned by quotes.number`.execute(db);
        await sql`select setval('quotes_number_seq',
          coalesce((select max(number) from quotes), ${sql.lit(BEFORE_FIRST)}),
          true)`.execute(db);
        await sql`alter table quotes alter column number set default nextval('quotes_number_seq'),
          alter column number set not null`.execute(db);
        await sql`
          create function shop_quote_order_cancelled() returns trigger language plpgsql as $$
          declare
            o orders;
            what text;
          begin
            if tg_op = 'DELETE' then
              o := old;
              what := 'order-deleted';
            else
              o := new;
              what := case when new.approval_status = 'rejected' then 'order-rejected'
                else 'order-cancelled' end;
            end if;
            with reopened as (
              update quotes set status = 'offered', order_id = null, updated_at = now()
              where order_id = o.id and status = 'ordered'
              returning id
            )
            insert into quote_history (quote_id, kind, at, message, order_id, order_number)
            select reopened.id, what, now(),
              case when what = 'order-rejected' then coalesce(o.rejection_reason, '') else '' end,
              o.id, o.number
            from reopened;
            return null;
          end
          $$`.execute(db);
        await sql`
          create trigger orders_quote_reopened
          after update of payment_status on orders for each row
          when (old.payment_status = 'pending' and new.payment_status = 'cancelled')
          execute function shop_quote_order_cancelled()`.execute(db);
        await sql`
          create trigger orders_deleted_quote_reopened
          after delete on orders for each row
          when (old.payment_status = 'pending')
          execute function shop_quote_order_cancelled()`.execute(db);
        return;
      }

      await sql`create table quote_number_seq (
        id integer primary key check (id = 1),
        last integer not null)`.execute(db);
      await sql`insert into quote_number_seq (id, last)
        values (1, coalesce((select max(number) from quotes), ${sql.lit(BEFORE_FIRST)}))`.execute(
        db,
      );
      await sql`create trigger quotes_number_assigned after insert on quotes
        when new.number is null
        begin
          update quote_number_seq set last = last + 1;
          update quotes set number = (select last from quote_number_seq) where id = new.id;
        end`.execute(db);
      await sql`create trigger quotes_number_taken after insert on quotes
        when new.number is not null
        begin
          update quote_number_seq set last = max(last, new.number);
        end`.execute(db);
      const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
      await sql`
        create trigger orders_quote_reopened
        after update of payment_status on orders
        when old.payment_status = 'pending' and new.payment_status = 'cancelled'
        begin
          insert into quote_history (quote_id, kind, at, message, order_id, order_number)
          select id,
            case when new.approval_status = 'rejected' then 'order-rejected'
              else 'order-cancelled' end,
            ${now},
            case when new.approval_status = 'rejected' then coalesce(new.rejection_reason, '')
              else '' end,
            new.id, new.number
          from quotes where order_id = new.id and status = 'ordered';
          update quotes set status = 'offered', order_id = null, updated_at = ${now}
          where order_id = new.id and status = 'ordered';
        end`.execute(db);
      await sql`
        create trigger orders_deleted_quote_reopened
        after delete on orders
        when old.payment_status = 'pending'
        begin
          insert into quote_history (quote_id, kind, at, message, order_id, order_number)
          select id, 'order-deleted', ${now}, '', old.id, old.number
          from quotes where order_id = old.id and status = 'ordered';
          update quotes set status = 'offered', order_id = null, updated_at = ${now}
          where order_id = old.id and status = 'ordered';
        end`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`drop trigger orders_deleted_quote_reopened on orders`.execute(db);
        await sql`drop trigger orders_quote_reopened on orders`.execute(db);
        await sql`drop function shop_quote_order_cancelled()`.execute(db);
      } else {
        await sql`drop trigger orders_deleted_quote_reopened`.execute(db);
        await sql`drop trigger orders_quote_reopened`.execute(db);
        await sql`drop trigger quotes_number_taken`.execute(db);
        await sql`drop trigger quotes_number_assigned`.execute(db);
        await sql`drop table quote_number_seq`.execute(db);
      }
      await db.schema.dropTable('quote_history').execute();
      await db.schema.dropIndex('quotes_number_idx').execute();
      await db.schema.alterTable('quotes').dropColumn('number').execute();
      await db.schema.alterTable('quotes').dropColumn('offer_extra_lines').execute();
    },
  };
}
