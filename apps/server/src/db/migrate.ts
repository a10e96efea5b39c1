import { Migrator, type Migration } from 'kysely';
import type { Db } from './database.js';
import { initial } from './migrations/0001-initial.js';
import { auth } from './migrations/0002-auth.js';
import { payments } from './migrations/0003-payments.js';
import { ordersByEmail } from './migrations/0004-orders-by-email.js';

/** Every migration in order; a new one is a new file and one line here. */
function migrations(db: Db): Record<string, Migration> {
  return {
    '0001-initial': initial(db.dialect),
    '0002-auth': auth(db.dialect),
    '0003-payments': payments(db.dialect),
    '0004-orders-by-email': ordersByEmail,
  };
}

/** Brings the schema up to date; throws (and the server does not start) when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(migrations(db)) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
