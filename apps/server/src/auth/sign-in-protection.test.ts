import { apiErrorSchema } from '@shop/shared';
import type * as BetterAuthCrypto from 'better-auth/crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from './mailer.js';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { cookieFrom, registerAccount, registerAdmin, type TestAccount } from '../test/factories.js';
import {
  DEVICE_COOKIE_NAME,
  SLOWDOWN_AFTER_FAILURES,
  SLOWDOWN_MAX_MS,
  slowdownMs,
} from './sign-in-protection.js';

/**
 * Better Auth's password check, with a gate: while `closed`, every check waits until a test
 * lets it go, as a slow hash would; `checked` lists the passwords in the order they were checked.
 * A flood's guesses (`flood-…`) are wrong without spending a real hash on each.
 */
const gate = vi.hoisted(() => ({
  closed: false,
  held: [] as (() => void)[],
  checked: [] as string[],
}));
vi.mock('better-auth/crypto', async (importOriginal) => {
  const original = await importOriginal<typeof BetterAuthCrypto>();
  return {
    ...original,
    verifyPassword: async (input: { hash: string; password: string }) => {
      gate.checked.push(input.password);
      if (gate.closed) await new Promise<void>((resolve) => gate.held.push(resolve));
      if (input.password.startsWith('flood-')) return false;
      return original.verifyPassword(input);
    },
  };
});

/** Redis runs beside PostgreSQL in CI; these tests run against it too when it is there. */
const redisUrl = process.env['TEST_REDIS_URL'];

/**
 * A /24 of addresses no other test uses: counters in a shared Redis outlive a test run, so every
 * run and variant takes its own.
 */
const freshNet = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('the slowdown of an account under guessing', () => {
  it('waits nothing for a few mistakes, then doubles, capped at a few seconds', () => {
    const waits = Array.from({ length: 14 }, (_, failures) => slowdownMs(failures));
    expect(waits.slice(0, SLOWDOWN_AFTER_FAILURES)).toEqual([0, 0, 0, 0, 0]);
    expect(waits.slice(SLOWDOWN_AFTER_FAILURES, SLOWDOWN_AFTER_FAILURES + 5)).toEqual([
      250, 500, 1000, 2000, 4000,
    ]);
    expect(Math.max(...waits)).toBe(SLOWDOWN_MAX_MS);
    expect(slowdownMs(1_000_000)).toBe(SLOWDOWN_MAX_MS);
  });
});

describe.each(
  testDatabases.flatMap((kind) => [
    { ...kind, redis: undefined as string | undefined, label: kind.name },
    ...(redisUrl ? [{ ...kind, redis: redisUrl, label: `${kind.name} with Redis` }] : []),
  ]),
)('finding 6: no lock-out by strangers on $label', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  const outbox: Mail[] = [];
  /** Every wait a slowed-down sign-in asked for, in order. */
  const waits: number[] = [];

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db, kind.redis ? { REDIS_URL: kind.redis } : {}, {
      mailer: { send: async (mail) => void outbox.push(mail) },
      delay: async (ms) => void waits.push(ms),
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const signIn = (
    account: Pick<TestAccount, 'email'>,
    password: string,
    remoteAddress: string,
    cookie?: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      // A browser sends its Origin with the cookie; Better Auth refuses a cookie without one.
      headers: cookie ? { cookie, origin: 'http://localhost:3000' } : {},
      payload: { email: account.email, password },
    });

  /** Wrong passwords for the account, one from each of `count` addresses; the statuses. */
  async function guessFromMany(account: TestAccount, count: number, net: string) {
    const statuses: number[] = [];
    for (let i = 1; i <= count; i += 1) {
      statuses.push((await signIn(account, `guess-${i}-wrong`, `${net}.${i}`)).statusCode);
    }
    return statuses;
  }

  /** The device cookie a successful sign-in sets, as a `cookie` header. */
  function deviceCookieOf(res: LightMyRequestResponse): string {
    const all = [res.headers['set-cookie']].flat().filter((c): c is string => Boolean(c));
    const device = all.find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`));
    expect(device, 'a device cookie').toBeDefined();
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Strict/);
    expect(device).toMatch(/Path=\/api\/auth/);
    return cookieFrom(device);
  }

  it('8 wrong passwords from one address refuse that address only: the admin still signs in', async () => {
    const admin = await registerAdmin(app, db);
    const attacker = `${freshNet()}.66`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await signIn(admin, `attacker-${i}-xx`, attacker)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    // The owner, from another address, with the right password: in (the old code said 429).
    const owner = await signIn(admin, admin.password, `${freshNet()}.7`);
    expect(owner.statusCode).toBe(200);
    // The stranger is still refused, even with the right password.
    expect((await signIn(admin, admin.password, attacker)).statusCode).toBe(429);
  });

  it("slows an account's failures from many addresses down instead of refusing anyone", async () => {
    const victim = await registerAccount(app);
    waits.length = 0;
    const statuses = await guessFromMany(victim, 12, freshNet());
    // Nobody is refused: each stranger made one attempt.
    expect(statuses.every((status) => status === 401)).toBe(true);
    // The account's failures make each further attempt wait longer before its check...
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    // ...the owner too when signing in from a browser the shop has not seen: slowed, not refused.
    waits.length = 0;
    const owner = await signIn(victim, victim.password, `${freshNet()}.8`);
    expect(owner.statusCode).toBe(200);
    expect(waits).toEqual([SLOWDOWN_MAX_MS]);
  });

  it('lets a returning browser (a valid device cookie) past the slowdown', async () => {
    const victim = await registerAccount(app);
    const other = await registerAccount(app);
    const home = freshNet();
    const device = deviceCookieOf(await signIn(victim, victim.password, `${home}.9`));
    const otherDevice = deviceCookieOf(await signIn(other, other.password, `${home}.10`));
    await guessFromMany(victim, 10, freshNet());

    waits.length = 0;
    const back = await signIn(victim, victim.password, `${home}.11`, device);
    expect(back.statusCode).toBe(200);
    expect(waits).toEqual([]);
    // A fresh cookie is set for next time.
    expect(deviceCookieOf(back)).not.toBe(device);

    // Another account's cookie, or a tampered one, vouches for nothing.
    const tampered = device.replace(/\.[^.]+$/, '.AAAA');
    for (const cookie of [otherDevice, tampered, `${DEVICE_COOKIE_NAME}=v1.x.9999999999.y`]) {
      waits.length = 0;
      expect((await signIn(victim, victim.password, `${home}.12`, cookie)).statusCode).toBe(200);
      expect(waits, cookie).toEqual([SLOWDOWN_MAX_MS]);
    }
  });

  it('a stolen device cookie stops vouching after 8 wrong passwords with it', async () => {
    const victim = await registerAccount(app);
    const device = deviceCookieOf(await signIn(victim, victim.password, `${freshNet()}.13`));
    const thief = freshNet();
    for (let i = 1; i <= 8; i += 1) {
      expect((await signIn(victim, `thief-${i}-xx`, `${thief}.${i}`, device)).statusCode).toBe(401);
    }
    waits.length = 0;
    await signIn(victim, 'thief-9-xx', `${thief}.9`, device);
    expect(waits).toEqual([slowdownMs(8)]);
  });

  it("a successful password reset clears the account's counters", async () => {
    const victim = await registerAccount(app);
    const attacker = `${freshNet()}.1`;
    const owner = freshNet();
    for (let i = 0; i < 8; i += 1) await signIn(victim, `attacker-${i}-xx`, attacker);
    expect((await signIn(victim, 'attacker-9-xx', attacker)).statusCode).toBe(429);
    await guessFromMany(victim, 6, freshNet());

    const ask = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: `${owner}.14`,
      payload: { email: victim.email, redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await vi.waitFor(
      () => {
        const sent = outbox.find((m) => m.to === victim.email && /reset/i.test(m.subject));
        if (!sent) throw new Error('no reset mail yet');
        return sent;
      },
      { timeout: 10_000 },
    );
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '').pathname.split('/').pop();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: `${owner}.14`,
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);

    // No wait left for the owner, and the stranger's address starts again from nothing.
    waits.length = 0;
    const back = await signIn(victim, 'a-brand-new-password', `${owner}.15`);
    expect(back.statusCode).toBe(200);
    expect(waits).toEqual([]);
    const again = await signIn(victim, 'attacker-10-xx', attacker);
    expect(again.statusCode).toBe(401);
  });
});

describe.each(testDatabases)(
  'finding 7: a sign-in flood from many addresses does not keep customers out on $name',
  (kind) => {
    let db: TestDb;
    let app: FastifyInstance;

    beforeAll(async () => {
      db = await kind.open();
      app = await buildTestApp(db);
    });
    afterAll(async () => {
      gate.closed = false;
      for (const release of gate.held.splice(0)) release();
      await app.close();
      await db.drop();
    });

    const signIn = (email: string, password: string, remoteAddress: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        // A browser sends its Origin with the cookie; Better Auth refuses a cookie without one.
        headers: cookie ? { cookie, origin: 'http://localhost:3000' } : {},
        payload: { email, password },
      });

    it('a returning customer goes ahead of 100 attempts from 100 addresses and is never refused', async () => {
      const owner = await registerAccount(app);
      const newcomer = await registerAccount(app);
      const home = freshNet();
      const first = await signIn(owner.email, owner.password, `${home}.20`);
      const device = cookieFrom(
        [first.headers['set-cookie']].flat().filter((c): c is string => Boolean(c)),
      );
      expect(device).toContain(`${DEVICE_COOKIE_NAME}=`);

      // The hash is slow now: the flood fills the two running places and the 64 waiting ones.
      gate.closed = true;
      gate.checked.length = 0;
      const answered: number[] = [];
      const bots = freshNet();
      const flood = Array.from({ length: 100 }, (_, i) =>
        signIn(owner.email, `flood-${i}-wrong`, `${bots}.${i + 1}`).then((res) => {
          answered.push(res.statusCode);
          return res;
        }),
      );
      // 2 checking, 64 waiting, the other 34 refused at once.
      await vi.waitFor(() => expect(answered.filter((s) => s === 503)).toHaveLength(34), {
        timeout: 20_000,
      });
      expect(gate.checked).toHaveLength(2);

      const back = signIn(owner.email, owner.password, `${home}.21`, device);
      const other = signIn(newcomer.email, newcomer.password, `${home}.22`);
      // Each takes the place of the latest flood attempt; neither is refused.
      await vi.waitFor(() => expect(answered.filter((s) => s === 503)).toHaveLength(36), {
        timeout: 20_000,
      });

      // The hash frees up: the returning customer is checked next, before the flood waiting.
      gate.closed = false;
      for (const release of gate.held.splice(0)) release();
      const [backRes, otherRes] = await Promise.all([back, other]);
      expect(backRes.statusCode).toBe(200);
      expect(otherRes.statusCode).toBe(200);
      expect(gate.checked[2]).toBe(owner.password);
      const refused = (await Promise.all(flood)).find((res) => res.statusCode === 503);
      expect(apiErrorSchema.parse(refused?.json()).error.code).toBe('unavailable');
      expect(answered.filter((s) => s === 401)).toHaveLength(64);
    });
  },
);
