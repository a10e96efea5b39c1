import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './error-handler.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer in: brotli, else gzip, when the caller accepts it (q > 0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses the JSON the API answers (the files of the web app are compressed at build
 * time): a page's data is part of its load, and the product list shrinks to a third.
 */
async function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
    return payload;
  }
  if (reply.hasHeader('content-encoding')) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) {
    reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const compressed =
    encoding === 'br'
      ? // Quality 4: most of brotli's gain at a small part of its cost, for every request.
        await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : await gzipAsync(payload);
  reply.header('Content-Encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

/**
 * Serves the built web app: hashed assets are cached for a year, `index.html` never, and every
 * other GET that is not an API call gets `index.html` so client routes work on reload. Also
 * compresses the API's JSON answers.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string | undefined) {
  app.addHook('onSend', async (request, reply, payload) => compressJson(request, reply, payload));
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
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
