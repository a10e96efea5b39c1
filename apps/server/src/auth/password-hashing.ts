import { messages } from '@shop/shared';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * Password hashing is scrypt on libuv's thread pool (4 threads by default), which static files,
 * compression and DNS share. A flood of sign-ins would fill it and stall every page, so at most
 * `concurrency` hashes run at once; a bounded number wait their turn; beyond that an attempt is
 * refused at once with a 503 and Retry-After instead of queueing without end.
 */
export interface HashingLimits {
  concurrency: number;
  queue: number;
}

export const DEFAULT_HASHING_LIMITS: HashingLimits = { concurrency: 2, queue: 64 };

/** Seconds a refused attempt is told to wait. */
const RETRY_AFTER_SECONDS = 2;

export interface LimitedHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
  /** Hashes running and waiting now (for tests and the bench). */
  load(): { running: number; waiting: number };
}

export function createLimitedHashing(
  limits: HashingLimits = DEFAULT_HASHING_LIMITS,
  hashing: {
    hash: (password: string) => Promise<string>;
    verify: (input: { hash: string; password: string }) => Promise<boolean>;
  } = { hash: hashPassword, verify: verifyPassword },
): LimitedHashing {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrency) {
      if (waiting.length >= limits.queue) {
        throw new APIError(
          'SERVICE_UNAVAILABLE',
          { message: messages.signInBusy, code: 'HASHING_BUSY' },
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      }
      // The slot is handed over by the one finishing, so `running` stays counted.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    hash: (password) => limited(() => hashing.hash(password)),
    verify: (input) => limited(() => hashing.verify(input)),
    load: () => ({ running, waiting: waiting.length }),
  };
}
