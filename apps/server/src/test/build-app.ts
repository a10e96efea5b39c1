import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import type { Mailer } from '../auth/mailer.js';
import { SCRYPT_HASHER } from '../auth/password-hashing.js';
import { cheapPasswordHasher } from './cheap-password-hasher.js';
import type { Db } from '../db/database.js';

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-the-shop';

/** The config tests run with: quiet logs, no web app unless a test gives one. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // Uploads and generated files of tests stay out of the working tree.
    DATA_DIR: path.join(tmpdir(), 'shop-test-data'),
    AUTH_SECRET: TEST_AUTH_SECRET,
    // One test customer places and pays many orders a minute; the limits have tests of their own.
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
    REVIEW_RATE_LIMIT_PER_HOUR: '100000',
    INVOICE_RATE_LIMIT_PER_MINUTE: '100000',
    ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE: '100000',
    // Tests that listen send many requests from one address; the budget has tests of its own.
    REQUEST_BUDGET_PER_SECOND: '100000',
    REQUEST_BUDGET_BURST: '100000',
    // The test customer also holds many unpaid orders, of any value; the limits' own tests set them.
    MAX_UNPAID_ORDERS: '100000',
    MAX_UNPAID_VALUE: '1000000000000',
    // The outbox worker sends only when a test runs it (app.mailOutbox.runOnce) or turns it on,
    // so no test's mailer receives order mail it did not ask for.
    MAIL_WORKER_INTERVAL_MS: '0',
    ...overrides,
  });
}

export async function buildTestApp(
  db: Db,
  overrides: Record<string, string> = {},
  {
    mailer,
    now,
    delay,
    invoiceRenderer,
    passwordHashing = 'cheap',
  }: {
    mailer?: Mailer;
    now?: () => Date;
    delay?: AppDeps['delay'];
    invoiceRenderer?: AppDeps['invoiceRenderer'];
    /**
     * `cheap` (one SHA-256, test/cheap-password-hasher.ts) unless a test proves the real
     * hashing (its cost, its limits, a mock of Better Auth's crypto): `scrypt`.
     */
    passwordHashing?: 'cheap' | 'scrypt';
  } = {},
): Promise<FastifyInstance> {
  // Mail goes nowhere unless a test wants to read it.
  const app = await buildApp({
    config: testConfig(overrides),
    db,
    mailer: mailer ?? { send: async () => undefined },
    ...(now ? { now } : {}),
    // A slowed-down sign-in does not wait unless a test asks: the slowdown's tests record it.
    delay: delay ?? (async () => undefined),
    ...(invoiceRenderer ? { invoiceRenderer } : {}),
    ...(passwordHashing === 'cheap' ? { passwordHasher: cheapPasswordHasher(SCRYPT_HASHER) } : {}),
  });
  await app.ready();
  return app;
}
