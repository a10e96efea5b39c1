import { apiErrorSchema, messages } from '@shop/shared';
import type * as BetterAuthCrypto from 'better-auth/crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from './mailer.js';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { cookieFrom, registerAccount, registerAdmin, type TestAccount } from '../test/factories.js';
import {
  DEVICE_COOKIE_NAME,
  SIGN_IN_WAITING_PER_ACCOUNT,
  SLOWDOWN_AFTER_FAILURES,
  SLOWDOWN_MAX_MS,
  slowdownMs,
} from './sign-in-protection.js';

/**
 * Better Auth's password check, with a gate: while `closed`, every check waits until a test
 * lets it go, as a slow hash would; `checked` lists the passwords in the order they were checked.
 * A flood's guesses (`flood-…`) are wrong without spending a real hash on each; a flood of
 * unknown addresses is "hashed" (Better Auth hashes the guess to answer in the same time), through
 * the same gate, to one hash made once: 66 real hashes made this test outlast its limit on a busy
 * machine, and the order of the checks, not their cost, is what it proves. `guessing` counts the checks of guesses (`par-…`) running now, `mostGuessing`
 * the most that ever ran at once.
 */
const gate = vi.hoisted(() => ({
  closed: false,
  floodHash: undefined as Promise<string> | undefined,
  held: [] as (() => void)[],
  checked: [] as string[],
  guessing: 0,
  mostGuessing: 0,
}));
vi.mock('better-auth/crypto', async (importOriginal) => {
  const original = await importOriginal<typeof BetterAuthCrypto>();
  return {
    ...original,
    hashPassword: async (password: string) => {
      if (password.startsWith('flood-')) {
        gate.checked.push(password);
        if (gate.closed) await new Promise<void>((resolve) => gate.held.push(resolve));
        gate.floodHash ??= original.hashPassword('flood-not-a-password');
        return gate.floodHash;
      }
      return original.hashPassword(password);
    },
    verifyPassword: async (input: { hash: string; password: string }) => {
      const guess = input.password.startsWith('par-');
      gate.checked.push(input.password);
      if (guess) {
        gate.guessing += 1;
        gate.mostGuessing = Math.max(gate.mostGuessing, gate.guessing);
      }
      try {
        if (gate.closed) await new Promise<void>((resolve) => gate.held.push(resolve));
        if (input.password.startsWith('flood-') || guess) return false;
        return original.verifyPassword(input);
      } finally {
        if (guess) gate.guessing -= 1;
      }
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
      // Better Auth's crypto is mocked above: the shop hashes through it.
      passwordHashing: 'scrypt',
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
      app = await buildTestApp(db, {}, { passwordHashing: 'scrypt' });
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
      // Each attempt names another address (one account's own are checked one at a time, below).
      gate.closed = true;
      gate.checked.length = 0;
      const answered: number[] = [];
      const bots = freshNet();
      const flood = Array.from({ length: 100 }, (_, i) =>
        signIn(`flood-${i}-${bots}@example.com`, `flood-${i}-wrong`, `${bots}.${i + 1}`).then(
          (res) => {
            answered.push(res.statusCode);
            return res;
          },
        ),
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

describe.each(
  testDatabases.flatMap((kind) => [
    { ...kind, redis: undefined as string | undefined, label: kind.name },
    ...(redisUrl
      ? [{ ...kind, redis: redisUrl, label: `${kind.name}, two instances with Redis` }]
      : []),
  ]),
)('security 2026-11-28 #11: one password check in flight per account on $label', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  /** The second instance (with Redis): another app on the same database and counters. */
  let other: FastifyInstance;
  const waits: number[] = [];

  beforeAll(async () => {
    db = await kind.open();
    const config: Record<string, string> = kind.redis ? { REDIS_URL: kind.redis } : {};
    const deps = {
      delay: async (ms: number) => void waits.push(ms),
      passwordHashing: 'scrypt' as const,
    };
    app = await buildTestApp(db, config, deps);
    other = kind.redis ? await buildTestApp(db, config, deps) : app;
  });
  afterAll(async () => {
    gate.closed = false;
    for (const release of gate.held.splice(0)) release();
    if (other !== app) await other.close();
    await app.close();
    await db.drop();
  });

  const signIn = (
    on: FastifyInstance,
    email: string,
    password: string,
    remoteAddress: string,
    cookie?: string,
  ) =>
    on.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: cookie ? { cookie, origin: 'http://localhost:3000' } : {},
      payload: { email, password },
    });

  it('security 2026-11-28 #11: parallel guesses from many addresses are checked one at a time, the owner from a known browser at once', async () => {
    const victim = await registerAccount(app);
    const home = freshNet();
    const first = await signIn(app, victim.email, victim.password, `${home}.1`);
    expect(first.statusCode).toBe(200);
    const device = cookieFrom(
      [first.headers['set-cookie']].flat().filter((c): c is string => Boolean(c)),
    );

    // The report's attack: guesses at once, each from a new address, spread over the instances.
    gate.closed = true;
    gate.checked.length = 0;
    gate.mostGuessing = 0;
    const bots = freshNet();
    const answered: number[] = [];
    const guesses = Array.from({ length: 10 }, (_, i) =>
      signIn(i % 2 === 0 ? app : other, victim.email, `par-${i}-wrong`, `${bots}.${i + 1}`).then(
        (res) => {
          answered.push(res.statusCode);
          return res;
        },
      ),
    );
    // One is checked; on one instance SIGN_IN_WAITING_PER_ACCOUNT wait their turn and the rest
    // are refused at once; with two instances the other one's guesses are all refused.
    const refusedAtOnce =
      other === app
        ? 10 - 1 - SIGN_IN_WAITING_PER_ACCOUNT
        : 5 + (5 - 1 - SIGN_IN_WAITING_PER_ACCOUNT);
    // The state: the refusals answered, and the one guess whose turn it is at its check.
    await vi.waitFor(
      () => {
        expect(answered.filter((s) => s === 429)).toHaveLength(refusedAtOnce);
        expect(gate.guessing).toBe(1);
      },
      { timeout: 20_000 },
    );
    expect(gate.checked.filter((p) => p.startsWith('par-'))).toHaveLength(1);

    // The owner, from the browser the shop knows, is checked now, beside the one guess and
    // ahead of the guesses waiting (on either instance).
    const back = signIn(other, victim.email, victim.password, `${home}.2`, device);
    await vi.waitFor(() => expect(gate.checked).toContain(victim.password), { timeout: 20_000 });
    expect(gate.checked.filter((p) => p.startsWith('par-'))).toHaveLength(1);

    gate.closed = false;
    for (const release of gate.held.splice(0)) release();
    expect((await back).statusCode).toBe(200);
    const statuses = (await Promise.all(guesses)).map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10 - refusedAtOnce);
    expect(statuses.filter((s) => s === 429)).toHaveLength(refusedAtOnce);
    // Never two guesses of the account checked at once.
    expect(gate.mostGuessing).toBe(1);
    const refused = (await Promise.all(guesses)).find((res) => res.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(refused?.json()).error.message).toBe(messages.signInAccountBusy);
  });

  it('security 2026-11-28 #11: the turn is per account: another customer signing in meanwhile is not held up, and an ordinary sign-in still works', async () => {
    const victim = await registerAccount(app);
    const customer = await registerAccount(app);
    gate.closed = true;
    gate.checked.length = 0;
    const guess = signIn(app, victim.email, 'par-x-wrong', `${freshNet()}.3`);
    await vi.waitFor(() => expect(gate.checked).toContain('par-x-wrong'), { timeout: 20_000 });
    const mine = signIn(app, customer.email, customer.password, `${freshNet()}.4`);
    // The customer's check starts beside the guess: no turn of the victim's is asked of it.
    await vi.waitFor(() => expect(gate.checked).toContain(customer.password), { timeout: 20_000 });
    gate.closed = false;
    for (const release of gate.held.splice(0)) release();
    expect((await guess).statusCode).toBe(401);
    expect((await mine).statusCode).toBe(200);
    // The turn is given back: the victim signs in (no device cookie), once, normally.
    expect((await signIn(other, victim.email, victim.password, `${freshNet()}.5`)).statusCode).toBe(
      200,
    );
  });
});
