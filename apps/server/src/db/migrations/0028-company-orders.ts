import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 33 point 2 (ux 2026-11-28 #6, #7, #14): company orders that go the way companies work.
 * - The `approver` role (#7): `company_members.role` and `company_invitations.role` accept
 *   'admin', 'approver' or 'buyer'. PostgreSQL swaps the CHECK; SQLite cannot alter one, so both
 *   tables are rebuilt with their rows, columns and indexes as they were (nothing references
 *   them). Instances of the previous release do not know the role: a member made an approver is
 *   read by them as an invalid row until they are replaced (roll out before granting it).
 * - `company_invitations.replaced_at` (#6): a second invitation to the same address replaces
 *   the first; the first is withdrawn with this set, and its link says it was replaced.
 * - `orders.payment_method` (#14): 'card' (every existing order) or 'on_account', chosen when
 *   placing; an order on account is invoiced when placed, or when approved.
 */
export function companyOrders(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const cents = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('orders')
        .addColumn('payment_method', 'text', (c) =>
          c
            .notNull()
            .defaultTo('card')
            .check(sql`payment_method in ('card', 'on_account')`),
        )
        .execute();
      if (dialect === 'postgres') {
        for (const table of ['company_members', 'company_invitations']) {
          await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_role_check`)}`.execute(
            db,
          );
          await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_role_check`)} check (role in ('admin', 'approver', 'buyer'))`.execute(
            db,
          );
        }
        await db.schema
          .alterTable('company_invitations')
          .addColumn('replaced_at', timestamp)
          .execute();
        return;
      }
      await db.schema
        .createTable('company_members_0028')
        .addColumn('user_id', 'varchar(24)', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'varchar(24)', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('admin', 'approver', 'buyer')`),
        )
        .addColumn('order_limit_cents', cents, (c) => c.check(sql`order_limit_cents >= 0`))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('monthly_limit_cents', cents, (c) => c.check(sql`monthly_limit_cents >= 0`))
        .execute();
      await sql`insert into company_members_0028 (user_id, company_id, role, order_limit_cents, created_at, monthly_limit_cents)
        select user_id, company_id, role, order_limit_cents, created_at, monthly_limit_cents from company_members`.execute(
        db,
      );
      await db.schema.dropTable('company_members').execute();
      await sql`alter table company_members_0028 rename to company_members`.execute(db);
      await db.schema
        .createIndex('company_members_company_idx')
        .on('company_members')
        .columns(['company_id', 'role'])
        .execute();

      await db.schema
        .createTable('company_invitations_0028')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('company_id', 'varchar(24)', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('admin', 'approver', 'buyer')`),
        )
        .addColumn('order_limit_cents', cents, (c) => c.check(sql`order_limit_cents >= 0`))
        .addColumn('invited_by', 'varchar(24)')
        .addColumn('invited_by_name', 'text', (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .addColumn('used_by', 'varchar(24)')
        .addColumn('revoked_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('replaced_at', timestamp)
        .execute();
      await sql`insert into company_invitations_0028 (id, company_id, token_hash, email, role, order_limit_cents, invited_by, invited_by_name, expires_at, used_at, used_by, revoked_at, created_at)
        select id, company_id, token_hash, email, role, order_limit_cents, invited_by, invited_by_name, expires_at, used_at, used_by, revoked_at, created_at from company_invitations`.execute(
        db,
      );
      await db.schema.dropTable('company_invitations').execute();
      await sql`alter table company_invitations_0028 rename to company_invitations`.execute(db);
      await db.schema
        .createIndex('company_invitations_company_idx')
        .on('company_invitations')
        .columns(['company_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').dropColumn('payment_method').execute();
      await db.schema.alterTable('company_invitations').dropColumn('replaced_at').execute();
    },
  };
}
