import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  idempotencyMessages,
} from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import type { Database } from '../db/schema.js';
import { AppError } from './app-error.js';
import {
  createIdempotencyRepository,
  type IdempotencyRepository,
  type KeyClaim,
} from './idempotency.repository.js';

/*
 * `Idempotency-Key` (issue 12). A POST route opts in with `config: { idempotent: true }`; it must
 * be for signed-in users, since keys are per user. The route then takes the header (declared in
 * its schema, so it is validated and documented) and:
 * - the first request with a key claims it (one row, unique on user and key) and does the work;
 *   its answer is stored when it is a 2xx or 4xx, and the key let go on a 5xx, so a retry can
 *   succeed. Requests that fail validation never reach the claim: they did nothing;
 * - the same key and body again within 24 hours: the stored answer, same status and body, with
 *   `Idempotent-Replayed: true`;
 * - the same key with another body (or route): 422 `idempotency_key_reused`;
 * - while the first is still in flight, a duplicate waits for its answer and replays it; after
 *   IN_FLIGHT_WAIT_MS it gets 409 `idempotency_key_in_flight` with Retry-After.
 * Without the header the route behaves as it always did.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours the `Idempotency-Key` header (http/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is stored. */
    idempotencyClaim: KeyClaim | null;
  }
  interface FastifyInstance {
    /** Deletes expired keys; runs on a timer, and on demand in tests. */
    idempotencyKeys: IdempotencyKeyCleanup;
  }
}

/** How long a duplicate waits for the first request's answer before it is told to retry. */
export const IN_FLIGHT_WAIT_MS = 5_000;
/** A claim this old without an answer was left by an instance that stopped: it is taken over. */
export const ABANDONED_CLAIM_MS = 60_000;
/** How often each instance deletes expired keys. */
export const CLEANUP_INTERVAL_MS = 10 * 60_000;

export interface IdempotencyKeyCleanup {
  /** One pass now (tests give a `now` in the future); answers how many keys it deleted. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface IdempotencyOptions {
  db: Kysely<Database>;
  /** The clock keys are dated and expired by; tests move it forward. */
  now?: () => Date;
  /** IN_FLIGHT_WAIT_MS unless given. */
  inFlightWaitMs?: number;
  /** Told each time a duplicate finds its key in flight and waits (tests wait for it). */
  onInFlight?: () => void;
}

/** JSON with every object's keys sorted, so the same body hashes the same however it is spelled. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) => {
      if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
      return Object.fromEntries(
        Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }) ?? ''
  );
}

/** How far apart two instances' clocks may be when a route looks for its own earlier work. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The request's claimed key as the route keeps it with its work (an order's `idempotency_key`):
 * `tag` names the key and what it was used for, `since` is when its life began (less the clocks'
 * skew). A route that finds work of its own with that tag made since then answers it instead of
 * doing it again: so even an answer lost after the work was committed (an instance that
 * stopped, a database that failed between the two) never makes the work happen twice.
 */
export function idempotencyTag(
  request: FastifyRequest,
): { tag: string; since: string } | undefined {
  const claim = request.idempotencyClaim;
  if (!claim) return undefined;
  return {
    tag: `${claim.key}\n${claim.requestHash}`,
    since: new Date(Date.parse(claim.since) - CLOCK_SKEW_MS).toISOString(),
  };
}

/** What a key is bound to: the method, the route and the body as validation left it. */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(canonicalJson(request.body))
    .digest('hex');
}

function replay(reply: FastifyReply, statusCode: number, body: string): FastifyReply {
  return reply
    .status(statusCode)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Adds the header to the route's header schema, so it is validated and documented. */
function declareHeader(route: RouteOptions): void {
  const access = route.config?.access;
  if (access !== 'user' && access !== 'admin') {
    throw new Error(
      `${String(route.method)} ${route.url} takes Idempotency-Key, so it must be for signed-in users`,
    );
  }
  const schema = route.schema ?? {};
  const own: unknown = schema.headers;
  if (own !== undefined && !(own instanceof z.ZodObject)) {
    throw new Error(
      `${String(route.method)} ${route.url}: its headers schema must be a zod object`,
    );
  }
  route.schema = {
    ...schema,
    headers: own ? own.extend(idempotencyHeadersSchema.shape) : idempotencyHeadersSchema,
  };
}

function createCleanup(
  repository: IdempotencyRepository,
  now: () => Date,
  app: FastifyInstance,
): IdempotencyKeyCleanup {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  const runOnce = (at: Date = now()) => repository.deleteExpired(at);
  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runOnce()
          .catch((error: unknown) => {
            // The database may be away for a moment; the next pass tries again.
            app.log.warn({ err: error }, 'deleting expired idempotency keys failed');
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, CLEANUP_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/**
 * Registers the `config.idempotent` route option. Its hooks must come before any other onSend
 * hook that changes the payload (compression), so the stored answer is the plain JSON.
 */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const repository = createIdempotencyRepository(options.db);
  const now = options.now ?? (() => new Date());
  const waitMs = options.inFlightWaitMs ?? IN_FLIGHT_WAIT_MS;
  const cleanup = createCleanup(repository, now, app);
  app.decorate('idempotencyKeys', cleanup);
  app.addHook('onReady', async () => cleanup.start());
  app.addHook('onClose', async () => cleanup.stop());

  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent) declareHeader(route);
  });

  // After validation: a request refused as invalid did nothing, so it claims no key.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') return;
    const input = {
      userId: currentUser(request).id,
      key,
      requestHash: requestHash(request),
      ttlMs: IDEMPOTENCY_KEY_TTL_MS,
      abandonedAfterMs: ABANDONED_CLAIM_MS,
    };
    const deadline = performance.now() + waitMs;
    let pause = 20;
    for (;;) {
      const result = await repository.claim({ ...input, now: now() });
      if (result.kind === 'claimed') {
        request.idempotencyClaim = result.claim;
        return;
      }
      if (result.kind === 'answered') return replay(reply, result.statusCode, result.body);
      if (result.kind === 'other-request') {
        throw new AppError('idempotency_key_reused', idempotencyMessages.keyReused);
      }
      if (performance.now() >= deadline) {
        reply.header('retry-after', '1');
        throw new AppError('idempotency_key_in_flight', idempotencyMessages.keyInFlight);
      }
      // The first request usually answers within milliseconds: wait for it and replay.
      options.onInFlight?.();
      await sleep(pause);
      pause = Math.min(pause * 2, 200);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (reply.statusCode >= 500 || body === null) {
        // Nothing was done (or nothing we can replay): a retry must be able to succeed.
        await repository.release(claim);
      } else if (!(await repository.answer(claim, reply.statusCode, body))) {
        request.log.warn({ key: claim.key }, 'an idempotency key was taken over before its answer');
      }
    } catch (error) {
      request.log.error({ err: error }, 'the answer of an idempotent request was not stored');
      await repository.release(claim).catch(() => undefined);
    }
    return payload;
  });
}
