import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, onSendHookHandler } from 'fastify';
import pino from 'pino';
import type { ChangeFeed, WatchedTable } from '../db/change-feed.js';
import { clientOf, type TrustProxyOption } from './client-address.js';
import { pickEncoding } from './static-web.js';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** A caller's request id (a proxy's) when it is sane, so log lines can be joined; else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * How many answers (address, encoding and origin) are kept. Anyone can invent addresses
 * (`/api/products?limit=6&junk=1`…): past this, answers of an older generation go first, then
 * the oldest kept, so what the home page asks for is kept again on its next visit.
 */
export const MAX_HOT_ENTRIES = 64;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table a public GET list is read from: its 200 answers may be replayed until it changes. */
    hotList?: WatchedTable;
  }
  interface FastifyRequest {
    /** The generation of the table the answer was read at, when it may be replayed. */
    hotListGeneration?: number;
  }
}

/**
 * One answer per address, per encoding the caller accepts (plain, gzip, brotli) and per Origin:
 * with CORS_ORIGINS set, an answer carries the CORS headers of the origin that asked (or none),
 * so it may only be replayed to that same origin. Same-origin page loads send no Origin.
 */
const keyOf = (req: IncomingMessage, url: string) =>
  // A newline cannot occur in a header value: no origin can pass for another key.
  `${pickEncoding(req.headers['accept-encoding']) ?? 'identity'}\n${req.headers.origin ?? ''}\n${url}`;

interface Entry {
  table: WatchedTable;
  generation: number;
  /** Name, value, name, value...: the form Node writes without building an object. */
  headers: string[];
  body: Buffer;
}

/** Where a logger writes, and the bindings (`,"pid":…,"hostname":…`) it puts in each line. */
interface PinoInternals {
  [pino.symbols.streamSym]: { write(line: string): unknown };
  [pino.symbols.chindingsSym]: string;
}

/**
 * The access line of a replayed answer, written straight to the logger's stream: the same line,
 * field for field and in the same order, as pino writes for Fastify's own "request completed"
 * (AccessLog in app.ts, with Fastify's req and res serializers), without building and walking
 * the objects pino serializes. Only values a client chose (url, host) need escaping: the request id is one
 * `requestIdOf` accepted or made, the address one the socket has.
 */
export function accessLineWriter(log: FastifyBaseLogger, trustProxy: TrustProxyOption = false) {
  const client = clientOf(trustProxy);
  // pino keeps both behind its exported symbols; FastifyBaseLogger does not declare them.
  const internals = log as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym];
  const bindings = internals[pino.symbols.chindingsSym];
  const info = pino.levels.values.info ?? 30;
  return (req: IncomingMessage, requestId: string, responseTime: number): void => {
    if ((pino.levels.values[log.level] ?? Infinity) > info) return;
    const { host, address } = client(req);
    const port = req.socket.remotePort;
    stream.write(
      `{"level":${info},"time":${Date.now()}${bindings},"reqId":"${requestId}",` +
        `"req":{"method":"GET","url":${JSON.stringify(req.url)}` +
        (host === undefined ? '' : `,"host":${JSON.stringify(host)}`) +
        (address === undefined ? '' : `,"remoteAddress":"${address}"`) +
        (port === undefined ? '' : `,"remotePort":${port}`) +
        `},"res":{"statusCode":200},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  };
}

/**
 * The home page asks for the same two public lists on every visit. Once Fastify has answered
 * one (after every hook: security headers, access rules, the route's own checks), its exact
 * answer is replayed straight from the HTTP server for that same address, skipping the
 * framework, until the table changes on any instance (see ChangeFeed). Only GETs of routes
 * marked `config.hotList`, answered 200 from a current read, are kept.
 */
export function createHotLists(feed: ChangeFeed, trustProxy: TrustProxyOption = false) {
  const entries = new Map<string, Entry>();
  let logAccess: ReturnType<typeof accessLineWriter> | undefined;

  function keep(key: string, entry: Entry): void {
    entries.delete(key);
    if (entries.size >= MAX_HOT_ENTRIES) {
      for (const [old, kept] of entries) {
        if (feed.generation(kept.table) !== kept.generation) entries.delete(old);
      }
      const oldest = entries.keys().next();
      if (entries.size >= MAX_HOT_ENTRIES && !oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, entry);
  }

  return {
    /** How many answers are kept (for tests). */
    get size(): number {
      return entries.size;
    },

    /** Serves a kept answer; false when the request must go through Fastify. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' || req.url === undefined) return false;
      const entry = entries.get(keyOf(req, req.url));
      if (!entry || feed.generation(entry.table) !== entry.generation) return false;
      const started = performance.now();
      const requestId = requestIdOf(req);
      res.writeHead(200, [...entry.headers, 'x-request-id', requestId]);
      res.end(entry.body);
      logAccess?.(req, requestId, performance.now() - started);
      return true;
    },

    /**
     * Keeps the answers of `hotList` routes as Fastify sends them. Registered right after
     * compression and before any route: each hot route gets this onSend after the plugin's own
     * (route hooks run after the application's, in the order they were added), so what is kept
     * is what was sent, compressed.
     */
    register(app: FastifyInstance): void {
      logAccess = accessLineWriter(app.log, trustProxy);
      const keepAnswer: onSendHookHandler = async (request, reply, payload) => {
        const table = request.routeOptions.config.hotList;
        const generation = request.hotListGeneration;
        if (!table || generation === undefined || reply.statusCode !== 200) return payload;
        if (request.method !== 'GET') return payload;
        if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
        const key = keyOf(request.raw, request.url);
        const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
        const headers = ['content-length', String(body.length)];
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value === undefined || name === 'x-request-id' || name === 'content-length') continue;
          for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
        }
        keep(key, { table, generation, headers, body });
        return payload;
      };
      app.addHook('onRoute', (route) => {
        if (!route.config?.hotList) return;
        const own = route.onSend;
        route.onSend = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), keepAnswer];
      });
    },
  };
}

export type HotLists = ReturnType<typeof createHotLists>;
