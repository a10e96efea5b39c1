import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The SQL of the health check. */
export function createHealthRepository(db: Kysely<Database>) {
  return {
    /** Resolves when the database answers a query; rejects with the driver's error otherwise. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
