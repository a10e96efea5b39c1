import { sql, type DatabaseIntrospector, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './schema.js';
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
import { orderNumbers } from './migrations/0016-order-numbers.js';
import { invoices } from './migrations/0017-invoices.js';
import { searchFolding } from './migrations/0018-search-folding.js';
import { companies } from './migrations/0019-companies.js';
import { payOnAccount } from './migrations/0020-pay-on-account.js';
import { quotes } from './migrations/0022-quotes.js';
import { orderLists } from './migrations/0023-order-lists.js';
import { monthlyLimits } from './migrations/0024-monthly-limits.js';
import { changeFeedNamesSchema } from './migrations/0027-change-feed-names-schema.js';
import { companyOrders } from './migrations/0028-company-orders.js';
import { companyBillingAndTransfers } from './migrations/0030-company-billing-and-transfers.js';
import { quotesThatCanBeAccepted } from './migrations/0032-quotes-that-can-be-accepted.js';
import { holdNotes } from './migrations/0035-hold-notes.js';
import { orderListNames } from './migrations/0036-order-list-names.js';

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
    '0016-order-numbers': orderNumbers(db.dialect),
    '0017-invoices': invoices(db.dialect),
    '0018-search-folding': searchFolding(db.dialect),
    '0019-companies': companies(db.dialect),
    '0020-pay-on-account': payOnAccount(db.dialect),
    '0022-quotes': quotes(db.dialect),
    '0023-order-lists': orderLists(db.dialect),
    '0024-monthly-limits': monthlyLimits(db.dialect),
    '0027-change-feed-names-schema': changeFeedNamesSchema(db.dialect),
    '0028-company-orders': companyOrders(db.dialect),
    '0030-company-billing-and-transfers': companyBillingAndTransfers(db.dialect),
    '0032-quotes-that-can-be-accepted': quotesThatCanBeAccepted(db.dialect),
    '0035-hold-notes': holdNotes(),
    '0036-order-list-names': orderListNames,
  };
}

/**
 * What Kysely's migrator asks a PostgreSQL database, narrowed to our schema. Its own introspector
 * reads every column of every schema, with `pg_get_serial_sequence` for each, and that query fails
 * ("schema … does not exist", "column … does not exist") while another schema of the same
 * database is being changed or dropped: the tests' schemas side by side, or another shop's. The
 * migrator needs only to know whether its schema and two tables are there.
 */
function introspectionOf(kysely: Kysely<Database>, schema: string): DatabaseIntrospector {
  return {
    getSchemas: async () =>
      (
        await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace
          where nspname = ${schema}`.execute(kysely)
      ).rows,
    getTables: async () =>
      (
        await sql<{ name: string }>`select tablename as name from pg_catalog.pg_tables
          where schemaname = ${schema}`.execute(kysely)
      ).rows.map(({ name }) => ({ name, schema, isView: false, isForeign: false, columns: [] })),
  };
}

/**
 * The Kysely instance the migrator sees: the shop's own, but asking `introspectionOf` instead of
 * Kysely's introspector. Every other member is the instance's own, called on the instance (its
 * private fields do not survive a proxy as `this`).
 */
function withIntrospection(
  kysely: Kysely<Database>,
  introspection: DatabaseIntrospector,
): Kysely<Database> {
  return new Proxy(kysely, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/**
 * Kysely's migrator over our migrations. Kysely looks for its bookkeeping tables in every schema
 * unless told which one: it is pinned to ours, and on PostgreSQL only ours is read.
 */
export async function createMigrator(db: Db): Promise<Migrator> {
  if (db.dialect !== 'postgres') {
    return new Migrator({
      db: db.kysely,
      provider: { getMigrations: () => Promise.resolve(migrations(db)) },
    });
  }
  const schema = (
    await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)
  ).rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL names no current schema: check the search_path');
  return new Migrator({
    db: withIntrospection(db.kysely, introspectionOf(db.kysely, schema)),
    provider: { getMigrations: () => Promise.resolve(migrations(db)) },
    migrationTableSchema: schema,
  });
}

/** Brings the schema up to date; throws (and the server does not start) when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
