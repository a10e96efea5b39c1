import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed, WatchedTable } from '../db/change-feed.js';
import type { TrustProxyOption } from './client-address.js';
import { accessLineWriter, requestIdOf } from './hot-lists.js';
import { pickEncoding } from './static-web.js';

/**
 * The public pages as HTML (DESIGN.md section 15; docs/public-pages.md). The web app's server
 * build (apps/web/src/entry-server.tsx, built into `dist-ssr` beside the web build) draws a page
 * from the app's one route table, loaders and components; its API calls are answered by this
 * Fastify instance in process (`inject`), through every hook a browser's call goes through.
 */

/** What the web app's server build exports (apps/web/src/entry-server.tsx). */
export interface PageRenderer {
  kindOf(pathname: string): 'public' | 'private' | 'notFound' | 'browser';
  renderPage(
    url: string,
    options: {
      origin: string;
      api: (url: string, init: RequestInit) => Promise<Response>;
    },
  ): Promise<{ status: number; head: string; body: string; data: string; keep: boolean }>;
}

/** The server build of the web app beside its browser build, when it has been built. */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | undefined> {
  const entry = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

/** The tables a public page is drawn from: a write to either drops every kept page. */
const PAGE_TABLES: readonly WatchedTable[] = ['products', 'reviews'];

/**
 * How many pages are kept, and how many bytes they may take with their compressed copies. Only
 * a page's one spelling is kept (no search words, no unknown parameters: entry-server.tsx), so
 * the pages worth keeping are the catalog's: its pages, categories and products.
 */
export const MAX_KEPT_PAGES = 500;
export const MAX_KEPT_PAGE_BYTES = 32 * 1024 * 1024;

interface KeptPage {
  generations: number[];
  /** Name, value, ...: the answer's headers but its length, encoding and request id. */
  headers: string[];
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
}

/** Brotli at quality 5: most of 11's gain on HTML for a part of its time, once per kept page. */
const BROTLI_QUALITY = 5;

function compressed(page: KeptPage, encoding: 'br' | 'gzip'): Buffer {
  let body = page[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page.plain, {
            params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
          })
        : gzipSync(page.plain);
    page[encoding] = body;
    page.bytes += body.length;
  }
  return body;
}

/** The built index.html with the page's tags, markup and data put in (or only `extraHead`). */
export function pageHtml(
  template: string,
  page: { head: string; body: string; data: string },
): string {
  let html = template;
  if (page.head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (page.head.includes('name="description"')) {
    html = html.replace(/<meta\s+data-default\s+name="description"[^>]*>\s*/, '');
  }
  // Functions as replacements: a `$&` in a product's text is text, not a pattern.
  html = html.replace('</head>', () => `${page.head}</head>`);
  return html.replace(
    /<div id="root">[\s\S]*<\/div>(\s*)<\/body>/,
    () => `<div id="root">${page.body}</div>${page.data}\n  </body>`,
  );
}

export interface PublicPagesOptions {
  webDist: string;
  renderer: PageRenderer | undefined;
  feed: ChangeFeed;
  /** The shop's address (PUBLIC_URL): canonical addresses and Open Graph tags are written with it. */
  origin: string;
  trustProxy?: TrustProxyOption;
}

/**
 * Serves the pages outside /api: a public page drawn with its data (kept in memory until the
 * catalog or the reviews change on any instance), the not-found page with status 404, and the
 * browser-drawn pages (private ones with noindex) as the app's index.html.
 */
export function createPublicPages({
  webDist,
  renderer,
  feed,
  origin,
  trustProxy = false,
}: PublicPagesOptions) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const privateShell = template.replace(
    '</head>',
    '<meta name="robots" content="noindex" />\n  </head>',
  );
  const kept = new Map<string, KeptPage>();
  let keptBytes = 0;
  let logAccess: ReturnType<typeof accessLineWriter> | undefined;

  const generations = (): number[] | undefined => {
    const now: number[] = [];
    for (const table of PAGE_TABLES) {
      const generation = feed.generation(table);
      if (generation === undefined) return undefined;
      now.push(generation);
    }
    return now;
  };
  const isCurrent = (page: KeptPage): boolean => {
    const now = generations();
    return now !== undefined && now.every((generation, at) => generation === page.generations[at]);
  };

  function drop(key: string): void {
    const page = kept.get(key);
    if (!page) return;
    kept.delete(key);
    keptBytes -= page.bytes;
  }

  function keep(key: string, page: KeptPage): void {
    drop(key);
    if (page.bytes > MAX_KEPT_PAGE_BYTES / 4) return;
    if (kept.size >= MAX_KEPT_PAGES || keptBytes + page.bytes > MAX_KEPT_PAGE_BYTES) {
      for (const [old, other] of kept) if (!isCurrent(other)) drop(old);
    }
    // The oldest kept go first: a page asked for again is kept again.
    for (const old of kept.keys()) {
      if (kept.size < MAX_KEPT_PAGES && keptBytes + page.bytes <= MAX_KEPT_PAGE_BYTES) break;
      drop(old);
    }
    kept.set(key, page);
    keptBytes += page.bytes;
  }

  /** Answers an API call of the page being drawn through the whole app, as a browser's would. */
  const apiOf =
    (app: FastifyInstance) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
      }
      return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers,
      });
    };

  async function answer(
    app: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const pathname = request.url.split('?')[0] ?? '/';
    const kind = renderer?.kindOf(pathname) ?? 'browser';
    if (kind === 'private') return reply.send(privateShell);
    if (!renderer || (kind !== 'public' && kind !== 'notFound')) return reply.send(template);
    const seen = generations();
    let page: Awaited<ReturnType<PageRenderer['renderPage']>>;
    try {
      page = await renderer.renderPage(request.url, { origin, api: apiOf(app) });
    } catch (error) {
      // Never a 500 for a page: the browser draws it, as before issue 25.
      request.log.error({ err: error }, 'the page could not be drawn on the server');
      return reply.status(kind === 'notFound' ? 404 : 200).send(template);
    }
    const html = Buffer.from(pageHtml(template, page));
    if (page.keep && seen !== undefined && request.method === 'GET' && !request.headers.origin) {
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || name === 'x-request-id' || name === 'content-length') continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      headers.push('vary', 'accept-encoding');
      keep(request.url, { generations: seen, headers, plain: html, bytes: html.length });
    }
    return reply.status(page.status).send(html);
  }

  return {
    /** How many pages are kept and their bytes (for tests). */
    get size(): { pages: number; bytes: number } {
      return { pages: kept.size, bytes: keptBytes };
    },

    /**
     * Sends a kept page straight from the HTTP server, as the replayed lists are (hot-lists.ts):
     * the same bytes and headers Fastify sent, its access line, nothing else run. False when the
     * request must go through Fastify.
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' || req.url === undefined || req.headers.origin !== undefined) {
        return false;
      }
      const page = kept.get(req.url);
      if (!page || !isCurrent(page)) return false;
      const started = performance.now();
      const requestId = requestIdOf(req);
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const before = page.bytes;
      const body = encoding ? compressed(page, encoding) : page.plain;
      keptBytes += page.bytes - before;
      res.writeHead(200, [
        ...page.headers,
        ...(encoding ? ['content-encoding', encoding] : []),
        'content-length',
        String(body.length),
        'x-request-id',
        requestId,
      ]);
      res.end(body);
      logAccess?.(req, requestId, performance.now() - started);
      return true;
    },

    /** Answers a page address Fastify has no route for (see static-web.ts). */
    answer,

    register(app: FastifyInstance): void {
      logAccess = accessLineWriter(app.log, trustProxy);
    },
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;
