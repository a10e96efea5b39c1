import { spawn } from 'node:child_process';
import { paymentsConfigSchema, userListSchema } from '@shop/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, listProducts, signInAdmin } from './support/api.js';
import { createPostgresDatabase, testDatabaseUrl } from './support/database.js';
import {
  freePort,
  removeDir,
  serverMain,
  startShop,
  stopAllShops,
  SYSTEM_ADMIN,
  SYSTEM_AUTH_SECRET,
  tempDir,
} from './support/shop.js';

/** Runs the built server until it exits by itself; a server that keeps running fails the test. */
async function runRefused(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    cwd: dataDir,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      AUTH_SECRET: SYSTEM_AUTH_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
  // Start-up lines are JSON log lines on stdout; the refusal is the one plain line on stderr.
  expect(stdout.split('\n').filter((line) => line && !line.startsWith('{'))).toEqual([]);
  return { code, output: stderr };
}

const ownerEmail = 'owner@shop.example';

describe('start-up checks of the built server', () => {
  const dataDir = tempDir('start-checks');
  const emptyDir = tempDir('no-stripe');
  afterAll(async () => {
    await stopAllShops();
    removeDir(dataDir);
    removeDir(emptyDir);
  });

  it('refuses production without Stripe keys with one line, exit 1', async () => {
    const { code, output } = await runRefused(emptyDir, { NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output.trimEnd().split('\n')).toHaveLength(1);
    expect(output).toMatch(
      /^Invalid configuration: STRIPE_SECRET_KEY is required in production: .*PAYMENTS_TEST_MODE=true/,
    );
  });

  it('runs the test gateway in production when PAYMENTS_TEST_MODE=true says so, with a warning', async () => {
    const shop = await startShop({
      name: 'test mode',
      env: { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' },
    });
    const config = paymentsConfigSchema.parse(
      await (await fetch(`${shop.url}/api/payments/config`)).json(),
    );
    expect(config).toEqual({ gateway: 'test', publishableKey: null, testMode: true });
    expect(shop.output()).toContain('PAYMENTS_TEST_MODE=true: the built-in test gateway');
    await shop.stop();
  });

  describe.each([
    { name: 'SQLite', postgres: false },
    ...(testDatabaseUrl ? [{ name: 'PostgreSQL', postgres: true }] : []),
  ])('SEED_DEMO_DATA on $name', ({ postgres }) => {
    /** The catalog and reviews a fresh shop started with these settings opens with. */
    async function freshShopContents(env: Record<string, string>) {
      const database = postgres ? await createPostgresDatabase() : undefined;
      try {
        const shop = await startShop({
          name: 'fresh',
          env: { ...env, ...(database ? { DATABASE_URL: database.url } : {}) },
        });
        const products = await listProducts(shop.url);
        const reviews = (await (await fetch(`${shop.url}/api/reviews`)).json()) as unknown[];
        await shop.stop();
        return { products: products.length, reviews: reviews.length };
      } finally {
        await database?.drop();
      }
    }
    const production = { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' };

    it('a production start leaves an empty database empty: no demo products, no made-up reviews', async () => {
      expect(await freshShopContents(production)).toEqual({ products: 0, reviews: 0 });
    });

    it('seeds the demo catalog outside production, or when SEED_DEMO_DATA=true asks', async () => {
      const seeded = await freshShopContents({ ...production, SEED_DEMO_DATA: 'true' });
      expect(seeded.products).toBeGreaterThan(0);
      expect(seeded.reviews).toBeGreaterThan(0);
      expect(await freshShopContents({})).toEqual(seeded);
    });
  });

  it('refuses to make an address someone registered first the admin: one line, exit 1, nobody promoted', async () => {
    const first = await startShop({ name: 'before', dataDir });
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({ email: ownerEmail, password: 'attacker-password', name: 'Owner' }),
    });
    expect(signUp.status).toBe(200);
    await first.stop();

    const { code, output } = await runRefused(dataDir, {
      ADMIN_EMAIL: ownerEmail,
      ADMIN_PASSWORD: 'operator-password',
    });
    expect(code).toBe(1);
    expect(output.trimEnd().split('\n')).toHaveLength(1);
    expect(output).toMatch(/^Refusing to start: an account for ADMIN_EMAIL owner@shop\.example/);

    const after = await startShop({ name: 'after', dataDir });
    const admin = await signInAdmin(after.url);
    const users = await fetch(`${after.url}/api/users`, { headers: bearer(admin.token) });
    const admins = userListSchema
      .parse(await users.json())
      .filter((user) => user.role === 'admin')
      .map((user) => user.email);
    expect(admins).toEqual([SYSTEM_ADMIN.email]);
    await after.stop();
  });
});
