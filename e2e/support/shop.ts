import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { E2E_ADMIN } from './accounts.js';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nobody listens on right now (the shop must know it before it starts, for Google). */
export function freePort(): Promise<number> {
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

/** The seller's bank details the browser tests' invoices carry (paying on account, issue 24). */
export const E2E_BANK_DETAILS =
  'CaseForge Manufacturing Ltd; IBAN DE89 3704 0044 0532 0130 00; BIC COBADEFFXXX';

/**
 * What every browser test's shop runs with: NODE_ENV=test, the known admin, and the limits a
 * suite of many parallel tests from 127.0.0.1 would trip over raised (the server tests check
 * each limit).
 */
export const E2E_SHOP_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
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
  MAX_UNPAID_VALUE: '1000000000000',
  INVOICE_BANK_DETAILS: E2E_BANK_DETAILS,
};

export interface StartedShop {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Stops the shop (SIGTERM, waiting for it to exit) and removes its data. */
  stop(): Promise<void>;
}

/**
 * Starts the built shop (`npm run build` first) on `port` (a free one by default) with a fresh
 * temporary SQLite database: E2E_SHOP_ENV, then `env` on top. Resolves once it listens.
 */
export async function startShop({
  port,
  env = {},
}: { port?: number; env?: Record<string, string> } = {}): Promise<StartedShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const server: ChildProcessByStdio<null, Readable, Readable> = spawn(
    'node',
    [path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        ...E2E_SHOP_ENV,
        PORT: String(listenOn),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );

  const output: string[] = [];
  try {
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
  } catch (error) {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  server.removeAllListeners('exit');

  return {
    url,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
