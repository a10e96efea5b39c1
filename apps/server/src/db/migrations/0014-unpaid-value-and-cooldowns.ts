import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 20, finding 1: one account could hold the whole catalog with one order.
 * - `unpaid_order_counts.unpaid_cents`: what the customer's unpaid orders are worth together
 *   (MAX_UNPAID_VALUE). Raised by the same guarded upsert that reserves an order's place, and
 *   lowered by the same triggers (by the order's `price_cents`, which nothing changes after
 *   placing) whenever an unpaid order is paid, cancelled, expires or is deleted. Filled from the
 *   pending orders here. Never below zero: an instance of the previous release raises the count
 *   but not the value during a rolling upgrade, so its orders would otherwise take the value
 *   below what is really held; clamped, it is right again once those orders are settled.
 * - `hold_cooldowns`: after an order expired, its customer cannot hold its products again until
 *   `ends_at` (ORDER_HOLD_MINUTES after the expiry), so the same request cannot take the stock
 *   back the moment it is freed. Written in the expiry's transaction; purged once past.
 * - PostgreSQL: `shop_reserve_unpaid_hold(customer, product, at, max_unpaid, cents, max_cents)`
 *   checks the cooldown, then reserves the place and the value, for the one-statement order
 *   (orders/place-postgres.repository.ts). It raises SQLSTATE SH001 (the count is met), SH002
 *   (the value would be passed) or SH003 (the product is cooling down for the customer), which
 *   rolls the statement back whole, stock included. A null `max_unpaid` is an admin: counted,
 *   never limited. It is VOLATILE (the default), so its reads see what committed while the
 *   statement waited for the product's row lock: an expiry committed meanwhile counts.
 *   0013's two-argument function stays for instances of the previous release.
 * - PostgreSQL: `auth_user` notifies every instance too, so a confirmed email counts at once on
 *   all of them (the API token's session cache, auth/session-cache.ts, keeps emailVerified).
 * Lock order stays 0013's: products first, then the counter (its triggers deferred to the commit).
 */
export function unpaidValueAndCooldowns(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('unpaid_order_counts')
        .addColumn('unpaid_cents', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          c.notNull().defaultTo(0),
        )
        .execute();
      await sql`update unpaid_order_counts set unpaid_cents = coalesce((
          select sum(orders.price_cents) from orders
          where orders.user_id = unpaid_order_counts.user_id
            and orders.payment_status = 'pending'), 0)`.execute(db);

      await db.schema
        .createTable('hold_cooldowns')
        .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
        .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
        .addColumn('ends_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('hold_cooldowns_pkey', ['user_id', 'product_id'])
        .execute();
      // The purge's question: which cooldowns are over.
      await db.schema
        .createIndex('hold_cooldowns_ends_at_idx')
        .on('hold_cooldowns')
        .column('ends_at')
        .execute();

      if (dialect === 'postgres') {
        await sql`
          create or replace function shop_unpaid_order_released() returns trigger
          language plpgsql as $$
          begin
            update unpaid_order_counts
            set unpaid = unpaid - 1, unpaid_cents = greatest(unpaid_cents - old.price_cents, 0)
            where user_id = old.user_id;
            return null;
          end
          $$`.execute(db);
        await sql`
          create function shop_reserve_unpaid_hold(
            customer varchar, product varchar, at timestamptz,
            max_unpaid integer, cents bigint, max_cents bigint)
          returns boolean language plpgsql as $$
          begin
            if max_unpaid is not null and exists (
              select 1 from hold_cooldowns
              where user_id = customer and product_id = product and ends_at > at) then
              raise exception using errcode = 'SH003', message = 'product cooling down';
            end if;
            if max_cents is not null and cents > max_cents then
              raise exception using errcode = 'SH002', message = 'unpaid value exceeded';
            end if;
            insert into unpaid_order_counts as counted (user_id, unpaid, unpaid_cents)
            values (customer, 1, cents)
            on conflict (user_id) do update
            set unpaid = counted.unpaid + 1, unpaid_cents = counted.unpaid_cents + cents
            where (max_unpaid is null or counted.unpaid < max_unpaid)
              and (max_cents is null or counted.unpaid_cents + cents <= max_cents);
            if not found then
              -- The row is locked by the upsert that did not apply: this read is its state.
              if exists (select 1 from unpaid_order_counts
                  where user_id = customer and unpaid >= max_unpaid) then
                raise exception using errcode = 'SH001', message = 'too many unpaid orders';
              end if;
              raise exception using errcode = 'SH002', message = 'unpaid value exceeded';
            end if;
            return true;
          end
          $$`.execute(db);
        await sql`
          create trigger auth_user_changed
          after insert or update or delete or truncate on auth_user
          for each statement execute function shop_notify_change()`.execute(db);
        return;
      }
      await sql`drop trigger orders_unpaid_paid_or_cancelled`.execute(db);
      await sql`drop trigger orders_unpaid_deleted`.execute(db);
      await sql`
        create trigger orders_unpaid_paid_or_cancelled
        after update of payment_status on orders
        when old.payment_status = 'pending' and new.payment_status <> 'pending'
        begin
          update unpaid_order_counts
          set unpaid = unpaid - 1, unpaid_cents = max(unpaid_cents - old.price_cents, 0)
          where user_id = old.user_id;
        end`.execute(db);
      await sql`
        create trigger orders_unpaid_deleted
        after delete on orders
        when old.payment_status = 'pending'
        begin
          update unpaid_order_counts
          set unpaid = unpaid - 1, unpaid_cents = max(unpaid_cents - old.price_cents, 0)
          where user_id = old.user_id;
        end`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`drop trigger auth_user_changed on auth_user`.execute(db);
        await sql`drop function shop_reserve_unpaid_hold(
          varchar, varchar, timestamptz, integer, bigint, bigint)`.execute(db);
        await sql`
          create or replace function shop_unpaid_order_released() returns trigger
          language plpgsql as $$
          begin
            update unpaid_order_counts set unpaid = unpaid - 1 where user_id = old.user_id;
            return null;
          end
          $$`.execute(db);
      } else {
        await sql`drop trigger orders_unpaid_paid_or_cancelled`.execute(db);
        await sql`drop trigger orders_unpaid_deleted`.execute(db);
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
      }
      await db.schema.dropTable('hold_cooldowns').execute();
      await db.schema.alterTable('unpaid_order_counts').dropColumn('unpaid_cents').execute();
    },
  };
}
