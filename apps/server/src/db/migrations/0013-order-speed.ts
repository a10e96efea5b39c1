import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 15: an order's checks cost the same however long a customer's history is.
 * - `unpaid_order_counts`: how many unpaid orders each customer holds (MAX_UNPAID_ORDERS).
 *   Placing an order reserves its place with one guarded upsert (`unpaid < max`), which is the
 *   check, the increment and, on PostgreSQL, the lock that queues a customer's concurrent
 *   orders, in one statement; counting the orders table instead grew with every unpaid order.
 *   Triggers give the place back whenever an unpaid order stops being one (paid, cancelled,
 *   expired) or is deleted, whatever code does it. Filled from the orders at the upgrade.
 *   Its index `orders_unpaid_by_user_idx` goes. PostgreSQL also gets the reservation as a
 *   function, `shop_reserve_unpaid_place(customer, max)`, which raises SQLSTATE `SH001` when the
 *   customer holds `max` already: an order placed in one statement (orders/place-postgres
 *   .repository.ts) is then rolled back whole, stock included.
 * - PostgreSQL only: `users` and `auth_session` notify every instance after a commit changes
 *   them (as products and reviews do since 0005), so each instance may keep the API token's
 *   session and role in memory and still see a sign-out or a role change at once.
 */
export function orderSpeed(dialect: Dialect) {
  const notified = ['users', 'auth_session'];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('unpaid_order_counts')
        .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('unpaid', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into unpaid_order_counts (user_id, unpaid)
        select user_id, count(*) from orders where payment_status = 'pending'
        group by user_id`.execute(db);
      // It served the count this table replaces; orders_user_id_idx still finds a customer's
      // orders, and every order written maintains one index fewer.
      await db.schema.dropIndex('orders_unpaid_by_user_idx').execute();

      if (dialect === 'postgres') {
        await sql`
          create function shop_unpaid_order_released() returns trigger language plpgsql as $$
          begin
            update unpaid_order_counts set unpaid = unpaid - 1 where user_id = old.user_id;
            return null;
          end
          $$`.execute(db);
        // max_unpaid null: counted, not limited (an admin).
        await sql`
          create function shop_reserve_unpaid_place(customer varchar, max_unpaid integer)
          returns boolean language plpgsql as $$
          begin
            insert into unpaid_order_counts as counted (user_id, unpaid) values (customer, 1)
            on conflict (user_id) do update set unpaid = counted.unpaid + 1
            where max_unpaid is null or counted.unpaid < max_unpaid;
            if not found then
              raise exception using errcode = 'SH001', message = 'too many unpaid orders';
            end if;
            return true;
          end
          $$`.execute(db);
        // Deferred to the commit: a cancellation locks the count after it has given the stock
        // back, and an order takes it after the stock, so the two never wait on each other.
        await sql`
          create constraint trigger orders_unpaid_paid_or_cancelled
          after update of payment_status on orders deferrable initially deferred for each row
          when (old.payment_status = 'pending' and new.payment_status <> 'pending')
          execute function shop_unpaid_order_released()`.execute(db);
        await sql`
          create constraint trigger orders_unpaid_deleted
          after delete on orders deferrable initially deferred for each row
          when (old.payment_status = 'pending')
          execute function shop_unpaid_order_released()`.execute(db);
        for (const table of notified) {
          await sql`
            create trigger ${sql.id(`${table}_changed`)}
            after insert or update or delete or truncate on ${sql.table(table)}
            for each statement execute function shop_notify_change()`.execute(db);
        }
        return;
      }
      await sql`
        create trigger orders_unpaid_paid_or_cancelled
        after update of payment_status on orders
        when old.payment_status = 'pending' and new.payment_status <> 'pending'
        begin
          update unpaid_order_counts set unpaid = unpaid - 1 where user_id = old.user_id;
        end`.execute(db);
      await sql`
        create trigger orders_unpaid_deleted
        after delete on orders
        when old.payment_status = 'pending'
        begin
          update unpaid_order_counts set unpaid = unpaid - 1 where user_id = old.user_id;
        end`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('orders_unpaid_by_user_idx')
        .on('orders')
        .columns(['user_id', 'payment_status'])
        .execute();
      if (dialect === 'postgres') {
        for (const table of notified) {
          await sql`drop trigger ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
        }
        await sql`drop trigger orders_unpaid_deleted on orders`.execute(db);
        await sql`drop trigger orders_unpaid_paid_or_cancelled on orders`.execute(db);
        await sql`drop function shop_unpaid_order_released()`.execute(db);
        await sql`drop function shop_reserve_unpaid_place(varchar, integer)`.execute(db);
      } else {
        await sql`drop trigger orders_unpaid_deleted`.execute(db);
        await sql`drop trigger orders_unpaid_paid_or_cancelled`.execute(db);
      }
      await db.schema.dropTable('unpaid_order_counts').execute();
    },
  };
}
