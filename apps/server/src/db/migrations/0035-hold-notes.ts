import type { Kysely } from 'kysely';

/**
 * ux 2026-11-28 #34: why a shop admin put a company on hold.
 * - `companies.hold_note`: the reason the shop admin gave with 'Put on hold' (`hold_reason`
 *   'admin'); shown to the shop admin and in the members' notice. Null for an overdue hold, a
 *   hold set without one (an older client), and once the hold is lifted.
 * Only adds a nullable column: instances of the previous release neither read nor write it.
 */
export function holdNotes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('companies').addColumn('hold_note', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('companies').dropColumn('hold_note').execute();
    },
  };
}
