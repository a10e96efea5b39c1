import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The built server: the system tests run what `npm start` runs. */
export const serverMain = path.join(root, 'apps/server/dist/main.js');

export const SYSTEM_ADMIN = { email: 'system-admin@example.com', password: 'system-admin-pass' };
export const SYSTEM_AUTH_SECRET = 'system-tests-secret-that-is-long-enough-0123456789';

/** A port nobody listens on right now, for a server that must know its port before it starts. */
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

export function tempDir(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `shop-system-${label}-`));
}

export interface ShopProcess {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Everything the process wrote, stdout and stderr, for failure messages. */
  output(): string;
  /** The last lines of the output, for an assertion's message. */
  tail(lines?: number): string;
  /** How the process ended, once it has. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** Waits until a line of the output matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  /** A name for failure messages ("A", "B", "after restart"). */
  name?: string;
  /**
   * Reuse a data directory (a restart; the caller removes it); otherwise a fresh temporary one,
   * removed when the process is stopped.
   */
  dataDir?: string;
  /** Variables added to the defaults below (DATABASE_URL, AUTH_SECRET, ...). */
  env?: Record<string, string>;
  /** Leave out these default variables (e.g. AUTH_SECRET, to prove it is shared otherwise). */
  omit?: string[];
  /** The port to listen on; a free one otherwise. */
  port?: number;
  /** Options for node itself, before the script (`--expose-gc`, `--import …`). */
  nodeArgs?: string[];
}

const started = new Set<ShopProcess>();

/**
 * Starts the built server as its own process on a free port, with a fresh data directory and a
 * known admin, and waits until `/api/health` answers 200. Only the variables given here reach it
 * (plus PATH), so a developer's environment or `.env` cannot change what is tested.
 */
export async function startShop(options: StartOptions = {}): Promise<ShopProcess> {
  if (!existsSync(serverMain)) {
    throw new Error(`${serverMain} is missing: run node scripts/ensure-built.mjs first`);
  }
  const name = options.name ?? 'shop';
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir('data');
  const url = `http://127.0.0.1:${port}`;
  const defaults: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    AUTH_SECRET: SYSTEM_AUTH_SECRET,
    ADMIN_EMAIL: SYSTEM_ADMIN.email,
    ADMIN_PASSWORD: SYSTEM_ADMIN.password,
    // Every test account signs up from 127.0.0.1 and places hundreds of orders a minute.
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000000',
    MAX_UNPAID_ORDERS: '100000000',
    MAX_UNPAID_VALUE: '1000000000000',
    // The order load comes from one address and a few accounts: the budget is not what is tested.
    REQUEST_BUDGET_PER_SECOND: '100000000',
    REQUEST_BUDGET_BURST: '100000000',
    ...options.env,
  };
  const omit = new Set(options.omit);
  const env = Object.fromEntries(Object.entries(defaults).filter(([key]) => !omit.has(key)));

  // The data directory is the working directory too: no `.env` of the repository is read.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverMain], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    chunks.push(chunk.toString());
    for (const watcher of watchers) watcher();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      for (const watcher of watchers) watcher();
      resolve({ code, signal });
    });
  });
  if (child.pid === undefined) throw new Error(`${name}: the server process did not start`);

  const output = () => chunks.join('');
  const tail = (lines = 40) => output().trimEnd().split('\n').slice(-lines).join('\n');

  const shop: ShopProcess = {
    name,
    url,
    port,
    pid: child.pid,
    dataDir,
    child,
    output,
    tail,
    exited,
    isRunning: () => running,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(output())) {
            done();
            resolve();
          } else if (!running) {
            done();
            reject(new Error(`${name} exited before printing ${pattern}:\n${tail()}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${name} did not print ${pattern} in ${timeoutMs} ms:\n${tail()}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          watchers.delete(check);
        };
        watchers.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (running) child.kill(signal);
      const result = await exited;
      started.delete(shop);
      // A data directory made here goes with the process; a given one is the caller's.
      if (!options.dataDir) removeDir(dataDir);
      return result;
    },
  };
  started.add(shop);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running) {
      await shop.stop();
      throw new Error(`${name} exited during start:\n${tail()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await shop.stop('SIGKILL');
      throw new Error(`${name} did not become healthy within 60 s:\n${tail()}`);
    }
    await sleep(100);
  }
  return shop;
}

/** Kills every server a test started and has not stopped (for afterAll). */
export async function stopAllShops(): Promise<void> {
  await Promise.all([...started].map((shop) => shop.stop('SIGKILL')));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
