import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The number the first order gets, less one (packages/shared FIRST_ORDER_NUMBER is 10001). */
const BEFORE_FIRST = 10_000;

/**
 * Issue 22 (review defects 8 and 14): `orders.number`, the short sequential number people read
 * as `CF-10001` (packages/shared `formatOrderNumber`). Unique, never reused (not even after an
 * unpaid order is deleted), assigned by the database whatever inserts the order:
 *
 * - PostgreSQL: the sequence `orders_number_seq` is the column's default, so both placement
 *   paths (the one statement and the Kysely transaction) get it from the insert itself, and
 *   instances placing at the same moment each draw their own (a rolled-back placement leaves a
 *   gap, as sequences do).
 * - SQLite (one writer at a time): the one-row table `order_number_seq` holds the last number
 *   given; a trigger after each insert gives the order the next one (an insert that brings its
 *   own number moves the counter past it). A trigger's change is not in the insert's RETURNING,
 *   so the placement reads the number back (orders/place-order.repository.ts `insertOrder`).
 *
 * Existing orders are numbered by their placing time (then id), from 10001; mail still waiting
 * in the outbox gets its order's number in its payload, so it is sent with it.
 */
export function orderNumbers(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('number', 'integer').execute();
      await sql`update orders set number = numbered.position + ${sql.lit(BEFORE_FIRST)}
        from (select id, row_number() over (order by created_at, id) as position from orders)
          as numbered
        where numbered.id = orders.id`.execute(db);
      await db.schema
        .createIndex('orders_number_idx')
        .on('orders')
        .column('number')
        .unique()
        .execute();

      if (dialect === 'postgres') {
        await sql`create sequence orders_number_seq as integer owned by orders.number`.execute(db);
        await sql`select setval('orders_number_seq',
          coalesce((select max(number) from orders), ${sql.lit(BEFORE_FIRST)}),
          true)`.execute(db);
        await sql`alter table orders alter column number set default nextval('orders_number_seq'),
          alter column number set not null`.execute(db);
        await sql`update mail_outbox set payload = jsonb_set(payload::jsonb, '{orderNumber}',
            to_jsonb('CF-' || orders.number))::text
          from orders
          where orders.id = mail_outbox.order_id and mail_outbox.sent_at is null
            and mail_outbox.failed_at is null and mail_outbox.skipped_at is null`.execute(db);
        return;
      }

      await sql`create table order_number_seq (
        id integer primary key check (id = 1),
        last integer not null)`.execute(db);
      await sql`insert into order_number_seq (id, last)
        values (1, coalesce((select max(number) from orders), ${sql.lit(BEFORE_FIRST)}))`.execute(
        db,
      );
      await sql`create trigger orders_number_assigned after insert on orders
        when new.number is null
        begin
          update order_number_seq set last = last + 1;
          update orders set number = (select last from order_number_seq) where id = new.id;
        end`.execute(db);
      await sql`create trigger orders_number_given after insert on orders
        when new.number is not null
        begin
          update order_number_seq set last = new.number where new.number > last;
        end`.execute(db);
      await sql`update mail_outbox set payload = json_set(payload, '$.orderNumber',
          'CF-' || (select number from orders where orders.id = mail_outbox.order_id))
        where sent_at is null and failed_at is null and skipped_at is null
          and exists (select 1 from orders where orders.id = mail_outbox.order_id)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`drop trigger orders_number_given`.execute(db);
        await sql`drop trigger orders_number_assigned`.execute(db);
        await sql`drop table order_number_seq`.execute(db);
      }
      await db.schema.dropIndex('orders_number_idx').execute();
      // PostgreSQL drops the sequence with the column it is owned by.
      await db.schema.alterTable('orders').dropColumn('number').execute();
    },
  };
}
