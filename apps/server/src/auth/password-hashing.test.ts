import { apiErrorSchema, messages } from '@shop/shared';
import { isAPIError } from 'better-auth/api';
import type * as BetterAuthCrypto from 'better-auth/crypto';
import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { withShop } from '../test/shop.js';
import { registerAccount, uniqueEmail } from '../test/factories.js';
import { createLimitedHashing, hashingAttempt, type HashingAttempt } from './password-hashing.js';

// Better Auth's scrypt, counted: every hash of the shop goes through these two.
const counted = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('better-auth/crypto', async (importOriginal) => {
  const original = await importOriginal<typeof BetterAuthCrypto>();
  return {
    ...original,
    hashPassword: async (password: string) => {
      counted.hashes += 1;
      return original.hashPassword(password);
    },
    verifyPassword: async (input: { hash: string; password: string }) => {
      counted.hashes += 1;
      return original.verifyPassword(input);
    },
  };
});

describe('limited hashing', () => {
  it('runs at most `concurrency` at once, queues a bounded number, refuses beyond with a 503', async () => {
    const pending: (() => void)[] = [];
    const slow = {
      hash: () => new Promise<string>((resolve) => pending.push(() => resolve('hashed'))),
      verify: () => new Promise<boolean>((resolve) => pending.push(() => resolve(true))),
    };
    const hashing = createLimitedHashing({ concurrency: 2, queue: 1 }, slow);
    const first = hashing.hash('a');
    const second = hashing.verify({ hash: 'h', password: 'b' });
    const third = hashing.hash('c');
    await Promise.resolve();
    expect(hashing.load()).toEqual({ running: 2, waiting: 1 });
    expect(pending).toHaveLength(2);

    const refused = await hashing.hash('d').catch((error: unknown) => error);
    expect(isAPIError(refused)).toBe(true);
    expect(refused).toMatchObject({
      statusCode: 503,
      body: { message: messages.signInBusy },
      headers: { 'retry-after': '2' },
    });

    pending.shift()!();
    await expect(first).resolves.toBe('hashed');
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(hashing.load()).toEqual({ running: 2, waiting: 0 });
    pending.shift()!();
    pending.shift()!();
    await expect(second).resolves.toBe(true);
    await expect(third).resolves.toBe('hashed');
    expect(hashing.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when the hash fails', async () => {
    const failing = {
      hash: () => Promise.reject(new Error('boom')),
      verify: () => Promise.reject(new Error('boom')),
    };
    const hashing = createLimitedHashing({ concurrency: 1, queue: 0 }, failing);
    await expect(hashing.hash('a')).rejects.toThrow('boom');
    await expect(hashing.hash('b')).rejects.toThrow('boom');
    expect(hashing.load()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('finding 7: the hashing queue is not first come, first refused', () => {
  /** A slow hash: each check waits until the test lets it finish; `started` in start order. */
  function slowHashing(limits = { concurrency: 2, queue: 64 }) {
    const pending: (() => void)[] = [];
    const started: string[] = [];
    const hashing = createLimitedHashing(limits, {
      hash: async () => 'hashed',
      verify: ({ password }) =>
        new Promise<boolean>((resolve) => {
          started.push(password);
          pending.push(() => resolve(password === 'right'));
        }),
    });
    const attempt = (password: string, who: HashingAttempt) =>
      hashingAttempt
        .run(who, () => hashing.verify({ hash: 'h', password }))
        .then(
          (ok) => (ok ? 'ok' : 'wrong'),
          (error: unknown) => (isAPIError(error) ? `refused ${error.statusCode}` : 'error'),
        );
    const finishAll = async () => {
      while (pending.length > 0 || hashing.load().running > 0) {
        pending.shift()?.();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    return { hashing, started, pending, attempt, finishAll };
  }

  const bot = (i: number): HashingAttempt => ({
    keys: ['account:owner@example.com', `address:203.0.113.${i}`],
    priority: false,
  });

  it('fills from 100 addresses, then a returning customer goes first and is never refused', async () => {
    const { hashing, started, attempt, finishAll } = slowHashing();
    const flood = Array.from({ length: 100 }, (_, i) => attempt(`guess-${i}`, bot(i)));
    await vi.waitFor(() => expect(hashing.load()).toEqual({ running: 2, waiting: 64 }));

    // The owner, from a browser that signed in before (its device cookie).
    const owner = attempt('right', {
      keys: ['account:owner@example.com', 'address:198.51.100.1'],
      priority: true,
    });
    // Another customer, first time in this browser: not the flooded account, not refused.
    const other = attempt('right', {
      keys: ['account:other@example.com', 'address:198.51.100.2'],
      priority: false,
    });
    // The same account from a new browser: as heavy as the flood, refused like it.
    const stranger = attempt('right', {
      keys: ['account:owner@example.com', 'address:198.51.100.3'],
      priority: false,
    });
    expect(await stranger).toBe('refused 503');
    expect(hashing.load()).toEqual({ running: 2, waiting: 64 });

    await finishAll();
    // Checked right after the two that were running: it waited behind nobody.
    expect(started.slice(0, 3)).toEqual(['guess-0', 'guess-1', 'right']);
    expect(await owner).toBe('ok');
    expect(await other).toBe('ok');
    const answers = await Promise.all(flood);
    expect(answers.filter((a) => a === 'refused 503')).toHaveLength(36);
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(64);
    // The attempts dropped for the two customers were the flood's latest, not its first.
    expect(answers.slice(0, 64).every((a) => a === 'wrong')).toBe(true);
  });

  it('refuses the newcomer, as before, when nothing tells the attempts apart', async () => {
    const { hashing, attempt, finishAll } = slowHashing({ concurrency: 1, queue: 2 });
    const anonymous: HashingAttempt = { keys: [], priority: false };
    const first = [attempt('a', anonymous), attempt('b', anonymous), attempt('c', anonymous)];
    await vi.waitFor(() => expect(hashing.load()).toEqual({ running: 1, waiting: 2 }));
    expect(await attempt('d', anonymous)).toBe('refused 503');
    await finishAll();
    expect(await Promise.all(first)).toEqual(['wrong', 'wrong', 'wrong']);
  });
});

describe.each(testDatabases)('sign-in refused before hashing on $name', (kind) => {
  // The shop's real hashing, counted by the mock above.
  const shop = withShop(kind, { deps: { passwordHashing: 'scrypt' } });

  const signIn = (payload: object, remoteAddress: string) =>
    shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, remoteAddress });

  it('hashes nothing for a malformed or a rate-limited attempt', async () => {
    const me = await registerAccount(shop.app);
    // The hard limit counts an account per address: 8 wrong passwords from one address...
    for (let i = 0; i < 8; i += 1) {
      expect(
        (await signIn({ email: me.email, password: 'wrong-password' }, '10.40.0.1')).statusCode,
      ).toBe(401);
    }
    const before = counted.hashes;
    for (let i = 0; i < 20; i += 1) {
      // ...and that address is refused before any hash.
      const limited = await signIn({ email: me.email, password: 'wrong-password' }, '10.40.0.1');
      expect(limited.statusCode).toBe(429);
      const malformed = await signIn(
        { email: uniqueEmail(), password: 'x'.repeat(129) },
        `10.42.${i}.1`,
      );
      expect(malformed.statusCode).toBe(400);
      expect(apiErrorSchema.parse(malformed.json()).error.code).toBe('validation_failed');
    }
    expect(counted.hashes).toBe(before);
  });
});
