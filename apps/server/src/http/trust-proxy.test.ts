import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { buildTestApp, testConfig } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { cookieFrom, registerAccount, uniqueEmail } from '../test/factories.js';

const PER_ADDRESS = 20;

/** A failed sign-in for a new email each time, so only the per-address limit can refuse it. */
function failedSignIn(
  app: FastifyInstance,
  { remoteAddress, forwardedFor }: { remoteAddress: string; forwardedFor?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: uniqueEmail('nobody'), password: 'wrong-password-here' },
  });
}

async function statusesOf(
  app: FastifyInstance,
  count: number,
  request: (i: number) => { remoteAddress: string; forwardedFor?: string },
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1)
    statuses.push((await failedSignIn(app, request(i))).statusCode);
  return statuses;
}

const forged = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe.each(testDatabases)('TRUST_PROXY on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    db = await kind.open();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await db.drop();
  });

  it('is off by default: 30 forged X-Forwarded-For values meet the per-address limit', async () => {
    app = await buildTestApp(db);
    const statuses = await statusesOf(app, 30, (i) => ({
      remoteAddress: '192.0.2.10',
      forwardedFor: forged(i),
    }));
    expect(statuses.slice(0, PER_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(PER_ADDRESS)).toEqual(Array(30 - PER_ADDRESS).fill(429));
  });

  it('with a hop count, counts the address the proxy appended, not the forged leftmost ones', async () => {
    app = await buildTestApp(db, { TRUST_PROXY: '1' });
    const proxy = '10.0.0.2';
    const statuses = await statusesOf(app, 30, (i) => ({
      remoteAddress: proxy,
      forwardedFor: `${forged(i)}, 203.0.113.7`,
    }));
    expect(statuses.slice(0, PER_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(PER_ADDRESS)).toEqual(Array(30 - PER_ADDRESS).fill(429));
    // Another client behind the same proxy is not refused for the first one's attempts.
    const other = await failedSignIn(app, { remoteAddress: proxy, forwardedFor: '203.0.113.8' });
    expect(other.statusCode).toBe(401);
  });

  it('with proxy addresses, believes only those proxies, and skips them from the right', async () => {
    app = await buildTestApp(db, { TRUST_PROXY: '10.0.0.0/24, 10.1.0.9' });
    // Two trusted proxies in a row: the address the outer one saw counts.
    const behindTwo = await statusesOf(app, 30, (i) => ({
      remoteAddress: '10.0.0.5',
      forwardedFor: `${forged(i)}, 203.0.113.9, 10.1.0.9`,
    }));
    expect(behindTwo.slice(0, PER_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(behindTwo.slice(PER_ADDRESS)).toEqual(Array(30 - PER_ADDRESS).fill(429));

    // A client that reaches the shop directly cannot name itself through the header.
    const direct = await statusesOf(app, 30, (i) => ({
      remoteAddress: '198.51.100.50',
      forwardedFor: forged(i),
    }));
    expect(direct.slice(0, PER_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(direct.slice(PER_ADDRESS)).toEqual(Array(30 - PER_ADDRESS).fill(429));
  });

  it('logs and stores on the session the trusted address, never the forged one', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db,
      mailer: { send: async () => undefined },
      logStream,
    });
    await app.ready();
    const account = await registerAccount(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '192.0.2.44',
      headers: { 'x-forwarded-for': '198.18.77.77' },
      payload: { email: account.email, password: account.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(cookieFrom(signIn.headers['set-cookie'])).not.toBe('');

    const sessions = await db.kysely
      .selectFrom('auth_session')
      .innerJoin('auth_user', 'auth_user.id', 'auth_session.userId')
      .select('auth_session.ipAddress')
      .where('auth_user.email', '=', account.email)
      .execute();
    expect(sessions.map((session) => session.ipAddress)).toContain('192.0.2.44');
    expect(sessions.map((session) => session.ipAddress)).not.toContain('198.18.77.77');

    const access = lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((line) => line.msg === 'request completed' && line.req?.url?.includes('sign-in'));
    expect(access).toHaveLength(1);
    expect(access[0]?.req).toMatchObject({ remoteAddress: '192.0.2.44' });
    expect(lines.join('\n')).not.toContain('198.18.77.77');
  });
});
