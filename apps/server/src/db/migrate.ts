import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './database.js';
import { initial } from './migrations/0001-initial.js';
import { auth } from './migrations/0002-auth.js';
import { payments } from './migrations/0003-payments.js';
import { ordersByEmail } from './migrations/0004-orders-by-email.js';
import { sharedState } from './migrations/0005-shared-state.js';
import { orderHolds } from './migrations/0006-order-holds.js';
import { buyerDetails } from './migrations/0007-buyer-details.js';
import { idempotencyKeys } from './migrations/0008-idempotency-keys.js';
import { b2bOrdering } from './migrations/0009-b2b-ordering.js';
import { mailOutboxClaims } from './migrations/0010-mail-outbox-claims.js';
import { productSearch } from './migrations/0011-product-search.js';
import { adminListIndexes } from './migrations/0012-admin-list-indexes.js';
import { orderSpeed } from './migrations/0013-order-speed.js';
import { unpaidValueAndCooldowns } from './migrations/0014-unpaid-value-and-cooldowns.js';
import { mailLimitsAndSkuCase } from './migrations/0015-mail-limits-and-sku-case.js';

/** Every migration in order; a new one is a new file and one line here. */
export function migrations(db: Db): Record<string, Migration> {
  return {
    '0001-initial': initial(db.dialect),
    '0002-auth': auth(db.dialect),
    '0003-payments': payments(db.dialect),
    '0004-orders-by-email': ordersByEmail,
    '0005-shared-state': sharedState(db.dialect),
    '0006-order-holds': orderHolds(db.dialect),
    '0007-buyer-details': buyerDetails,
    '0008-idempotency-keys': idempotencyKeys(db.dialect),
    '0009-b2b-ordering': b2bOrdering(db.dialect),
    '0010-mail-outbox-claims': mailOutboxClaims(db.dialect),
    '0011-product-search': productSearch(db.dialect),
    '0012-admin-list-indexes': adminListIndexes,
    '0013-order-speed': orderSpeed(db.dialect),
    '0014-unpaid-value-and-cooldowns': unpaidValueAndCooldowns(db.dialect),
    '0015-mail-limits-and-sku-case': mailLimitsAndSkuCase(db.dialect),
  };
}

/**
 * Kysely's migrator over our migrations. Kysely looks for its bookkeeping tables in every schema
 * unless told which one: it is pinned to ours, or a database holding several shops' schemas (the
 * tests') would confuse it.
 */
export async function createMigrator(db: Db): Promise<Migrator> {
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely))
          .rows[0]?.schema
      : undefined;
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(migrations(db)) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Brings the schema up to date; throws (and the server does not start) when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
