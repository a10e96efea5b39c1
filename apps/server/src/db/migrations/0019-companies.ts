import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 23, DESIGN.md section 12: companies, their members and invitations, and orders placed
 * for a company, with approval of a buyer's order over their limit.
 * - `companies`: name, VAT id, billing address (text), `on_hold` (section 13 sets it; false
 *   here). Payment terms and balances are migration 0020's.
 * - `company_members`: one row per member; `user_id` is the primary key, so a user belongs to at
 *   most one company whatever two requests do at once. `role` 'admin' | 'buyer';
 *   `order_limit_cents` null for none (an admin's is ignored).
 * - `company_invitations`: the token is stored as its SHA-256 (hex), never itself; used once
 *   (`used_at`, set by a conditional UPDATE), valid until `expires_at`.
 * - orders: `company_id`, `placed_by_user_id`, `placed_by_name` for an order a member placed;
 *   `approval_status` ('not_required' for every existing order), and the decision: when, by
 *   whom (id and name as it was), a rejection's reason.
 * - Unpaid counters (0013/0014): an order awaiting approval holds no place and no value in
 *   `unpaid_order_counts` (MAX_UNPAID_ORDERS/VALUE count only what its buyer may pay). Placing
 *   it reserves none (the placement paths skip `reservePlace`); so the triggers that give a place
 *   back skip an order whose `approval_status` is 'awaiting_approval' when it stops being
 *   unpaid (rejected, expired, deleted), and a new trigger takes the place when it is approved
 *   (counted, never limited: the admin's decision is not refused for the buyer's other orders).
 *   Before this migration no order awaits approval, so the counts stay right at the upgrade.
 */
export function companies(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  const cents = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('companies')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('vat_id', 'text')
        .addColumn('billing_address', 'text', (c) => c.notNull())
        .addColumn('on_hold', bool, (c) =>
          c.notNull().defaultTo(dialect === 'postgres' ? false : 0),
        )
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      // Manage Companies: newest first.
      await db.schema
        .createIndex('companies_created_at_idx')
        .on('companies')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('company_members')
        .addColumn('user_id', 'varchar(24)', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'varchar(24)', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'buyer')`))
        .addColumn('order_limit_cents', cents, (c) => c.check(sql`order_limit_cents >= 0`))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      // A company's members, and its admins (the last-admin rule counts them).
      await db.schema
        .createIndex('company_members_company_idx')
        .on('company_members')
        .columns(['company_id', 'role'])
        .execute();

      await db.schema
        .createTable('company_invitations')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('company_id', 'varchar(24)', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'buyer')`))
        .addColumn('order_limit_cents', cents, (c) => c.check(sql`order_limit_cents >= 0`))
        .addColumn('invited_by', 'varchar(24)')
        .addColumn('invited_by_name', 'text', (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .addColumn('used_by', 'varchar(24)')
        .addColumn('revoked_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      // A company's pending invitations, and how many it sent in the last hour.
      await db.schema
        .createIndex('company_invitations_company_idx')
        .on('company_invitations')
        .columns(['company_id', 'created_at'])
        .execute();

      for (const column of ['company_id', 'placed_by_user_id'] as const) {
        await db.schema.alterTable('orders').addColumn(column, 'varchar(24)').execute();
      }
      await db.schema.alterTable('orders').addColumn('placed_by_name', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('approval_status', 'text', (c) => c.notNull().defaultTo('not_required'))
        .execute();
      await db.schema.alterTable('orders').addColumn('approval_decided_at', timestamp).execute();
      await db.schema
        .alterTable('orders')
        .addColumn('approval_decided_by', 'varchar(24)')
        .execute();
      await db.schema.alterTable('orders').addColumn('approval_decided_by_name', 'text').execute();
      await db.schema.alterTable('orders').addColumn('rejection_reason', 'text').execute();
      // Company orders newest first, as the admin list pages them.
      await db.schema
        .createIndex('orders_company_created_idx')
        .on('orders')
        .columns(['company_id', 'created_at'])
        .execute();

      if (dialect === 'postgres') {
        await sql`drop trigger orders_unpaid_paid_or_cancelled on orders`.execute(db);
        await sql`drop trigger orders_unpaid_deleted on orders`.execute(db);
        await sql`
          create constraint trigger orders_unpaid_paid_or_cancelled
          after update of payment_status on orders deferrable initially deferred for each row
          when (old.payment_status = 'pending' and new.payment_status <> 'pending'
            and old.approval_status <> 'awaiting_approval')
          execute function shop_unpaid_order_released()`.execute(db);
        await sql`
          create constraint trigger orders_unpaid_deleted
          after delete on orders deferrable initially deferred for each row
          when (old.payment_status = 'pending' and old.approval_status <> 'awaiting_approval')
          execute function shop_unpaid_order_released()`.execute(db);
        await sql`
          create function shop_unpaid_order_approved() returns trigger language plpgsql as $$
          begin
            insert into unpaid_order_counts as counted (user_id, unpaid, unpaid_cents)
            values (new.user_id, 1, new.price_cents)
            on conflict (user_id) do update
            set unpaid = counted.unpaid + 1, unpaid_cents = counted.unpaid_cents + new.price_cents;
            return null;
          end
          $$`.execute(db);
        await sql`
          create constraint trigger orders_unpaid_approved
          after update of approval_status on orders deferrable initially deferred for each row
          when (old.approval_status = 'awaiting_approval' and new.approval_status = 'approved'
            and new.payment_status = 'pending')
          execute function shop_unpaid_order_approved()`.execute(db);
        return;
      }
      await sql`drop trigger orders_unpaid_paid_or_cancelled`.execute(db);
      await sql`drop trigger orders_unpaid_deleted`.execute(db);
      await sql`
        create trigger orders_unpaid_paid_or_cancelled
        after update of payment_status on orders
        when old.payment_status = 'pending' and new.payment_status <> 'pending'
          and old.approval_status <> 'awaiting_approval'
        begin
          update unpaid_order_counts
          set unpaid = unpaid - 1, unpaid_cents = max(unpaid_cents - old.price_cents, 0)
          where user_id = old.user_id;
        end`.execute(db);
      await sql`
        create trigger orders_unpaid_deleted
        after delete on orders
        when old.payment_status = 'pending' and old.approval_status <> 'awaiting_approval'
        begin
          update unpaid_order_counts
          set unpaid = unpaid - 1, unpaid_cents = max(unpaid_cents - old.price_cents, 0)
          where user_id = old.user_id;
        end`.execute(db);
      await sql`
        create trigger orders_unpaid_approved
        after update of approval_status on orders
        when old.approval_status = 'awaiting_approval' and new.approval_status = 'approved'
          and new.payment_status = 'pending'
        begin
          insert into unpaid_order_counts (user_id, unpaid, unpaid_cents)
          values (new.user_id, 1, new.price_cents)
          on conflict (user_id) do update
          set unpaid = unpaid + 1, unpaid_cents = unpaid_cents + new.price_cents;
        end`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`drop trigger orders_unpaid_approved on orders`.execute(db);
        await sql`drop function shop_unpaid_order_approved()`.execute(db);
        await sql`drop trigger orders_unpaid_paid_or_cancelled on orders`.execute(db);
        await sql`drop trigger orders_unpaid_deleted on orders`.execute(db);
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
      } else {
        await sql`drop trigger orders_unpaid_approved`.execute(db);
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
      }
      await db.schema.dropIndex('orders_company_created_idx').execute();
      for (const column of [
        'rejection_reason',
        'approval_decided_by_name',
        'approval_decided_by',
        'approval_decided_at',
        'approval_status',
        'placed_by_name',
        'placed_by_user_id',
        'company_id',
      ]) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      await db.schema.dropTable('company_invitations').execute();
      await db.schema.dropTable('company_members').execute();
      await db.schema.dropTable('companies').execute();
    },
  };
}
