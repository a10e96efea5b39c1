import type { Kysely } from 'kysely';
import type { Database, TestGatewayIntentsTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export type TestIntentRow = Omit<TestGatewayIntentsTable, 'created_at' | 'updated_at'>;

/** The built-in test gateway's own table: what an outside gateway would keep on its side. */
export function createTestGatewayRepository(db: Kysely<Database>) {
  return {
    async insert(row: TestIntentRow): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('test_gateway_intents')
        .values({ ...row, created_at: now, updated_at: now })
        .execute();
    },

    byId: (id: string) =>
      db.selectFrom('test_gateway_intents').selectAll().where('id', '=', id).executeTakeFirst(),

    byClientSecret: (clientSecret: string) =>
      db
        .selectFrom('test_gateway_intents')
        .selectAll()
        .where('client_secret', '=', clientSecret)
        .executeTakeFirst(),

    /** Like Stripe: a succeeded intent stays succeeded; anything else becomes canceled. */
    async cancel(id: string): Promise<void> {
      await db
        .updateTable('test_gateway_intents')
        .set({ status: 'canceled', updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '!=', 'succeeded')
        .execute();
    },

    /**
     * Charges the intent in one statement, only while it is open (neither charged nor
     * cancelled), so a cancellation in the meantime is never overtaken. True when it did.
     */
    async charge(id: string): Promise<boolean> {
      const charged = await db
        .updateTable('test_gateway_intents')
        .set({ status: 'succeeded', updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', 'not in', ['succeeded', 'canceled'])
        .executeTakeFirst();
      return Number(charged.numUpdatedRows) === 1;
    },
  };
}
