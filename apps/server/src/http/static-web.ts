import path from 'node:path';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './error-handler.js';
import type { PublicPages } from './public-pages.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;
/**
 * Answers up to this size are compressed in one call, bigger ones as a stream. The plugin's
 * default on two cores is 8 KB, which sent the 10 KB product list through a stream: 250-300 µs
 * more CPU per answer than one call, measured; a stream also could not be kept as a hot list.
 */
const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;
/** What answers are compressed in, best first. */
const ENCODINGS = ['br', 'gzip'] as const;

/**
 * The encoding an answer is sent in for this Accept-Encoding, as @fastify/compress negotiates it
 * (the same negotiator, after the same rewriting of `*` and `x-gzip` to gzip): the replayed
 * lists (hot-lists.ts) keep one answer per encoding and must pick the one the plugin would.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (acceptEncoding === undefined) return undefined;
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  return (negotiate(header, [...ENCODINGS]) ?? undefined) as 'br' | 'gzip' | undefined;
}

/**
 * Compresses the API's answers (the files of the web app are compressed at build time, and
 * @fastify/static sends those twins): a page's data is part of its load, and the product list
 * shrinks to a third. Registered before any route, since the plugin hooks each route as it is
 * declared. Brotli at quality 4 (the plugin's default): most of its gain at a small part of its
 * cost, for every request.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
  });
}

/**
 * Serves the built web app: hashed assets are cached for a year, `index.html` never, and every
 * other GET that is not an API call is a page (public-pages.ts): the public ones drawn by the
 * server, an unknown address the not-found page with 404, the others `index.html` so client
 * routes work on reload.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  pages?: PublicPages,
) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // With `preCompressed` the plugin itself adds `Vary: accept-encoding` (the brotli and
      // gzip twins are chosen per browser), so only the caching policy is ours.
      setHeaders(reply, filePath) {
        const relative = path.relative(webDist, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
        } else if (relative === 'index.html') {
          reply.header('Cache-Control', 'no-cache');
        } else {
          reply.header('Cache-Control', 'public, max-age=86400');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (!isPage || !webDist) return sendApiNotFound(request, reply);
    // A path with a file extension that is not on disk is a missing file, not a client route.
    if (path.extname(request.url.split('?')[0] ?? '') !== '')
      return sendApiNotFound(request, reply);
    if (pages) return pages.answer(app, request, reply);
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
