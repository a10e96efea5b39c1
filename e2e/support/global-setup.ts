import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeGoogle } from './fake-google.js';
import { E2E_ADMIN } from './accounts.js';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nobody listens on right now (the shop must know it before it starts, for Google). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a local OpenID provider standing in for Google, then the built shop on a free port with
 * a fresh temporary database, configured for that provider and with a known admin. Hands the
 * shop's address to the tests through E2E_BASE_URL and returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const google = await startFakeGoogle({ redirectUri: `${baseUrl}/api/auth/callback/google` });

  const server = spawn('node', [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.issuer,
      // Every browser test signs in from 127.0.0.1; the per-account limit still applies.
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
      // The one admin signs in from many tests in ten minutes; the server tests check the limit.
      AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      PAYMENT_RATE_LIMIT_PER_MINUTE: '10000',
      REVIEW_RATE_LIMIT_PER_HOUR: '10000',
      INVOICE_RATE_LIMIT_PER_MINUTE: '10000',
      // Every browser (and its API calls) comes from 127.0.0.1; the server tests check the budget.
      REQUEST_BUDGET_PER_SECOND: '10000',
      REQUEST_BUDGET_BURST: '10000',
      MAX_UNPAID_ORDERS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The shop did not start:\n${output.join('')}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Server listening at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with ${code}:\n${output.join('')}`));
    });
  });
  server.removeAllListeners('exit');
  process.env['E2E_BASE_URL'] = baseUrl;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await google.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
