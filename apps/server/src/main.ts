import { buildApp } from './app.js';
import { bootstrapAdmin } from './auth/bootstrap-admin.js';
import { ConfigError, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './db/seed/seed.js';

async function main(): Promise<void> {
  const config = readConfig();
  const db = openDatabase(config.database);
  const app = await buildApp({ config, db });

  const applied = await migrateToLatest(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedDemoData(db);
  if (seeded) app.log.info(seeded, 'demo data added to the empty database');
  await bootstrapAdmin({ auth: app.shopAuth, db, config, log: app.log });
  if (!config.webDist) app.log.warn('web app not built: serving the API only (run npm run build)');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The shop could not start:', error);
  }
  process.exit(1);
});
