// Starting the built shop as a child process for a benchmark, and talking to its API.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = path.resolve(import.meta.dirname, '../..');
const mainJs = path.join(root, 'apps/server/dist/main.js');

/** Every limit of the shop raised out of the way of the load generator (printed in the header). */
export const RAISED_LIMITS = {
  AUTH_RATE_LIMIT_PER_ADDRESS: '1000000000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000000',
  ORDER_RATE_LIMIT_PER_MINUTE: '1000000000',
  PAYMENT_RATE_LIMIT_PER_MINUTE: '1000000000',
  INVOICE_RATE_LIMIT_PER_MINUTE: '1000000000',
  ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE: '1000000000',
  MAX_UNPAID_ORDERS: '1000000000',
  MAX_UNPAID_VALUE: '1000000000000',
  // The shop runs as in production, where ordering needs a confirmed email; the bench's
  // customer never opens the confirmation mail.
  ORDER_REQUIRES_CONFIRMED_EMAIL: 'false',
  REQUEST_BUDGET_PER_SECOND: '1000000000',
  REQUEST_BUDGET_BURST: '1000000000',
};

/**
 * The limits a flood case measures: left at their defaults there (the rest stay raised, so the
 * case can set itself up).
 */
export const FLOOD_MEASURED_LIMITS = [
  'INVOICE_RATE_LIMIT_PER_MINUTE',
  'ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE',
  'REQUEST_BUDGET_PER_SECOND',
  'REQUEST_BUDGET_BURST',
];

export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

/**
 * Variables the shop reads that must not leak from the caller's environment into a benchmark
 * (a DATABASE_URL given for the PostgreSQL case, a Stripe key, a Redis of another shop...).
 */
const SHOP_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_URL',
  'WEB_DIST',
  'AUTH_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER_URL',
  'AUTH_REQUIRE_EMAIL_VERIFICATION',
  'CORS_ORIGINS',
  'TRUST_PROXY',
  'PAYMENTS_TEST_MODE',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'REDIS_URL',
  'NODE_OPTIONS',
  'SEED_DEMO_DATA',
  'ORDER_HOLD_MINUTES',
  'MAIL_PER_RECIPIENT_PER_HOUR',
  'MAIL_OUTBOX_RETENTION_DAYS',
  ...FLOOD_MEASURED_LIMITS,
];

/** A TCP port nobody listens on right now. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * @typedef {object} Shop
 * @property {string} name
 * @property {string} url Base address, e.g. http://127.0.0.1:43123
 * @property {string} logFile Where its stdout and stderr go.
 * @property {string | undefined} sqliteFile The database file (SQLite only).
 * @property {number} pid
 * @property {() => Promise<{ logBytes: number }>} stop Stops it (SIGTERM) and removes its data.
 */

/**
 * Starts `node apps/server/dist/main.js` with a temporary DATA_DIR, in production mode, and
 * waits until `GET /api/health` answers.
 * @param {object} options
 * @param {string} options.name Shown in messages and used in file names.
 * @param {string} options.logLevel
 * @param {string} [options.databaseUrl] PostgreSQL address; SQLite in DATA_DIR otherwise.
 * @param {string} [options.logFile] Where to keep its output; a file in DATA_DIR's parent
 *   (removed with it) otherwise.
 * @param {string} [options.cpuProfDir] Write a V8 CPU profile there when it exits.
 * @param {Record<string, string>} [options.env] More variables, applied last (a variant).
 * @param {string[]} [options.defaultLimits] Limits of RAISED_LIMITS left at the shop's defaults
 *   (the ones a flood case measures).
 * @returns {Promise<Shop>}
 */
export async function startShop({
  name,
  logLevel,
  databaseUrl,
  logFile,
  cpuProfDir,
  env: extra,
  defaultLimits = [],
}) {
  const home = mkdtempSync(path.join(tmpdir(), `shop-bench-${name}-`));
  const dataDir = path.join(home, 'data');
  const output = logFile ?? path.join(home, 'shop.log');
  const port = await freePort();
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !SHOP_VARIABLES.includes(key)),
  );
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: logLevel,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Orders are paid through the built-in gateway: production refuses it unless asked.
    PAYMENTS_TEST_MODE: 'true',
    // The cases read and order the demo catalog, which production does not seed by itself.
    SEED_DEMO_DATA: 'true',
    ...RAISED_LIMITS,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  });
  const shopEnv = Object.fromEntries(
    Object.entries(env).filter(([variable]) => !defaultLimits.includes(variable)),
  );
  const log = createWriteStream(output);
  await once(log, 'open');
  const args = cpuProfDir
    ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=shop-${name}.cpuprofile`]
    : [];
  // The working directory is the temporary one, so no .env of the caller is read.
  const child = spawn(process.execPath, [...args, mainJs], {
    cwd: home,
    env: shopEnv,
    stdio: ['ignore', log, log],
  });
  let exited = false;
  const exit = once(child, 'exit').then(([code, signal]) => {
    exited = true;
    return { code, signal };
  });
  const url = `http://127.0.0.1:${port}`;

  const removeHome = () => rmSync(home, { recursive: true, force: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      const { code, signal } = await exit;
      const tail = readFileSync(output, 'utf8').split('\n').slice(-20).join('\n');
      removeHome();
      throw new Error(
        `The shop (${name}) exited (${code ?? signal}) before it was ready:\n${tail}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      removeHome();
      throw new Error(`The shop (${name}) was not ready after 60 s; see ${output}`);
    }
    await sleep(100);
  }

  return {
    name,
    url,
    logFile: output,
    sqliteFile: databaseUrl ? undefined : path.join(dataDir, 'shop.db'),
    pid: child.pid ?? 0,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
      log.end();
      await once(log, 'close').catch(() => undefined);
      const logBytes = statSync(output, { throwIfNoEntry: false })?.size ?? 0;
      removeHome();
      return { logBytes };
    },
  };
}

/**
 * One JSON call to the shop; throws with the answer when the status is not 2xx.
 * @param {string} url
 * @param {{ method?: string, body?: unknown, token?: string, cookie?: string }} [options]
 */
export async function api(url, { method = 'GET', body, token, cookie } = {}) {
  /** @type {Record<string, string>} */
  // The identity service checks the Origin of a browser's calls: these come from the shop's page.
  const headers = { origin: new URL(url).origin };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return { res, text, json: text ? JSON.parse(text) : undefined };
}

/**
 * The exact answer of the shop to one request, for the bare server to repeat.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<{ status: number, contentType: string, headers: Record<string, string>, body: string }>}
 */
export async function capture(url, init) {
  const res = await fetch(url, init);
  const body = await res.text();
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of res.headers) {
    // The bare server's own Node writes these (date, keep-alive) or they describe the body it
    // sends (its length); every other header, security headers included, is copied.
    if (!PER_CONNECTION_HEADERS.has(name)) headers[name] = value;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', headers, body };
}

/** Headers Node's HTTP server writes by itself, or that depend on the body's bytes as sent. */
const PER_CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** The `cookie` header a browser would send back after this response. */
function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * An API token as the web app gets one: the session cookie, then `PUT /api/user/{email}`.
 * @param {string} base
 * @param {Response} signedIn The sign-in answer carrying the session cookie.
 * @param {string} email
 */
async function tokenFor(base, signedIn, email) {
  const { json } = await api(`${base}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    cookie: cookieOf(signedIn),
    body: { email, providerId: 'Email & Password' },
  });
  return /** @type {string} */ (json.token);
}

/** Signs the bootstrap admin in and returns its API token. */
export async function adminToken(base) {
  const { res } = await api(`${base}/api/auth/sign-in/email`, { method: 'POST', body: ADMIN });
  return tokenFor(base, res, ADMIN.email);
}

/** Registers a new customer, signs in (sign-up never does) and returns its API token. */
export async function customerToken(base) {
  const email = `bench-customer-${process.pid}-${Date.now()}@example.com`;
  const password = 'bench-customer-password-1';
  await api(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    body: { email, password, name: 'Bench Customer' },
  });
  const { res } = await api(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    body: { email, password },
  });
  return tokenFor(base, res, email);
}
