import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The row of the settings table that holds the generated secret. */
const SETTING = 'auth_secret';

/** The SQL of the auth secret: one row of the settings table, written once. */
export function createSecretRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores `candidate` unless a secret is stored already, and answers the stored one: when
     * two instances start together, the first insert wins and both read it back.
     */
    async keepFirst(candidate: string): Promise<string> {
      await db
        .insertInto('settings')
        .values({ key: SETTING, value: candidate })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', SETTING)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
