import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@shop/shared';
import { addressKey } from '../http/client-address.js';
import type { LimitCounters } from '../http/limit-counters.js';
import { signInLimitPrefix } from '../http/rate-limits.js';
import { hashingAttempt } from './password-hashing.js';

/*
 * No lock-out by strangers (finding 6). The hard sign-in limit counts per account *and* address
 * (http/rate-limits.ts), so a stranger's wrong passwords refuse only the stranger. What an
 * account's failures from every address add up to does not refuse anyone: it slows the account's
 * further attempts down, a growing wait before the password is checked, capped at a few
 * seconds. A browser that signed into the account before carries a signed device cookie (OWASP's
 * "device cookies") and skips that wait, and its attempt goes first in the hashing queue
 * (auth/password-hashing.ts). A successful password reset clears the account's counters.
 */

/** Failures of one account, from all addresses, counted over this window. */
export const ACCOUNT_FAILURE_WINDOW_MS = 10 * 60 * 1000;
/** Failures before attempts start to wait: a customer mistyping a few times never does. */
export const SLOWDOWN_AFTER_FAILURES = 5;
/** The first wait, doubled with every further failure... */
export const SLOWDOWN_FIRST_MS = 250;
/** ...up to this. */
export const SLOWDOWN_MAX_MS = 4000;

/*
 * One password check in flight per account (security report 2026-11-28, finding 11): the
 * slow-down delays each attempt, but parallel guesses used to wait side by side, so 40 addresses
 * guessed 40 at a time. Now a sign-in without the account's device cookie waits for its account's
 * turn on this instance (a queue per email, taken before the slow-down is read, so every guess
 * sees the failures of the one before), and marks the account as checking in the shared limit
 * counters (Redis when configured): a sign-in of the same account on another instance meanwhile
 * is refused with 429 and Retry-After instead of running beside it. A returning browser (a valid
 * device cookie) takes neither the turn nor the mark: the owner is served at once.
 */

/** Sign-ins of one account that may wait for its turn on one instance; more are refused (429). */
export const SIGN_IN_WAITING_PER_ACCOUNT = 4;
/** How long an account's "checking" mark holds at most (a dead instance's mark goes then). */
export const SIGN_IN_MARK_MS = 30_000;
/** Seconds a sign-in refused for its account's queue is told to wait. */
export const SIGN_IN_ACCOUNT_RETRY_AFTER_SECONDS = 2;

/** How long a device cookie vouches for its browser. */
export const DEVICE_COOKIE_DAYS = 180;
/** Failed attempts with one device cookie, after which it no longer skips the wait (OWASP). */
export const DEVICE_COOKIE_MAX_FAILURES = 8;
export const DEVICE_COOKIE_NAME = 'caseforge.device';

/** The wait before an attempt is checked, after `failures` failures of its account. */
export function slowdownMs(failures: number): number {
  if (failures < SLOWDOWN_AFTER_FAILURES) return 0;
  const doublings = Math.min(failures - SLOWDOWN_AFTER_FAILURES, 16);
  return Math.min(SLOWDOWN_FIRST_MS * 2 ** doublings, SLOWDOWN_MAX_MS);
}

const SIGN_IN_CALL = '/sign-in/email';

const accountFailuresKey = (email: string) => `signin-failures:${email}`;
const deviceFailuresKey = (nonce: string) => `signin-device-failures:${nonce}`;
const checkingKey = (email: string) => `signin-checking:${email}`;

/** The answer to a sign-in refused because its account's turn is taken (Better Auth's shape). */
const accountBusy = () =>
  new Response(JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: messages.signInAccountBusy }), {
    status: 429,
    headers: {
      'content-type': 'application/json',
      'retry-after': String(SIGN_IN_ACCOUNT_RETRY_AFTER_SECONDS),
    },
  });

/**
 * One turn at a time per key (an account's email) in this process, FIFO, with at most
 * `maxWaiting` waiting; `take` answers the release of the turn, or undefined when the queue is
 * full.
 */
function createTurns(maxWaiting: number) {
  const queues = new Map<string, (() => void)[]>();
  const release = (key: string) => () => {
    const next = queues.get(key)?.shift();
    if (next) next();
    else queues.delete(key);
  };
  return {
    take(key: string): Promise<() => void> | undefined {
      const queue = queues.get(key);
      if (!queue) {
        queues.set(key, []);
        return Promise.resolve(release(key));
      }
      if (queue.length >= maxWaiting) return undefined;
      return new Promise((resolve) => queue.push(() => resolve(release(key))));
    },
  };
}

/** The email of an identity call's (checked) body. */
function emailIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

/** The value of one cookie in a `cookie` header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export interface SignInProtectionOptions {
  counters: LimitCounters;
  /** The shop's signing secret; the cookie's key is derived from it. */
  secret: string;
  /** `Secure` cookies (the shop is served over HTTPS). */
  secureCookies: boolean;
  /** Waits; tests pass one that records the wait instead. */
  delay?: (ms: number) => Promise<unknown>;
  now?: () => number;
  /** Sign-ins of one account that may wait on this instance (SIGN_IN_WAITING_PER_ACCOUNT). */
  waitingPerAccount?: number;
}

/** What `before` found out about an attempt, for `after`. */
export interface SignInAttempt {
  email: string;
  /** The browser's device cookie is valid for this account and has not failed too often. */
  trusted: boolean;
  /** The cookie's nonce, when it carried one for this account. */
  device: string | undefined;
  /** How long the attempt waited before its password was checked. */
  waitedMs: number;
}

export function createSignInProtection({
  counters,
  secret,
  secureCookies,
  delay = (ms) => sleep(ms),
  now = Date.now,
  waitingPerAccount = SIGN_IN_WAITING_PER_ACCOUNT,
}: SignInProtectionOptions) {
  const turns = createTurns(waitingPerAccount);
  const key = createHmac('sha256', secret).update('caseforge-device-cookie').digest();
  const sign = (email: string, nonce: string, expires: number) =>
    createHmac('sha256', key).update(`${email}\n${nonce}\n${expires}`).digest();

  /** The nonce of a device cookie valid for this account now, or undefined. */
  function deviceOf(cookieHeader: string | undefined, email: string): string | undefined {
    const value = cookieValue(cookieHeader, DEVICE_COOKIE_NAME);
    const [version, nonce, expiresText, signature] = value?.split('.') ?? [];
    if (version !== 'v1' || !nonce || !expiresText || !signature) return undefined;
    const expires = Number(expiresText);
    if (!Number.isSafeInteger(expires) || expires * 1000 <= now()) return undefined;
    const expected = sign(email, nonce, expires);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
  }

  /**
   * Before the password of a sign-in is checked: whether its browser is a returning one of this
   * account, and, when not, the wait its account's recent failures call for.
   */
  async function before(email: string, cookieHeader: string | undefined): Promise<SignInAttempt> {
    const { account, device, trusted } = await browserOf(email, cookieHeader);
    return slowedDown(account, device, trusted);
  }

  /** Whether the attempt comes from a returning browser of the account (its device cookie). */
  async function browserOf(email: string, cookieHeader: string | undefined) {
    const account = email.trim().toLowerCase();
    const device = deviceOf(cookieHeader, account);
    const trusted =
      device !== undefined &&
      (await counters.peek(deviceFailuresKey(device))) < DEVICE_COOKIE_MAX_FAILURES;
    return { account, device, trusted };
  }

  /** The wait the account's recent failures call for (none for a returning browser), waited. */
  async function slowedDown(
    account: string,
    device: string | undefined,
    trusted: boolean,
  ): Promise<SignInAttempt> {
    let waitedMs = 0;
    if (!trusted) {
      waitedMs = slowdownMs(await counters.peek(accountFailuresKey(account)));
      if (waitedMs > 0) await delay(waitedMs);
    }
    return { email: account, trusted, device, waitedMs };
  }

  /** A wrong password: counted for the account (all addresses) and the device cookie. */
  async function failed(attempt: SignInAttempt): Promise<void> {
    await counters.hit(accountFailuresKey(attempt.email), ACCOUNT_FAILURE_WINDOW_MS);
    if (attempt.device !== undefined) {
      await counters.hit(deviceFailuresKey(attempt.device), ACCOUNT_FAILURE_WINDOW_MS);
    }
  }

  /** The `Set-Cookie` value that marks this browser as a returning one of the account. */
  function deviceCookie(email: string): string {
    const account = email.trim().toLowerCase();
    const nonce = randomBytes(16).toString('base64url');
    const maxAge = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
    const expires = Math.floor(now() / 1000) + maxAge;
    const signature = sign(account, nonce, expires).toString('base64url');
    return [
      `${DEVICE_COOKIE_NAME}=v1.${nonce}.${expires}.${signature}`,
      'Path=/api/auth',
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secureCookies ? ['Secure'] : []),
    ].join('; ');
  }

  return {
    before,
    failed,
    deviceCookie,

    /**
     * Hands one identity call to Better Auth (`send`) with these protections around it: a
     * sign-in waits as its account's failures ask (unless its browser is a returning one), its
     * hashes queue as who it is (password-hashing.ts), a wrong password is counted, and a
     * successful sign-in answers a fresh device cookie too.
     */
    async forward(
      request: { call: string | undefined; body: unknown; ip: string; cookie: string | undefined },
      send: () => Promise<Response>,
    ): Promise<{ response: Response; cookies: string[] }> {
      const email = emailIn(request.body);
      const keys = [...(email ? [`account:${email}`] : []), `address:${addressKey(request.ip)}`];
      if (request.call !== SIGN_IN_CALL || email === undefined) {
        return { response: await hashingAttempt.run({ keys, priority: false }, send), cookies: [] };
      }
      const check = async (attempt: SignInAttempt) => {
        const response = await hashingAttempt.run({ keys, priority: attempt.trusted }, send);
        if (response.status === 401) await failed(attempt);
        return { response, cookies: response.ok ? [deviceCookie(attempt.email)] : [] };
      };
      const { account, device, trusted } = await browserOf(email, request.cookie);
      // A returning browser of the account is served at once, beside whatever else is waiting.
      if (trusted) return check(await slowedDown(account, device, trusted));
      // Anyone else waits for the account's turn here, and checks no other instance has it.
      const turn = turns.take(account);
      if (!turn) return { response: accountBusy(), cookies: [] };
      const release = await turn;
      let marked = false;
      try {
        const { count } = await counters.hit(checkingKey(account), SIGN_IN_MARK_MS);
        if (count > 1) return { response: accountBusy(), cookies: [] };
        marked = true;
        return await check(await slowedDown(account, device, trusted));
      } finally {
        // The turn is given back whatever happens to the mark (it also lapses by itself).
        try {
          if (marked) await counters.clear(checkingKey(account));
        } finally {
          release();
        }
      }
    },

    /** A successful password reset: the account's failures and every sign-in limit of it go. */
    async clearAccount(email: string): Promise<void> {
      const account = email.trim().toLowerCase();
      await counters.clear(accountFailuresKey(account));
      await counters.clear(signInLimitPrefix(account), signInLimitPrefix(account));
    },
  };
}

export type SignInProtection = ReturnType<typeof createSignInProtection>;
