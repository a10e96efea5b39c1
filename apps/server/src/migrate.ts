// `npm run db:migrate`: brings the configured database (DATABASE_URL, or the SQLite file in
// DATA_DIR) up to date with the built server's migrations, and exits. The server migrates at start
// as well; this is for a deployment step that migrates before the new instances start.
import { ConfigError, readDatabaseConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

try {
  const db = openDatabase(readDatabaseConfig());
  try {
    const applied = await migrateToLatest(db);
    // The command's answer, on stdout (the server itself speaks through its logger).
    process.stdout.write(
      applied.length
        ? `Migrated the database: ${applied.join(', ')}\n`
        : 'The database is up to date: no migration to run\n',
    );
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : 'The database could not be migrated:',
    ...(error instanceof ConfigError ? [] : [error]),
  );
  process.exitCode = 1;
}
