import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 24 (DESIGN.md section 13): paying on account. Only adds, so a rolling upgrade keeps the
 * previous release running; that release does not know the payment status `invoiced`, so no
 * terms are granted before every instance runs this one (docs/operations.md).
 * - companies `terms_days`, `credit_limit_cents` (null: no terms), `balance_cents` (the open
 *   invoices' amounts due together, kept in the same statements that change them, so the credit
 *   check and the balance change are one conditional UPDATE), `hold_reason` ('admin' or
 *   'overdue' while `on_hold`, migration 0019's column) and `hold_waived_before` (a shop admin
 *   lifted an automatic hold: invoices due before this moment no longer set it again).
 * - orders `invoice_terms_days`, `invoice_company_name`, `invoice_company_vat_id`: the terms and
 *   the company as they were when the invoice was issued (the PDF prints them).
 * - `invoice_payments`: money received against an invoice (amount, reference, received_at,
 *   recorded_by).
 * - `invoice_reminders(order_id, kind)`: a reminder's marker; its primary key is the claim, so
 *   of several instances only one sends each reminder.
 */
export function payOnAccount(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('companies').addColumn('terms_days', 'integer').execute();
      // At most MAX_CREDIT_LIMIT (10,000,000 dollars): an integer of cents on both.
      await db.schema.alterTable('companies').addColumn('credit_limit_cents', 'integer').execute();
      await db.schema
        .alterTable('companies')
        .addColumn('balance_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('companies').addColumn('hold_reason', 'text').execute();
      await db.schema.alterTable('companies').addColumn('hold_waived_before', timestamp).execute();

      await db.schema.alterTable('orders').addColumn('invoice_terms_days', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('invoice_company_name', 'text').execute();
      await db.schema.alterTable('orders').addColumn('invoice_company_vat_id', 'text').execute();
      // The open invoices by due date: reminders, holds and statements read them.
      await db.schema
        .createIndex('orders_open_invoices_idx')
        .on('orders')
        .columns(['payment_status', 'invoice_due_at'])
        .execute();

      await db.schema
        .createTable('invoice_payments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
        .addColumn('company_id', 'text')
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        .addColumn('reference', 'text', (col) => col.notNull())
        .addColumn('received_at', timestamp, (col) => col.notNull())
        .addColumn('recorded_at', timestamp, (col) => col.notNull())
        .addColumn('recorded_by_user_id', 'text', (col) => col.notNull())
        .addColumn('recorded_by_name', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('invoice_payments_order_idx')
        .on('invoice_payments')
        .columns(['order_id', 'recorded_at'])
        .execute();

      await db.schema
        .createTable('invoice_reminders')
        .addColumn('order_id', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('sent_at', timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint('invoice_reminders_pkey', ['order_id', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('invoice_reminders').execute();
      await db.schema.dropIndex('invoice_payments_order_idx').execute();
      await db.schema.dropTable('invoice_payments').execute();
      await db.schema.dropIndex('orders_open_invoices_idx').execute();
      for (const column of [
        'invoice_company_vat_id',
        'invoice_company_name',
        'invoice_terms_days',
      ]) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      for (const column of [
        'hold_waived_before',
        'hold_reason',
        'balance_cents',
        'credit_limit_cents',
        'terms_days',
      ]) {
        await db.schema.alterTable('companies').dropColumn(column).execute();
      }
    },
  };
}
