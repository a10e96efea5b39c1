import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 20 (security report 2026-11-26, findings 4 and 16):
 * - mail_outbox `admitted_at`: when a row took its place in its recipient's hourly allowance
 *   (MAIL_PER_RECIPIENT_PER_HOUR), just before it is sent; counted by recipient over the last
 *   hour, hence the index. Cleared when the send fails, so a failed attempt costs no place.
 * - mail_outbox `skipped_at`, `skip_reason`: a row the worker will not send (its recipient never
 *   confirmed the address): settled like a sent row, neither retried nor counted as failed, and
 *   purged with the sent ones after MAIL_OUTBOX_RETENTION_DAYS.
 * - products: a SKU is unique in any case (`PRB-1` and `prb-1` are one SKU, as search and the
 *   quick order already read them): a unique index on `lower(sku)` replaces 0009's exact one.
 *   A shop whose catalog already holds two SKUs that differ only in case cannot get the index:
 *   the migration stops, naming them, and changes nothing (docs/decisions/
 *   2026-11-26-sku-any-case.md); renaming one of each pair and starting again completes it.
 */
export function mailLimitsAndSkuCase(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // First, so a shop that cannot take the index stops before anything else is done (the
      // migrator's transaction would undo it anyway).
      const clashes = await sql<{ id: string; sku: string }>`
        select id, sku from products
        where sku is not null and lower(sku) in (
          select lower(sku) from products where sku is not null
          group by lower(sku) having count(*) > 1)
        order by lower(sku), sku, id`.execute(db);
      if (clashes.rows.length > 0) {
        throw new Error(skuClashMessage(clashes.rows));
      }
      await db.schema.alterTable('mail_outbox').addColumn('admitted_at', timestamp).execute();
      await db.schema.alterTable('mail_outbox').addColumn('skipped_at', timestamp).execute();
      await db.schema.alterTable('mail_outbox').addColumn('skip_reason', 'text').execute();
      await db.schema
        .createIndex('mail_outbox_recipient_admitted_idx')
        .on('mail_outbox')
        .columns(['recipient', 'admitted_at'])
        .execute();
      await db.schema
        .createIndex('mail_outbox_skipped_idx')
        .on('mail_outbox')
        .column('skipped_at')
        .execute();

      await sql`create unique index products_sku_lower_idx on products (lower(sku))`.execute(db);
      await db.schema.dropIndex('products_sku_idx').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('products_sku_idx')
        .on('products')
        .column('sku')
        .unique()
        .execute();
      await db.schema.dropIndex('products_sku_lower_idx').execute();
      await db.schema.dropIndex('mail_outbox_skipped_idx').execute();
      await db.schema.dropIndex('mail_outbox_recipient_admitted_idx').execute();
      for (const column of ['skip_reason', 'skipped_at', 'admitted_at']) {
        await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
      }
    },
  };
}

/** What the operator reads when the SKUs cannot be made unique: which ones, and what to do. */
export function skuClashMessage(rows: readonly { id: string; sku: string }[]): string {
  const groups = new Map<string, string[]>();
  for (const { id, sku } of rows) {
    const key = sku.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), `${sku} (product ${id})`]);
  }
  const listed = [...groups.values()].map((group) => group.join(' and ')).join('; ');
  return (
    `Migration 0015 cannot make SKUs unique in any case: these products have SKUs that differ ` +
    `only in case: ${listed}. Give each product its own SKU (for example ` +
    `update products set sku = '<new sku>' where id = '<product id>'), then start the shop again; ` +
    `nothing was changed.`
  );
}
