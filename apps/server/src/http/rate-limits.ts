import { messages, quoteMessages } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config.js';
import { AppError } from './app-error.js';
import { addressKey } from './client-address.js';
import type { LimitCounters } from './limit-counters.js';

/**
 * The calls an attacker or a runaway client would hammer. A route opts in with
 * `config: { limit: 'auth' | 'orders' | 'payments' | 'reviews' | 'invoices' }`:
 * - `auth`: the identity calls that check a password or send mail (sign-in, sign-up, password
 *   reset, verification mail, account changes), per client address and per account (email);
 *   a sign-in per account *and* address, so a stranger's wrong passwords lock out only the
 *   stranger (finding 6; the account as a whole is slowed down instead: auth/sign-in-protection.ts);
 * - `orders`: placing orders, per signed-in account;
 * - `payments`: payment intents and payment reports, per signed-in account;
 * - `reviews`: writing reviews, per signed-in account and per hour;
 * - `invoices`: invoice PDFs, per signed-in account;
 * - `artwork`: quote artwork downloads, per signed-in account (security 2026-11-28 #3).
 * Every request to /api also spends the client's request budget first (http/request-budget.ts).
 */
export type LimitName = 'auth' | 'orders' | 'payments' | 'reviews' | 'invoices' | 'artwork';

/** The limit one request of a route gets, and the call it counts as (accounts count per call). */
export interface LimitOfRequest {
  limit: LimitName;
  call: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: LimitName;
    /**
     * For a route that serves many calls (the identity service's `/auth/*`): the limit of this
     * request, decided by what it means (the path as the service routes it), not by how it is
     * spelled; undefined for a call without one.
     */
    limitOf?: (request: FastifyRequest) => LimitOfRequest | undefined;
  }
}

const TEN_MINUTES = 10 * 60 * 1000;
const ONE_MINUTE = 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** The identity call whose per-account limit is kept per address too. */
const SIGN_IN_CALL = '/sign-in/email';

/** The email of an identity call's body, as the per-account limits count it. */
export function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

/**
 * Every per-account sign-in counter of an account starts with this (one per client address), so
 * a password reset can clear them all.
 */
export function signInLimitPrefix(email: string): string {
  return `auth-account:${SIGN_IN_CALL}:${email.trim().toLowerCase()}\n`;
}

/** The call an attempt counts under: the route's own, or the path as the route resolved it. */
function callOf(request: FastifyRequest): string {
  return request.routeOptions.config.limitOf?.(request)?.call ?? request.routeOptions.url ?? '';
}

/** The signed-in account, or the address for a call that reached the limit without one. */
function accountOf(request: FastifyRequest): string {
  return request.currentUser?.id ?? `address:${addressKey(request.ip)}`;
}

/** One limit: at most `max` hits of a key per window. */
interface Check {
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
}

/**
 * Registers one hook that applies the limit a route names, counted in `counters` (Redis when
 * configured, with this instance's own count when Redis fails). It runs after the access guard,
 * so account limits key on the signed-in user, and before validation, so a flood of malformed
 * attempts is counted too.
 */
export function registerRateLimits(
  app: FastifyInstance,
  { limits, counters }: { limits: RateLimits; counters: LimitCounters },
): void {
  const checks: Record<LimitName, { checks: Check[]; message: string }> = {
    auth: {
      checks: [
        {
          max: limits.authPerAddress,
          windowMs: TEN_MINUTES,
          key: (request) => `auth-address:${addressKey(request.ip)}`,
        },
        {
          max: limits.authPerAccount,
          windowMs: TEN_MINUTES,
          key: (request) => {
            const call = callOf(request);
            const email = emailOf(request);
            // A request without an email is refused by validation; it counts against its address.
            if (email === undefined) return `auth-account:${call}:${addressKey(request.ip)}`;
            return call === SIGN_IN_CALL
              ? `${signInLimitPrefix(email)}${addressKey(request.ip)}`
              : `auth-account:${call}:${email}`;
          },
        },
      ],
      message: messages.tooManyAttempts,
    },
    orders: {
      checks: [
        {
          max: limits.ordersPerMinute,
          windowMs: ONE_MINUTE,
          key: (request) => `orders:${accountOf(request)}`,
        },
      ],
      message: messages.tooManyRequests,
    },
    payments: {
      checks: [
        {
          max: limits.paymentsPerMinute,
          windowMs: ONE_MINUTE,
          key: (request) => `payments:${accountOf(request)}`,
        },
      ],
      message: messages.tooManyRequests,
    },
    reviews: {
      checks: [
        {
          max: limits.reviewsPerHour,
          windowMs: ONE_HOUR,
          key: (request) => `reviews:${accountOf(request)}`,
        },
      ],
      message: messages.tooManyReviews,
    },
    invoices: {
      checks: [
        {
          max: limits.invoicesPerMinute,
          windowMs: ONE_MINUTE,
          key: (request) => `invoices:${accountOf(request)}`,
        },
      ],
      message: messages.tooManyInvoices,
    },
    artwork: {
      checks: [
        {
          max: limits.artworkDownloadsPerMinute,
          windowMs: ONE_MINUTE,
          key: (request) => `artwork:${accountOf(request)}`,
        },
      ],
      message: quoteMessages.tooManyDownloads,
    },
  };

  app.addHook('preValidation', async (request, reply) => {
    const { limit: fixed, limitOf } = request.routeOptions.config;
    const name = limitOf?.(request)?.limit ?? fixed;
    if (!name) return;
    const limit = checks[name];
    // Every check counts the attempt; any one of them refuses it.
    const results = await Promise.all(
      limit.checks.map(async (check) => ({
        check,
        ...(await counters.hit(check.key(request), check.windowMs)),
      })),
    );
    const refused = results.find(({ check, count }) => count > check.max);
    if (refused) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(refused.resetInMs / 1000))));
      throw new AppError('rate_limited', limit.message);
    }
  });
}
