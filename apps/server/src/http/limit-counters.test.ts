import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { registerAccount } from '../test/factories.js';
import { startSilentRedis } from '../test/silent-redis.js';
import {
  createLimitCounters,
  REDIS_RETRY_AFTER_FAILURE_MS,
  type LimitCounters,
} from './limit-counters.js';

/** Redis runs beside PostgreSQL in CI; elsewhere the shared-counter tests are skipped. */
const redisUrl = process.env['TEST_REDIS_URL'];

/** A logger whose warn lines a test can read. */
function recordingLog(): { log: FastifyBaseLogger; warnings: string[] } {
  const warnings: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as { level: number; msg: string };
      if (line.level === 40) warnings.push(line.msg);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), warnings };
}

const MINUTE = 60_000;

describe('finding 11: Redis-backed limits fall back to this instance, never open', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((one) => one.close()));
  });

  async function counting(
    url: string,
    { commandTimeoutMs = 50, now }: { commandTimeoutMs?: number; now?: () => number } = {},
  ): Promise<{ counters: ReturnType<typeof createLimitCounters>; warnings: string[] }> {
    const { log, warnings } = recordingLog();
    const counters = createLimitCounters({
      redisUrl: url,
      log,
      commandTimeoutMs,
      ...(now ? { now } : {}),
    });
    opened.push(counters);
    return { counters, warnings };
  }

  async function hits(counters: LimitCounters, key: string, n: number): Promise<number[]> {
    const counts: number[] = [];
    for (let i = 0; i < n; i += 1) counts.push((await counters.hit(key, MINUTE)).count);
    return counts;
  }

  it('counts on this instance while every command times out, and says so at warn', async () => {
    const redis = await startSilentRedis({ handshake: true });
    opened.push(redis);
    let clock = 1_000_000;
    const { counters, warnings } = await counting(redis.url, { now: () => clock });
    // Once the connection is ready, a command reaches the server and is never answered.
    await vi.waitFor(
      async () => {
        clock += REDIS_RETRY_AFTER_FAILURE_MS;
        await counters.hit('probe', MINUTE);
        expect(redis.unanswered).toBeGreaterThan(0);
      },
      { timeout: 10_000 },
    );
    expect(warnings.filter((line) => /Redis command failed/.test(line))).not.toHaveLength(0);
    const warned = warnings.length;
    const asked = redis.unanswered;

    // The limit counts on this instance (the old code skipped it: every call allowed)...
    expect(await hits(counters, 'sign-in:victim', 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // ...without asking Redis again for a few seconds, so no request waits for its timeout...
    expect(redis.unanswered).toBe(asked);
    // ...and then asks again, still counting on when it times out, warning at most every 30 s.
    clock += REDIS_RETRY_AFTER_FAILURE_MS;
    expect((await counters.hit('sign-in:victim', MINUTE)).count).toBe(11);
    expect(redis.unanswered).toBe(asked + 1);
    expect(warnings).toHaveLength(warned);
  });

  it('counts on this instance while Redis is down (nothing listens)', async () => {
    const { counters, warnings } = await counting('redis://127.0.0.1:9');
    expect(await hits(counters, 'orders:someone', 5)).toEqual([1, 2, 3, 4, 5]);
    await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0));
    expect(warnings.length).toBe(1);
  });

  it('counts on this instance while Redis accepts connections and never says a word', async () => {
    const redis = await startSilentRedis({ handshake: false });
    opened.push(redis);
    const { counters } = await counting(redis.url);
    expect(await hits(counters, 'auth-address:192.0.2.1', 4)).toEqual([1, 2, 3, 4]);
  });

  it.skipIf(!redisUrl)(
    'counts together through a working Redis, and clears by prefix',
    async () => {
      const [first, second] = [
        (await counting(redisUrl ?? '', { commandTimeoutMs: 500 })).counters,
        (await counting(redisUrl ?? '', { commandTimeoutMs: 500 })).counters,
      ];
      await vi.waitFor(() => expect(first.shared && second.shared).toBe(true), { timeout: 5000 });
      const key = `test-counter:${process.pid}:${Date.now()}`;
      expect((await first.hit(`${key}:probe`, MINUTE)).count).toBe(1);
      expect(await second.peek(`${key}:probe`)).toBe(1);
      expect((await first.hit(`${key}\na`, MINUTE)).count).toBe(1);
      expect((await second.hit(`${key}\na`, MINUTE)).count).toBe(2);
      expect((await second.hit(`${key}\nb*`, MINUTE)).count).toBe(1);
      await first.clear(key, `${key}\n`);
      expect(await second.peek(`${key}\na`)).toBe(0);
      expect(await second.peek(`${key}\nb*`)).toBe(0);
      expect(await second.peek(`${key}:probe`)).toBe(1);
    },
  );
});

describe.each(testDatabases)('finding 11: the sign-in limit holds on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let redis: Awaited<ReturnType<typeof startSilentRedis>>;

  beforeAll(async () => {
    db = await kind.open();
    redis = await startSilentRedis({ handshake: true });
    app = await buildTestApp(db, { REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await app.close();
    await redis.close();
    await db.drop();
  });

  it('with a Redis that takes connections and never answers: 8 wrong passwords, then 429', async () => {
    const me = await registerAccount(app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '198.51.100.11',
        payload: { email: me.email, password: `wrong-password-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
  });
});
