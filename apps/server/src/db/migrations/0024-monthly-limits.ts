import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Security 2026-11-28 #7 (DESIGN.md section 12): a member's monthly limit.
 * - `company_members.monthly_limit_cents`: what the member's company orders of a calendar month
 *   (UTC) may total before the next one waits for a company admin's approval, and what they may
 *   put on the account without approval in that month; null for none (an admin's is ignored).
 * Only adds a nullable column (null: no limit): instances of the previous release neither read
 * nor write it, and their inserts leave it null.
 */
export function monthlyLimits(dialect: Dialect) {
  const cents = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('company_members')
        .addColumn('monthly_limit_cents', cents, (c) => c.check(sql`monthly_limit_cents >= 0`))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('company_members').dropColumn('monthly_limit_cents').execute();
    },
  };
}
