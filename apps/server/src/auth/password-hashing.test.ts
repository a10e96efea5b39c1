import { apiErrorSchema, messages } from '@shop/shared';
import { isAPIError } from 'better-auth/api';
import type * as BetterAuthCrypto from 'better-auth/crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { registerAccount, uniqueEmail } from '../test/factories.js';
import { createLimitedHashing } from './password-hashing.js';

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

describe.each(testDatabases)('sign-in refused before hashing on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const signIn = (payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, remoteAddress });

  it('hashes nothing for a malformed or a rate-limited attempt', async () => {
    const me = await registerAccount(app);
    for (let i = 0; i < 8; i += 1) {
      expect(
        (await signIn({ email: me.email, password: 'wrong-password' }, `10.40.${i}.1`)).statusCode,
      ).toBe(401);
    }
    const before = counted.hashes;
    for (let i = 0; i < 20; i += 1) {
      const limited = await signIn({ email: me.email, password: 'wrong-password' }, `10.41.${i}.1`);
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
