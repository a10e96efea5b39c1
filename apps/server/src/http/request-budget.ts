import type { IncomingMessage, ServerResponse } from 'node:http';
import { messages, type ApiError } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessTokenClaims } from '../auth/access-token.js';
import { identityCallOf, isRateLimitedIdentityCall } from '../auth/routes.js';
import { addressKey, clientOf, type TrustProxyOption } from './client-address.js';
import { requestIdOf } from './hot-lists.js';

/*
 * Every client gets its share of the shop, not the machine (finding 7): each request to /api
 * spends from its client's token bucket before Fastify sees it (no routing, body parsing, access
 * guard or database), and one over budget is answered 429 with Retry-After from the HTTP server
 * itself. A client is its address (as TRUST_PROXY resolves it, IPv6 by /64); a request with a
 * valid API token spends from its account's budget AND from its address's budget for signed-in
 * requests (`addressShares` client budgets), both must allow it: free accounts do not buy an
 * address more (finding 2 of 2026-11-28). The replayed public lists (http/hot-lists.ts) are
 * served before this and cost nothing; everything outside /api costs `file` at the door (a kept
 * page, a file, a redirect) and a page the server must draw `page` in all, the rest charged by
 * http/public-pages.ts when it draws. Counted per instance: the budget protects this instance's
 * CPU, and a Redis round trip per request would cost more than most of the requests it guards.
 */

/**
 * What a request costs, roughly in proportion to its CPU (a plain read, 0.5-1 ms, is 1). Measured
 * on the 2-core bench machine on 2026-11-28 (docs/performance.md): a plain read 0.5 ms, a kept
 * page 0.35 ms, `/sitemap.xml` 0.65 ms, the main script 0.95-1.05 ms, a drawn page 3.6-7.6 ms
 * (the home page the dearest), a not-found page 2.8 ms.
 */
export const REQUEST_COSTS = {
  /** Any other call: a read, a write, a 404. */
  plain: 1,
  /** A list with a search word (`q`): a full-text query, 2-4 times a read. */
  search: 5,
  /** Quick order's lookup: up to 200 SKUs in one indexed query, about a search's work. */
  lookup: 5,
  /** An invoice PDF: 8.4 ms to lay out when not kept (modules/invoices). */
  invoice: 10,
  /** An identity call that hashes a password or sends mail (sign-in, sign-up, reset...). */
  identity: 10,
  /**
   * Anything outside /api, at the door: a kept page, a file of the web app, `/sitemap.xml`, a
   * redirect to a page's one spelling (finding 10 of 2026-11-28: they cost nothing before).
   */
  file: 1,
  /**
   * A page the server draws (issue 25, http/public-pages.ts), in all: its API calls, in process,
   * and React's drawing, 7.5 ms for the home page, 15 plain reads (finding 2 of 2026-11-28: it
   * cost 3). `file` is spent at the door, the rest when the page is drawn.
   */
  page: 15,
} as const;

/**
 * A download whose size is known only once routed (a quote's artwork: security 2026-11-28 #3)
 * costs one unit more per this many bytes, spent by its route (`spendMore`) before the bytes
 * are read: a 5 MB file is 52 units, so one account sends about 2 MB a second, not 100.
 */
export const BYTES_PER_UNIT = 100 * 1024;

/** The signed-in requests of one address share this many client budgets by default. */
export const DEFAULT_ADDRESS_SHARES = 4;

/** Budgets kept at most; full ones go first, then the oldest. */
export const MAX_BUDGETS = 100_000;

/**
 * The longest a refusal is held before it is sent (the wait until the client could afford the
 * request, at most this). A client flooding on keep-alive connections then sends about one
 * request per connection per second instead of thousands, so refusing costs next to nothing.
 */
export const MAX_HOLD_MS = 1000;
/** Refusals held at once at most; past this they are sent at once. */
export const MAX_HELD = 1024;

const LOG_EVERY_MS = 10_000;
const LOOKUP_PATH = /^\/api\/products\/lookup(?:[?/#]|$)/;
const INVOICE_PATH = /^\/api\/orders\/[^/?]+\/invoice(?:\?|$)/;

/** The cost of a request to the API, from its method and address alone (no routing yet). */
export function costOf(method: string | undefined, url: string): number {
  if (method === 'POST' && url.startsWith('/api/auth/')) {
    try {
      if (isRateLimitedIdentityCall('POST', identityCallOf(url))) return REQUEST_COSTS.identity;
    } catch {
      // An address the URL parser refuses: the route answers 400, for the plain cost.
    }
    return REQUEST_COSTS.plain;
  }
  if (method === 'POST' && LOOKUP_PATH.test(url)) return REQUEST_COSTS.lookup;
  if (method !== 'GET') return REQUEST_COSTS.plain;
  if (INVOICE_PATH.test(url)) return REQUEST_COSTS.invoice;
  const query = url.indexOf('?');
  if (query >= 0 && url.includes('q=', query)) {
    const words = new URLSearchParams(url.slice(query + 1)).get('q');
    if (words && words.trim() !== '') return REQUEST_COSTS.search;
  }
  return REQUEST_COSTS.plain;
}

/** Whether a request is one the budget counts: anything under /api, however spelled. */
function isApiRequest(url: string): boolean {
  // An absolute-form target (`GET http://host/api/...`) is counted too, never let through.
  return url.startsWith('/api') || !url.startsWith('/');
}

export interface RequestBudgetOptions {
  /** Units refilled per second, and at most held (REQUEST_BUDGET_PER_SECOND, _BURST). */
  perSecond: number;
  burst: number;
  /**
   * How many client budgets the signed-in requests of one address share
   * (REQUEST_BUDGET_ADDRESS_SHARES): an office behind one address may have several buyers busy.
   */
  addressShares?: number;
  trustProxy: TrustProxyOption;
  /** The synchronous check of an API token (auth/access-token.ts). */
  claimsOf: (token: string) => AccessTokenClaims | undefined;
  /** The security headers every answer carries (http/security-headers.ts). */
  headers: Record<string, string>;
  /** CORS_ORIGINS: a refusal to one of them carries its CORS headers, so its page can read it. */
  corsOrigins?: readonly string[];
  log: FastifyBaseLogger;
  /** The longest a refusal is held (MAX_HOLD_MS); tests may set 0. */
  maxHoldMs?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
  /** Its size in client budgets: 1, or `addressShares` for an address's signed-in requests. */
  scale: number;
}

/** A budget a request spends from, and its size in client budgets. */
interface Spender {
  key: string;
  scale: number;
}

export function createRequestBudget({
  perSecond,
  burst,
  addressShares = DEFAULT_ADDRESS_SHARES,
  trustProxy,
  claimsOf,
  headers,
  corsOrigins = [],
  log,
  maxHoldMs = MAX_HOLD_MS,
  now = () => performance.now(),
}: RequestBudgetOptions) {
  const buckets = new Map<string, Bucket>();
  const client = clientOf(trustProxy);
  const perMs = perSecond / 1000;
  let held = 0;
  let refusedSinceLog = 0;
  let lastLogged = -Infinity;
  const fixedHeaders = Object.entries({
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  }).flat();
  const body = Buffer.from(
    JSON.stringify({
      error: { code: 'rate_limited', message: messages.requestBudgetExceeded },
    } satisfies ApiError),
  );

  /**
   * The budgets a request spends from: its address's; with a valid token its account's and its
   * address's budget for signed-in requests (a forged or expired token counts as none).
   */
  function spendersOf(req: IncomingMessage): Spender[] {
    const address = addressKey(client(req).address);
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      let claims: AccessTokenClaims | undefined;
      try {
        claims = claimsOf(header.slice('Bearer '.length).trim());
      } catch {
        claims = undefined;
      }
      if (claims) {
        return [
          { key: `account:${claims.userId}`, scale: 1 },
          { key: `signed-in:${address}`, scale: addressShares },
        ];
      }
    }
    return [{ key: `address:${address}`, scale: 1 }];
  }

  function makeRoom(at: number): void {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (at - bucket.at) * perMs * bucket.scale >= burst * bucket.scale) {
        buckets.delete(key);
      }
    }
    while (buckets.size >= MAX_BUDGETS) {
      const oldest = buckets.keys().next();
      if (oldest.done) break;
      buckets.delete(oldest.value);
    }
  }

  /** The spender's bucket, refilled to now. */
  function bucketOf({ key, scale }: Spender, at: number): Bucket {
    let bucket = buckets.get(key);
    if (!bucket) {
      if (buckets.size >= MAX_BUDGETS) makeRoom(at);
      bucket = { tokens: burst * scale, at, scale };
      buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(burst * scale, bucket.tokens + (at - bucket.at) * perMs * scale);
      bucket.at = at;
    }
    return bucket;
  }

  /**
   * Spends `cost` from every one of the request's budgets, or from none: 0 when all of them
   * admit it, else the ms until the slowest could.
   */
  function spend(spenders: Spender[], cost: number): number {
    const at = now();
    const chosen = spenders.map((spender) => bucketOf(spender, at));
    let waitMs = 0;
    for (const bucket of chosen) {
      if (bucket.tokens < cost) {
        waitMs = Math.max(waitMs, Math.ceil((cost - bucket.tokens) / (perMs * bucket.scale)));
      }
    }
    if (waitMs > 0) return waitMs;
    for (const bucket of chosen) bucket.tokens -= cost;
    return 0;
  }

  function send(req: IncomingMessage, res: ServerResponse, waitMs: number): void {
    if (res.destroyed || res.headersSent) return;
    const origin = req.headers.origin;
    const cors =
      origin !== undefined && corsOrigins.includes(origin)
        ? [
            'access-control-allow-origin',
            origin,
            'access-control-allow-credentials',
            'true',
            'access-control-expose-headers',
            'retry-after',
            'vary',
            'Origin',
          ]
        : [];
    res.writeHead(429, [
      ...fixedHeaders,
      ...cors,
      'retry-after',
      String(Math.max(1, Math.ceil(waitMs / 1000))),
      'content-length',
      String(body.length),
      'x-request-id',
      requestIdOf(req),
    ]);
    res.end(body);
  }

  function noteRefusal(key: string): void {
    refusedSinceLog += 1;
    const at = now();
    if (at - lastLogged < LOG_EVERY_MS) return;
    log.warn(
      { client: key, refused: refusedSinceLog },
      'request budget exceeded: answering 429 before any work',
    );
    lastLogged = at;
    refusedSinceLog = 0;
  }

  /**
   * Spends `cost` more for a request already admitted: 0 when its budgets allow it, else the ms
   * until they would (nothing spent; the caller answers 429).
   */
  function charge(req: IncomingMessage, cost: number): number {
    const spenders = spendersOf(req);
    const waitMs = spend(spenders, cost);
    if (waitMs > 0) noteRefusal(spenders.map(({ key }) => key).join(' '));
    return waitMs;
  }

  return {
    /**
     * Spends `cost` more, for a cost its route learns (a download by its size,
     * `BYTES_PER_UNIT`); at most the burst, so any one request stays affordable.
     */
    spendMore: (req: IncomingMessage, cost: number): number => charge(req, Math.min(cost, burst)),

    /** How many clients have a budget (for tests). */
    get size(): number {
      return buckets.size;
    },

    /** Spends `cost` more for a page the server is about to draw (see `charge`). */
    charge,

    /**
     * Spends the request's cost; when the client cannot afford it, answers 429 (after holding
     * it up to `maxHoldMs`) and returns true: the request must go no further.
     */
    refuse(req: IncomingMessage, res: ServerResponse): boolean {
      const url = req.url ?? '/';
      const cost = isApiRequest(url) ? costOf(req.method, url) : REQUEST_COSTS.file;
      const spenders = spendersOf(req);
      const waitMs = spend(spenders, cost);
      if (waitMs === 0) return false;
      noteRefusal(spenders.map(({ key }) => key).join(' '));
      const hold = Math.min(waitMs, maxHoldMs);
      if (hold <= 0 || held >= MAX_HELD) {
        send(req, res, waitMs);
        return true;
      }
      held += 1;
      setTimeout(() => {
        held -= 1;
        send(req, res, waitMs - hold);
      }, hold).unref();
      return true;
    },
  };
}

export type RequestBudget = ReturnType<typeof createRequestBudget>;
