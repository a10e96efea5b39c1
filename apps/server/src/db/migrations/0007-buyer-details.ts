import type { Kysely } from 'kysely';

const COLUMNS = ['company', 'vat_number', 'shipping_address'] as const;

/**
 * A repeat buyer's details on their profile (issue 12): company, VAT number and a default
 * shipping address, all optional, so existing users simply have none yet. `text` on both
 * dialects: the limits live in the shared schema.
 */
export const buyerDetails = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const column of COLUMNS) {
      await db.schema.alterTable('users').addColumn(column, 'text').execute();
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const column of COLUMNS) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
  },
};
