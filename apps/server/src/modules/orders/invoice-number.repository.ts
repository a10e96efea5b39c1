import type { Transaction } from 'kysely';
import { formatInvoiceNumber } from '@shop/shared';
import type { Database, OrderRow } from '../../db/schema.js';

/**
 * An invoice issued on account (DESIGN.md section 13): due `termsDays` after it is issued, the
 * whole total still to pay, made out to the company as it is now.
 */
export interface OnAccountTerms {
  termsDays: number;
  companyName: string;
  companyVatId: string | null;
}

/** The moment an invoice issued at `now` on net `days` terms is due. */
export function dueAfter(now: string, days: number): string {
  return new Date(new Date(now).getTime() + days * 86_400_000).toISOString();
}

/**
 * Issues the invoice of an order that has just been paid, inside the transaction that marked it
 * paid (issue 22, docs/decisions/2026-11-26-gap-free-invoice-numbers.md): the next number of the
 * year of `now` (UTC) from `invoice_counters`, gap-free and never given twice.
 *
 * The counter is one upsert (`insert ... on conflict do update set last = last + 1 returning
 * last`): on PostgreSQL it locks the year's row until the paying transaction ends, so concurrent
 * payments take the numbers one after another, and a payment rolled back gives its number back
 * with its row change (no gap, as a sequence would leave); SQLite has one writer at a time. The
 * order is only numbered while it has no number, so a second call changes nothing.
 *
 * A card payment (or an admin's Mark Paid) settles the order at once: due when issued, nothing
 * left to pay. Paying on account (DESIGN.md section 13) sets a later `dueAt` and the amount.
 */
export async function issueInvoiceIn(
  trx: Transaction<Database>,
  order: OrderRow,
  now: string,
  onAccount?: OnAccountTerms,
): Promise<OrderRow> {
  if (order.invoice_number !== null) return order;
  const year = new Date(now).getUTCFullYear();
  const { last } = await trx
    .insertInto('invoice_counters')
    .values({ year, last: 1 })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet((eb) => ({ last: eb('invoice_counters.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  const numbered = await trx
    .updateTable('orders')
    .set({
      invoice_number: formatInvoiceNumber(year, Number(last)),
      invoice_issued_at: now,
      invoice_due_at: onAccount ? dueAfter(now, onAccount.termsDays) : now,
      invoice_amount_due_cents: onAccount ? order.price_cents : 0,
      ...(onAccount && {
        invoice_terms_days: onAccount.termsDays,
        invoice_company_name: onAccount.companyName,
        invoice_company_vat_id: onAccount.companyVatId,
      }),
    })
    .where('id', '=', order.id)
    .where('invoice_number', 'is', null)
    .returningAll()
    .executeTakeFirst();
  // Numbered meanwhile (not possible inside the paying transaction): the counter's step is
  // undone with the transaction, so no number is lost.
  if (!numbered) throw new Error(`order ${order.id} was given an invoice number twice`);
  return numbered;
}
