import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { buildTestApp, testConfig } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { bearer, registerAccount } from '../test/factories.js';
import { resolveAuthSecret } from './secret.js';

describe.each(testDatabases)('the generated auth secret on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  const apps: FastifyInstance[] = [];
  // No AUTH_SECRET, and a data directory per instance, as on two machines.
  const instance = () => ({ AUTH_SECRET: '', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-')) });

  beforeAll(async () => {
    db = await kind.open();
    otherDb = db.reopen();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await otherDb?.close();
    await db?.drop();
  });

  it('is generated once in the database, so every instance accepts every token', async () => {
    const first = await buildTestApp(db, instance());
    const second = await buildTestApp(otherDb, instance());
    apps.push(first, second);
    const customer = await registerAccount(first);

    const profile = await second.inject({
      method: 'GET',
      url: `/api/user/${encodeURIComponent(customer.email)}`,
      headers: bearer(customer.token),
    });
    expect(profile.statusCode).toBe(200);
    expect(await resolveAuthSecret(testConfig(instance()), db)).toHaveLength(43);
  });

  it('keeps the secret an older release wrote into DATA_DIR, so its sessions stay valid', async () => {
    const fresh = await kind.open();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'shop-'));
      writeFileSync(path.join(dir, 'auth-secret'), `${'k'.repeat(40)}\n`);
      const config = testConfig({ AUTH_SECRET: '', DATA_DIR: dir });
      expect(await resolveAuthSecret(config, fresh)).toBe('k'.repeat(40));
      // Once stored, the database's value wins on every instance.
      expect(await resolveAuthSecret(testConfig(instance()), fresh)).toBe('k'.repeat(40));
    } finally {
      await fresh.drop();
    }
  });
});
