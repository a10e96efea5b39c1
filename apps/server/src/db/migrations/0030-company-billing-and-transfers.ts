import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 33, usability walk 2026-11-28 defects 2 and 15:
 * - `orders.payment_received_at`: when the bank transfer an admin marked an order paid with was
 *   received (Mark Paid's date received); null for a card payment, an invoice paid on account,
 *   or an order marked paid without details (the spec's bodyless call). The transfer's reference
 *   is the order's `transaction_id`, as a card payment's intent id is.
 * - Company orders not invoiced yet are billed to their company from now on (the order keeps a
 *   snapshot of the company's name, VAT id and billing address, taken when it is placed): an
 *   order of a company placed before this release, still without an invoice and without billing
 *   details of its own, takes its company's as they are now, so the invoice it gets later is
 *   made out to the company too. An issued invoice is never changed (it was sent as it was).
 * Only adds a nullable column and fills empty ones: instances of the previous release neither
 * read nor write the column, and their inserts leave it null.
 */
export function companyBillingAndTransfers(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('payment_received_at', timestamp).execute();
      await sql`
        update orders set
          billing_company = (select c.name from companies c where c.id = orders.company_id),
          billing_vat_number = (select c.vat_id from companies c where c.id = orders.company_id),
          billing_address = (
            select c.billing_address from companies c where c.id = orders.company_id
          )
        where company_id is not null
          and invoice_number is null
          and billing_company is null
          and billing_vat_number is null
          and billing_address is null
          and exists (select 1 from companies c where c.id = orders.company_id)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').dropColumn('payment_received_at').execute();
    },
  };
}
