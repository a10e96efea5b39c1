import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { messages } from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimits } from '../config.js';
import { AppError } from './app-error.js';

/**
 * The calls an attacker or a runaway client would hammer. A route opts in with
 * `config: { limit: 'auth' | 'orders' | 'payments' }`:
 * - `auth`: the identity calls that check a password or send mail (sign-in, sign-up, password
 *   reset, verification mail, account changes), per client address and per account (email);
 * - `orders`: placing orders, per signed-in account;
 * - `payments`: payment intents and payment reports, per signed-in account;
 * - `reviews`: writing reviews, per signed-in account and per hour.
 */
export type LimitName = 'auth' | 'orders' | 'payments' | 'reviews';

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

type Check = (request: FastifyRequest) => Promise<{
  isAllowed: boolean;
  isExceeded?: boolean;
  ttlInSeconds?: number;
}>;

function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

/** The call an attempt counts under: the route's own, or the path as the route resolved it. */
function callOf(request: FastifyRequest): string {
  return request.routeOptions.config.limitOf?.(request)?.call ?? request.routeOptions.url ?? '';
}

/** The signed-in account, or the address for a call that reached the limit without one. */
function accountOf(request: FastifyRequest): string {
  return request.currentUser?.id ?? `address:${request.ip}`;
}

/**
 * A Redis connection for the counters, so every instance behind one address counts together.
 * Commands fail at once while Redis is away (no offline queue): the limiter then lets the call
 * through (`skipOnError`) rather than failing the shop, and the outage is logged.
 */
function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 500,
  });
  let lastLogged = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLogged < 30_000) return;
    lastLogged = Date.now();
    log.warn({ err: error }, 'Redis unavailable: rate limits are not enforced until it is back');
  });
  return redis;
}

/**
 * Registers the rate limiter (counters in Redis when `redisUrl` is set, in this process
 * otherwise) and one hook that applies the limit a route names. It runs after the access guard,
 * so account limits key on the signed-in user, and before validation, so a flood of malformed
 * attempts is counted too.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { limits, redisUrl }: { limits: RateLimits; redisUrl: string | undefined },
): Promise<void> {
  const redis = redisUrl ? connectRedis(redisUrl, app.log) : undefined;
  const options: RateLimitPluginOptions = { global: false, skipOnError: true };
  if (redis) {
    options.redis = redis;
    options.nameSpace = 'shop-rate-limit:';
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, options);

  const checks: Record<LimitName, { checks: Check[]; message: string }> = {
    auth: {
      checks: [
        app.createRateLimit({
          max: limits.authPerAddress,
          timeWindow: TEN_MINUTES,
          keyGenerator: (request) => `auth-address:${request.ip}`,
        }),
        app.createRateLimit({
          max: limits.authPerAccount,
          timeWindow: TEN_MINUTES,
          // A request without an email is refused by validation; it counts against its address.
          keyGenerator: (request) =>
            `auth-account:${callOf(request)}:${emailOf(request) ?? request.ip}`,
        }),
      ],
      message: messages.tooManyAttempts,
    },
    orders: {
      checks: [
        app.createRateLimit({
          max: limits.ordersPerMinute,
          timeWindow: ONE_MINUTE,
          keyGenerator: (request) => `orders:${accountOf(request)}`,
        }),
      ],
      message: messages.tooManyRequests,
    },
    payments: {
      checks: [
        app.createRateLimit({
          max: limits.paymentsPerMinute,
          timeWindow: ONE_MINUTE,
          keyGenerator: (request) => `payments:${accountOf(request)}`,
        }),
      ],
      message: messages.tooManyRequests,
    },
    reviews: {
      checks: [
        app.createRateLimit({
          max: limits.reviewsPerHour,
          timeWindow: ONE_HOUR,
          keyGenerator: (request) => `reviews:${accountOf(request)}`,
        }),
      ],
      message: messages.tooManyReviews,
    },
  };

  app.addHook('preValidation', async (request, reply) => {
    const { limit: fixed, limitOf } = request.routeOptions.config;
    const name = limitOf?.(request)?.limit ?? fixed;
    if (!name) return;
    const limit = checks[name];
    // Every check counts the attempt; any one of them refuses it.
    const results = await Promise.all(limit.checks.map((check) => check(request)));
    const refused = results.find((result) => !result.isAllowed && result.isExceeded);
    if (refused) {
      reply.header('retry-after', String(refused.ttlInSeconds ?? 60));
      throw new AppError('rate_limited', limit.message);
    }
  });
}
