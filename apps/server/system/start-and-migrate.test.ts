import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseUrl } from './support/database.js';
import { freePort, removeDir, SYSTEM_AUTH_SECRET, tempDir } from './support/shop.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** The migrations the built server knows: one file each (tests beside them left out). */
const migrationNames = readdirSync(path.join(root, 'apps/server/src/db/migrations'))
  .filter((file) => /^\d{4}-.*(?<!\.test)\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end with only the variables given (plus PATH), so a developer's
 * environment cannot change what is tested; a command still running after a minute fails.
 */
function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A copy of scripts/ensure-built.mjs in a folder of its own, whose `npm run build` only leaves a
 * mark: what the script decides is seen without building (or breaking) the real checkout.
 */
function fakeCheckout(options: { built: boolean; sourcesNewer: boolean }) {
  const dir = tempDir('ensure-built');
  mkdirSync(path.join(dir, 'scripts'));
  copyFileSync(
    path.join(root, 'scripts/ensure-built.mjs'),
    path.join(dir, 'scripts/ensure-built.mjs'),
  );
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      private: true,
      scripts: { build: `node -e "require('fs').writeFileSync('built-by-npm', '')"` },
    }),
  );
  const source = path.join(dir, 'apps/server/src/main.ts');
  mkdirSync(path.dirname(source), { recursive: true });
  writeFileSync(source, '');
  if (options.built) {
    for (const output of [
      'packages/shared/dist/index.js',
      'apps/server/dist/main.js',
      'apps/web/dist/index.html',
    ]) {
      mkdirSync(path.dirname(path.join(dir, output)), { recursive: true });
      writeFileSync(path.join(dir, output), '');
      // A build from a minute before (or after) the sources.
      const when = new Date(Date.now() + (options.sourcesNewer ? -60_000 : 60_000));
      utimesSync(path.join(dir, output), when, when);
    }
  }
  return {
    dir,
    ensureBuilt: (env: Record<string, string>) =>
      run(process.execPath, [path.join(dir, 'scripts/ensure-built.mjs')], dir, env),
    builtByNpm: () => existsSync(path.join(dir, 'built-by-npm')),
  };
}

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

describe('npm start: builds in development, never in production', () => {
  it('refuses to start an unbuilt shop in production with one line saying to run npm run build', async () => {
    const checkout = fakeCheckout({ built: false, sourcesNewer: true });
    dirs.push(checkout.dir);
    const { code, stdout, stderr } = await checkout.ensureBuilt({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^The shop is not built \(.*apps\/server\/dist\/main\.js.*run `npm run build`/,
    );
    expect(checkout.builtByNpm()).toBe(false);
  });

  it('reads NODE_ENV=production from .env as the server does', async () => {
    const checkout = fakeCheckout({ built: false, sourcesNewer: true });
    dirs.push(checkout.dir);
    writeFileSync(path.join(checkout.dir, '.env'), 'NODE_ENV=production\n');
    const { code, stderr } = await checkout.ensureBuilt({});
    expect(code).toBe(1);
    expect(stderr).toMatch(/^The shop is not built/);
    expect(checkout.builtByNpm()).toBe(false);
  });

  it('runs an older build in production as it is, without rebuilding', async () => {
    const checkout = fakeCheckout({ built: true, sourcesNewer: true });
    dirs.push(checkout.dir);
    const { code, stdout, stderr } = await checkout.ensureBuilt({ NODE_ENV: 'production' });
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(checkout.builtByNpm()).toBe(false);
  });

  it('builds outside production when the build is missing or older than the sources, and not otherwise', async () => {
    const missing = fakeCheckout({ built: false, sourcesNewer: true });
    const stale = fakeCheckout({ built: true, sourcesNewer: true });
    const fresh = fakeCheckout({ built: true, sourcesNewer: false });
    dirs.push(missing.dir, stale.dir, fresh.dir);
    const [first, second, third] = await Promise.all([
      missing.ensureBuilt({}),
      stale.ensureBuilt({ NODE_ENV: 'development' }),
      fresh.ensureBuilt({}),
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Building the shop');
    expect(missing.builtByNpm()).toBe(true);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('Sources changed since the last build: rebuilding');
    expect(stale.builtByNpm()).toBe(true);
    expect(third).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(fresh.builtByNpm()).toBe(false);
  });

  it('npm start in production serves what was built', async () => {
    const dataDir = tempDir('npm-start');
    dirs.push(dataDir);
    const port = await freePort();
    // Its own process group: npm, its shell and the server are stopped together.
    const child = spawn('npm', ['start', '--silent'], {
      cwd: root,
      detached: true,
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        PAYMENTS_TEST_MODE: 'true',
        AUTH_SECRET: SYSTEM_AUTH_SECRET,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      // Waits for the server's own line, not for a time.
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (/Server listening at/.test(output)) resolve();
        };
        child.stdout.on('data', check);
        void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
      });
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      expect(output).not.toMatch(/Building the shop|rebuilding/);
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  });
});

describe('npm run db:migrate', () => {
  // Production without AUTH_SECRET or Stripe keys: migrating needs only the database settings.
  const migrate = (env: Record<string, string>) =>
    run('npm', ['run', '--silent', 'db:migrate'], root, { NODE_ENV: 'production', ...env });

  it('migrates the SQLite file in DATA_DIR, then finds nothing to do', async () => {
    const dataDir = tempDir('migrate');
    dirs.push(dataDir);
    const first = await migrate({ DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(`Migrated the database: ${migrationNames.join(', ')}`);
    const second = await migrate({ DATA_DIR: dataDir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe('The database is up to date: no migration to run');
    const sqlite = new SQLite(path.join(dataDir, 'shop.db'), { readonly: true });
    try {
      const rows = sqlite.prepare('select name from kysely_migration order by name').all();
      expect(rows).toEqual(migrationNames.map((name) => ({ name })));
    } finally {
      sqlite.close();
    }
  });

  it('refuses a bad DATABASE_URL with one line, exit 1', async () => {
    const { code, stdout, stderr } = await migrate({ DATABASE_URL: 'mysql://nowhere/shop' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(
      'Invalid configuration: DATABASE_URL must start with file: or postgres://',
    );
  });

  it.runIf(testDatabaseUrl)('migrates the PostgreSQL database of DATABASE_URL', async () => {
    const database = await createPostgresDatabase();
    try {
      const first = await migrate({ DATABASE_URL: database.url });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout.trim()).toBe(`Migrated the database: ${migrationNames.join(', ')}`);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query('select name from kysely_migration order by name');
        expect(rows).toEqual(migrationNames.map((name) => ({ name })));
      } finally {
        await client.end();
      }
      const second = await migrate({ DATABASE_URL: database.url });
      expect(second.stdout.trim()).toBe('The database is up to date: no migration to run');
    } finally {
      await database.drop();
    }
  });
});
