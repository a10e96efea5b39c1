import { buildApp } from './app.js';
import { bootstrapAdmin } from './auth/bootstrap-admin.js';
import { ConfigError, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './db/seed/seed.js';
import { openLogOutput } from './log-output.js';

/** How long a shutdown waits for the requests in flight (orchestrators kill after ~30 s). */
const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  const config = readConfig();
  const db = openDatabase(config.database);
  // Before the app: it reads shared settings (the generated auth secret) from the database.
  const applied = await migrateToLatest(db);
  // JSON lines written in the background (flushed before exit), or readable ones for a person.
  const logs = await openLogOutput(config.logFormat);
  const exit = (code: number) => {
    logs.flush();
    process.exit(code);
  };
  const app = await buildApp({ config, db, logStream: logs.stream });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const seeded = config.seedDemoData ? await seedDemoData(db) : undefined;
  if (seeded) app.log.info(seeded, 'demo data added to the empty database');
  await bootstrapAdmin({ auth: app.shopAuth, db, config, log: app.log });
  if (config.env === 'production' && config.paymentsTestMode) {
    app.log.warn(
      'PAYMENTS_TEST_MODE=true: the built-in test gateway takes payments, so test cards pay orders and no card is charged',
    );
  }
  if (!config.webDist) app.log.warn('web app not built: serving the API only (run npm run build)');

  // SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish, close the
  // database, exit 0. A repeated signal is only noted: `npm start` in a terminal passes Ctrl-C on
  // as a second SIGINT, and a supervisor may repeat its SIGTERM; neither may cut the drain short.
  // Requests still running after the grace period are abandoned (exit 1) rather than waited for.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.info({ signal }, 'already shutting down: still finishing requests in flight');
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error(`requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s: exiting`);
      exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await db.close();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

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
