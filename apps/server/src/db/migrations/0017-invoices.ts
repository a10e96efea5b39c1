import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 22 (usability review 2026-11-26, defects 2 and 20): invoices accounts payable can book.
 * - orders `billing_company`, `billing_vat_number`, `billing_address`: whom the invoice is made
 *   out to, given at checkout (prefilled from My Profile); a null `billing_address` means "the
 *   shipping address".
 * - orders `invoice_number`, `invoice_issued_at`, `invoice_due_at`, `invoice_amount_due_cents`:
 *   the invoice, issued in the transaction that marks the order paid (DESIGN.md section 13 reads
 *   the same shape for paying on account). The number is unique.
 * - `invoice_counters(year, last)`: the gap-free numbering, one row per calendar year (UTC),
 *   incremented in the paying transaction; a sequence is not used because a rolled-back
 *   transaction leaves a gap in it.
 * - Orders paid before this migration get their invoice now, numbered in the order they were
 *   paid, per year of payment (UTC): an order that was paid has an invoice, whenever it was paid.
 * - order_lines `sku`: the product's SKU as it was when the line was placed, filled by the
 *   database on insert (a trigger), so every placement path records it without a change of its
 *   own; existing lines get their product's SKU of today.
 */
/** What the numbering reads of a paid order. */
interface PaidOrder {
  id: string;
  paid_at: Date | string | null;
  updated_at: Date | string;
}

/**
 * Issues the invoices of the orders paid before invoices had numbers: by the time they were paid
 * (`paid_at`, else the last change), the id breaking ties, the counters left at each year's last.
 */
async function numberPaidOrders(db: Kysely<unknown>): Promise<void> {
  const paid = await sql<PaidOrder>`
    select id, paid_at, updated_at from orders
    where payment_status = 'paid' and invoice_number is null`.execute(db);
  const iso = (value: Date | string) => new Date(value).toISOString();
  const rows = paid.rows
    .map((row) => ({ id: row.id, at: iso(row.paid_at ?? row.updated_at) }))
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
  const last = new Map<number, number>();
  for (const row of rows) {
    const year = new Date(row.at).getUTCFullYear();
    const sequence = (last.get(year) ?? 0) + 1;
    last.set(year, sequence);
    const number = `${year}-${String(sequence).padStart(6, '0')}`;
    await sql`update orders set invoice_number = ${number}, invoice_issued_at = ${row.at},
        invoice_due_at = ${row.at}, invoice_amount_due_cents = 0
      where id = ${row.id}`.execute(db);
  }
  for (const [year, sequence] of last) {
    await sql`insert into invoice_counters (year, last) values (${year}, ${sequence})`.execute(db);
  }
}

export function invoices(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('billing_company', 'text').execute();
      await db.schema.alterTable('orders').addColumn('billing_vat_number', 'text').execute();
      await db.schema.alterTable('orders').addColumn('billing_address', 'text').execute();
      await db.schema.alterTable('orders').addColumn('invoice_number', 'text').execute();
      await db.schema.alterTable('orders').addColumn('invoice_issued_at', timestamp).execute();
      await db.schema.alterTable('orders').addColumn('invoice_due_at', timestamp).execute();
      // At most MAX_ORDER_CENTS (99,999,999): an integer, read back as a number on both.
      await db.schema
        .alterTable('orders')
        .addColumn('invoice_amount_due_cents', 'integer')
        .execute();
      await db.schema
        .createIndex('orders_invoice_number_idx')
        .on('orders')
        .column('invoice_number')
        .unique()
        .execute();
      await db.schema
        .createTable('invoice_counters')
        .addColumn('year', 'integer', (col) => col.primaryKey())
        .addColumn('last', 'integer', (col) => col.notNull())
        .execute();

      await numberPaidOrders(db);

      await db.schema.alterTable('order_lines').addColumn('sku', 'text').execute();
      await sql`update order_lines set sku = (
          select products.sku from products where products.id = order_lines.product_id)
        where product_id is not null`.execute(db);
      if (dialect === 'postgres') {
        await sql`
          create function shop_order_line_sku() returns trigger language plpgsql as $$
          begin
            if new.sku is null and new.product_id is not null then
              select sku into new.sku from products where id = new.product_id;
            end if;
            return new;
          end $$`.execute(db);
        await sql`
          create trigger order_lines_sku before insert on order_lines
          for each row execute function shop_order_line_sku()`.execute(db);
        return;
      }
      await sql`
        create trigger order_lines_sku after insert on order_lines
        when new.sku is null and new.product_id is not null
        begin
          update order_lines set sku = (select sku from products where id = new.product_id)
          where order_id = new.order_id and position = new.position;
        end`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`drop trigger order_lines_sku${dialect === 'postgres' ? sql` on order_lines` : sql``}`.execute(
        db,
      );
      if (dialect === 'postgres') await sql`drop function shop_order_line_sku()`.execute(db);
      await db.schema.alterTable('order_lines').dropColumn('sku').execute();
      await db.schema.dropTable('invoice_counters').execute();
      await db.schema.dropIndex('orders_invoice_number_idx').execute();
      for (const column of [
        'invoice_amount_due_cents',
        'invoice_due_at',
        'invoice_issued_at',
        'invoice_number',
        'billing_address',
        'billing_vat_number',
        'billing_company',
      ]) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
    },
  };
}
