import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Fixed-window counters for the rate limits: in Redis when `REDIS_URL` is set, so every instance
 * behind one address counts together, and always in this process too. When a Redis command fails
 * or times out (Redis away, or an event loop so busy that the answer came too late: finding 11),
 * the limit is decided by this instance's own count instead of being skipped, and the failure is
 * logged at warn, at most once every 30 s. After a failure Redis is left alone for a few seconds
 * (this instance counts alone meanwhile), so an outage does not add a timeout to every request.
 */
export interface LimitCounters {
  /** Counts one more hit of `key` in its window; answers the count and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The count of `key` in its current window, without counting. */
  peek(key: string): Promise<number>;
  /** Forgets `key` and every key that starts with `prefix` (a password reset). */
  clear(key: string, prefix?: string): Promise<void>;
  /** Waits until Redis answered or failed (at most its connect timeout): called at start. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Keys kept in this process at most; the expired go first, then the oldest. */
export const MAX_LOCAL_KEYS = 100_000;

const REDIS_NAMESPACE = 'shop-limit:';
const LOG_EVERY_MS = 30_000;
const CONNECT_TIMEOUT_MS = 2000;
/** After a failed command, how long this instance counts alone before asking Redis again. */
export const REDIS_RETRY_AFTER_FAILURE_MS = 5000;

/** INCR with the window set on the first hit; answers the count and the window's rest (ms). */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type LimitRedis = Redis & {
  limitHit(key: string, windowMs: number): Promise<[number, number]>;
};

function localCounters(now: () => number) {
  const entries = new Map<string, { count: number; resetAt: number }>();

  function makeRoom(): void {
    const at = now();
    for (const [key, entry] of entries) if (entry.resetAt <= at) entries.delete(key);
    while (entries.size >= MAX_LOCAL_KEYS) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  }

  return {
    hit(key: string, windowMs: number) {
      const at = now();
      let entry = entries.get(key);
      if (!entry || entry.resetAt <= at) {
        if (!entry && entries.size >= MAX_LOCAL_KEYS) makeRoom();
        entry = { count: 0, resetAt: at + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - at };
    },
    peek(key: string): number {
      const entry = entries.get(key);
      return entry && entry.resetAt > now() ? entry.count : 0;
    },
    clear(key: string, prefix?: string): void {
      entries.delete(key);
      if (prefix === undefined) return;
      for (const one of entries.keys()) if (one.startsWith(prefix)) entries.delete(one);
    },
    get size(): number {
      return entries.size;
    },
  };
}

/** A Redis MATCH pattern for keys starting with `prefix`, its glob characters escaped. */
function matchPrefix(prefix: string): string {
  return `${prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`;
}

export interface LimitCounterOptions {
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  /** How long a Redis command may take before this instance counts alone (ms). */
  commandTimeoutMs?: number;
  now?: () => number;
}

export function createLimitCounters({
  redisUrl,
  log,
  commandTimeoutMs = 500,
  now = Date.now,
}: LimitCounterOptions): LimitCounters & { readonly localKeys: number; readonly shared: boolean } {
  const local = localCounters(now);
  let lastWarned = 0;
  const warn = (error: unknown, message: string) => {
    if (now() - lastWarned < LOG_EVERY_MS) return;
    lastWarned = now();
    log.warn({ err: error }, message);
  };

  let redis: LimitRedis | undefined;
  if (redisUrl) {
    // Commands fail at once while Redis is away (no offline queue), so no request waits for it.
    const client = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: commandTimeoutMs,
      keyPrefix: REDIS_NAMESPACE,
    });
    client.defineCommand('limitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    client.on('error', (error: Error) =>
      warn(error, 'Redis unavailable: rate limits are counted by each instance until it is back'),
    );
    redis = client as LimitRedis;
  }
  let skipRedisUntil = -Infinity;
  const commandFailed = (error: unknown) => {
    skipRedisUntil = now() + REDIS_RETRY_AFTER_FAILURE_MS;
    warn(error, 'A Redis command failed: rate limits are counted by this instance meanwhile');
  };
  /** Redis, when it is connected and was not failing a moment ago; else this instance counts. */
  const shared = () => (redis?.status === 'ready' && now() >= skipRedisUntil ? redis : undefined);

  return {
    get localKeys() {
      return local.size;
    },

    /** Whether counts are shared through Redis right now (for tests). */
    get shared() {
      return shared() !== undefined;
    },

    async ready() {
      const client = redis;
      if (!client || client.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          client.off('ready', done);
          client.off('error', done);
          resolve();
        };
        const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
        client.once('ready', done);
        client.once('error', done);
      });
    },

    async hit(key, windowMs) {
      // Counted here too, so the fallback knows this instance's hits when Redis stops answering.
      const own = local.hit(key, windowMs);
      const client = shared();
      if (!client) return own;
      try {
        const [count, ttl] = await client.limitHit(key, windowMs);
        return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
      } catch (error) {
        commandFailed(error);
        return own;
      }
    },

    async peek(key) {
      const own = local.peek(key);
      const client = shared();
      if (!client) return own;
      try {
        const value = await client.get(key);
        return value === null ? 0 : Number(value);
      } catch (error) {
        commandFailed(error);
        return own;
      }
    },

    async clear(key, prefix) {
      local.clear(key, prefix);
      if (!redis) return;
      try {
        await redis.del(key);
        if (prefix === undefined) return;
        // SCAN matches full key names, so the namespace is part of the pattern; DEL adds it back.
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(
            cursor,
            'MATCH',
            matchPrefix(`${REDIS_NAMESPACE}${prefix}`),
            'COUNT',
            1000,
          );
          cursor = next;
          const names = keys.map((name) => name.slice(REDIS_NAMESPACE.length));
          if (names.length > 0) await redis.del(...names);
        } while (cursor !== '0');
      } catch (error) {
        commandFailed(error);
      }
    },

    async close() {
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}
