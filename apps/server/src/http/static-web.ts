import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './error-handler.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built web app: hashed assets are cached for a year, `index.html` never, and every
 * other GET that is not an API call gets `index.html` so client routes work on reload.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string | undefined) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // Brotli and gzip twins are chosen per browser; caches must key on it.
        res.setHeader('Vary', 'Accept-Encoding');
        const relative = path.relative(webDist, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
        } else if (relative === 'index.html') {
          res.setHeader('Cache-Control', 'no-cache');
        } else {
          res.setHeader('Cache-Control', 'public, max-age=86400');
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
