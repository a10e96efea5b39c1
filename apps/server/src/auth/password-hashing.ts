import { AsyncLocalStorage } from 'node:async_hooks';
import { messages } from '@shop/shared';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * Password hashing is scrypt on libuv's thread pool (4 threads by default), which static files,
 * compression and DNS share. A flood of sign-ins would fill it and stall every page, so at most
 * `concurrency` hashes run at once; a bounded number wait their turn; beyond that an attempt is
 * refused with a 503 and Retry-After instead of queueing without end.
 *
 * The queue is not first come, first refused (finding 7): a flood from many addresses would
 * otherwise keep it full and every real customer out. An attempt from a browser that signed into
 * that account before (a valid device cookie: auth/sign-in-protection.ts) goes ahead of the
 * others; and when the queue is full, the attempt dropped is the latest of the account or address
 * with the most attempts waiting, unless the newcomer's own account or address has as many.
 */
export interface HashingLimits {
  concurrency: number;
  queue: number;
}

export const DEFAULT_HASHING_LIMITS: HashingLimits = { concurrency: 2, queue: 64 };

/** Seconds a refused attempt is told to wait. */
const RETRY_AFTER_SECONDS = 2;

/** Who a hash is for, set by the identity route around each call it hands to Better Auth. */
export interface HashingAttempt {
  /** The account (email) and the client address it comes from: `account:…`, `address:…`. */
  keys: readonly string[];
  /** A returning browser of this account: served before the others, never dropped for them. */
  priority: boolean;
}

/** The attempt a hash belongs to; Better Auth calls hash/verify inside it. */
export const hashingAttempt = new AsyncLocalStorage<HashingAttempt>();

export interface LimitedHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
  /** Hashes running and waiting now (for tests and the bench). */
  load(): { running: number; waiting: number };
}

interface Waiter extends HashingAttempt {
  admit: () => void;
  refuse: (error: unknown) => void;
}

const busy = () =>
  new APIError(
    'SERVICE_UNAVAILABLE',
    { message: messages.signInBusy, code: 'HASHING_BUSY' },
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

const ANONYMOUS: HashingAttempt = { keys: [], priority: false };

/** Makes and checks a password's hash: Better Auth's scrypt in the shop (tests may pass another). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** Better Auth's own scrypt, read at each call (so a test's mock of the module is seen). */
export const SCRYPT_HASHER: PasswordHasher = {
  hash: (password) => hashPassword(password),
  verify: (input) => verifyPassword(input),
};

export function createLimitedHashing(
  limits: HashingLimits = DEFAULT_HASHING_LIMITS,
  hashing: PasswordHasher = SCRYPT_HASHER,
): LimitedHashing {
  let running = 0;
  const waiting: Waiter[] = [];

  /**
   * The waiting attempt to drop for a newcomer when the queue is full, or -1 to refuse the
   * newcomer: the latest waiting of the heaviest account or address, when that one has more
   * attempts waiting than the newcomer's own account or address (a priority newcomer always wins
   * over an ordinary attempt).
   */
  function victimFor(newcomer: HashingAttempt): number {
    const queued = new Map<string, number>();
    for (const waiter of waiting) {
      for (const key of waiter.keys) queued.set(key, (queued.get(key) ?? 0) + 1);
    }
    const weight = (attempt: HashingAttempt) =>
      Math.max(0, ...attempt.keys.map((key) => queued.get(key) ?? 0));
    let victim = -1;
    let heaviest = -1;
    waiting.forEach((waiter, index) => {
      if (waiter.priority) return;
      const own = weight(waiter);
      if (own >= heaviest) {
        heaviest = own;
        victim = index;
      }
    });
    if (victim < 0) return -1;
    return newcomer.priority || heaviest > weight(newcomer) ? victim : -1;
  }

  function enqueue(attempt: HashingAttempt): Promise<void> {
    if (waiting.length >= limits.queue) {
      const victim = victimFor(attempt);
      if (victim < 0) return Promise.reject(busy());
      const [dropped] = waiting.splice(victim, 1);
      dropped?.refuse(busy());
    }
    return new Promise<void>((admit, refuse) => {
      const waiter: Waiter = { ...attempt, admit, refuse };
      if (!attempt.priority) {
        waiting.push(waiter);
        return;
      }
      // After the other returning browsers, before everyone else.
      const firstOrdinary = waiting.findIndex((one) => !one.priority);
      if (firstOrdinary < 0) waiting.push(waiter);
      else waiting.splice(firstOrdinary, 0, waiter);
    });
  }

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrency) {
      // The slot is handed over by the one finishing, so `running` stays counted.
      await enqueue(hashingAttempt.getStore() ?? ANONYMOUS);
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next.admit();
      else running -= 1;
    }
  }

  return {
    hash: (password) => limited(() => hashing.hash(password)),
    verify: (input) => limited(() => hashing.verify(input)),
    load: () => ({ running, waiting: waiting.length }),
  };
}
