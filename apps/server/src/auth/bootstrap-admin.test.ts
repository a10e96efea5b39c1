import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { cookieFrom, issueToken, uniqueEmail } from '../test/factories.js';
import type { Db } from '../db/database.js';
import { AdminBootstrapError, bootstrapAdmin } from './bootstrap-admin.js';

/** The address the first admin always had without ADMIN_EMAIL, before finding 18. */
const OLD_GENERATED_ADMIN_EMAIL = 'admin@caseforge.example';
const GENERATED_ADMIN_PATTERN = /^admin-[0-9a-f]{16}@caseforge\.example$/;

/** A logger that keeps the warnings (the generated password is one) and drops the rest. */
function recordingLog(app: FastifyInstance): { log: FastifyBaseLogger; warnings: unknown[] } {
  const warnings: unknown[] = [];
  const log = { ...app.log, warn: (obj: unknown) => void warnings.push(obj), info: () => {} };
  return { log: log as FastifyBaseLogger, warnings };
}

async function signUp(app: FastifyInstance, email: string, password: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: 'Owner' },
  });
  expect(res.statusCode).toBe(200);
  // The attacker also signs in and opens the shop's profile, as the Register page does.
  const signedIn = await signIn(app, email, password);
  expect(signedIn.statusCode).toBe(200);
  await issueToken(app, cookieFrom(signedIn.headers['set-cookie']), email);
}

function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
}

async function roleOf(db: Db, email: string): Promise<string | undefined> {
  const user = await db.kysely
    .selectFrom('users')
    .select('role')
    .where('email', '=', email)
    .executeTakeFirst();
  return user?.role;
}

async function verified(db: Db, email: string): Promise<boolean> {
  const identity = await db.kysely
    .selectFrom('auth_user')
    .select('emailVerified')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Boolean(identity.emailVerified);
}

async function admins(db: Db): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'admin')
    .execute();
  return rows.map((row) => row.email);
}

describe.each(testDatabases)('first admin bootstrap on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeEach(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
  });
  afterEach(async () => {
    await app.close();
    await db.drop();
  });

  it('refuses to start when someone registered ADMIN_EMAIL first, and promotes nobody', async () => {
    const email = uniqueEmail('owner');
    await signUp(app, email, 'attacker-password-1');
    const config = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'operator-password-1' });

    const start = bootstrapAdmin({ auth: app.shopAuth, db, config, log: app.log });
    await expect(start).rejects.toThrow(AdminBootstrapError);
    await expect(bootstrapAdmin({ auth: app.shopAuth, db, config, log: app.log })).rejects.toThrow(
      /^Refusing to start: an account for ADMIN_EMAIL .* already exists and ADMIN_PASSWORD is not its password/,
    );

    expect(await roleOf(db, email)).toBe('user');
    expect(await admins(db)).toEqual([]);
    expect(await verified(db, email)).toBe(false);
    expect((await signIn(app, email, 'operator-password-1')).statusCode).toBe(401);
  });

  it("promotes an existing account when ADMIN_PASSWORD is that account's password", async () => {
    const email = uniqueEmail('owner');
    await signUp(app, email, 'operator-password-1');
    const config = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'operator-password-1' });
    await bootstrapAdmin({ auth: app.shopAuth, db, config, log: app.log });

    expect(await roleOf(db, email)).toBe('admin');
    expect(await verified(db, email)).toBe(true);
    const res = await signIn(app, email, 'operator-password-1');
    expect(res.statusCode).toBe(200);

    // Later starts leave the admin alone, even after the admin chose another password.
    const changed = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'an-older-password' });
    await bootstrapAdmin({ auth: app.shopAuth, db, config: changed, log: app.log });
    expect(await admins(db)).toEqual([email]);
  });

  it('creates the account of ADMIN_EMAIL when nobody has it', async () => {
    const email = uniqueEmail('owner');
    const config = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'operator-password-1' });
    await bootstrapAdmin({ auth: app.shopAuth, db, config, log: app.log });
    await bootstrapAdmin({ auth: app.shopAuth, db, config, log: app.log });
    expect(await admins(db)).toEqual([email.toLowerCase()]);
    expect((await signIn(app, email, 'operator-password-1')).statusCode).toBe(200);
  });

  it('finding 18: the generated admin has an address nobody can guess, logged once with its password', async () => {
    // The attacker registers the address every shop's first admin used to have.
    await signUp(app, OLD_GENERATED_ADMIN_EMAIL, 'attacker-password-1');
    const { log, warnings } = recordingLog(app);
    await bootstrapAdmin({ auth: app.shopAuth, db, config: testConfig(), log });
    await bootstrapAdmin({ auth: app.shopAuth, db, config: testConfig(), log });

    expect(warnings).toHaveLength(1);
    const { email, password } = warnings[0] as { email: string; password: string };
    expect(email).toMatch(GENERATED_ADMIN_PATTERN);
    expect(await admins(db)).toEqual([email]);
    expect(await roleOf(db, OLD_GENERATED_ADMIN_EMAIL)).toBe('user');
    expect((await signIn(app, email, password)).statusCode).toBe(200);

    // Another shop's generated admin has another address.
    const other = await kind.open();
    const otherApp = await buildTestApp(other);
    try {
      const second = recordingLog(otherApp);
      await bootstrapAdmin({
        auth: otherApp.shopAuth,
        db: other,
        config: testConfig(),
        log: second.log,
      });
      const { email: otherEmail } = second.warnings[0] as { email: string };
      expect(otherEmail).toMatch(GENERATED_ADMIN_PATTERN);
      expect(otherEmail).not.toBe(email);
    } finally {
      await otherApp.close();
      await other.drop();
    }
  });

  it.runIf(kind.name === 'postgres')(
    'creates one admin and prints one password when two instances start at once',
    async () => {
      const second = db.reopen();
      const secondApp = await buildTestApp(second);
      try {
        const first = recordingLog(app);
        const other = recordingLog(secondApp);
        const config = testConfig();
        await Promise.all([
          bootstrapAdmin({ auth: app.shopAuth, db, config, log: first.log }),
          bootstrapAdmin({ auth: secondApp.shopAuth, db: second, config, log: other.log }),
        ]);
        const printed = [...first.warnings, ...other.warnings];
        expect(printed).toHaveLength(1);
        const { email: generated } = printed[0] as { email: string };
        expect(generated).toMatch(GENERATED_ADMIN_PATTERN);
        expect(await admins(db)).toEqual([generated]);
        // Each start drew its own address: only the one that won the lock made an identity.
        const identities = await db.kysely
          .selectFrom('auth_user')
          .select('email')
          .where('email', 'like', 'admin-%@caseforge.example')
          .execute();
        expect(identities.map((identity) => identity.email)).toEqual([generated]);

        // The same with ADMIN_EMAIL: one account, both starts succeed.
        const email = uniqueEmail('owner');
        const chosen = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'operator-password-1' });
        await Promise.all([
          bootstrapAdmin({ auth: app.shopAuth, db, config: chosen, log: app.log }),
          bootstrapAdmin({ auth: secondApp.shopAuth, db: second, config: chosen, log: app.log }),
        ]);
        expect(await roleOf(db, email)).toBe('admin');
      } finally {
        await secondApp.close();
        await second.close();
      }
    },
  );
});
