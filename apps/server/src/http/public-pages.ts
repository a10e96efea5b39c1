import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed, WatchedTable } from '../db/change-feed.js';
import type { TrustProxyOption } from './client-address.js';
import { accessLineWriter, requestIdOf } from './hot-lists.js';
import { MAX_HOLD_MS } from './request-budget.js';
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
  /**
   * Where an address is served and its page's one spelling (path and the query the page reads):
   * any other spelling is redirected there.
   */
  spellingOf(url: string): { kind: 'public' | 'private' | 'notFound' | 'browser'; url: string };
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
 * a page's one spelling is kept (no search words, and any other spelling is redirected to it:
 * entry-server.tsx `spellingOf`), so the pages worth keeping are the catalog's: its pages,
 * categories and products.
 */
export const MAX_KEPT_PAGES = 500;
export const MAX_KEPT_PAGE_BYTES = 32 * 1024 * 1024;

/** Pages drawn at once, and drawings waiting for a turn, by default (PAGE_RENDERS_*). */
export const DEFAULT_RENDERS_AT_ONCE = 2;
export const DEFAULT_RENDER_QUEUE = 8;

/** Headers of a drawn answer that are not the page's: never kept (pages carry no CORS headers). */
const NOT_KEPT_HEADER = /^(?:x-request-id|content-length|vary|access-control-.*)$/u;

interface Drawn {
  status: number;
  html: Buffer;
}

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

function encode(html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(html);
}

function compressed(page: KeptPage, encoding: 'br' | 'gzip'): Buffer {
  let body = page[encoding];
  if (!body) {
    body = encode(page.plain, encoding);
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
  // What follows the root (the menu without JavaScript, a <noscript>) stays after it.
  return html.replace(
    /<div id="root">[\s\S]*<\/div>\s*(<noscript>[\s\S]*<\/noscript>\s*)?<\/body>/,
    (_all, after: string | undefined) =>
      `<div id="root">${page.body}</div>${page.data}\n${after ?? ''}</body>`,
  );
}

export interface PublicPagesOptions {
  webDist: string;
  renderer: PageRenderer | undefined;
  feed: ChangeFeed;
  /** The shop's address (PUBLIC_URL): canonical addresses and Open Graph tags are written with it. */
  origin: string;
  trustProxy?: TrustProxyOption;
  /** Pages drawn at once (PAGE_RENDERS_AT_ONCE); more wait for a turn. */
  rendersAtOnce?: number;
  /** Drawings that may wait for a turn (PAGE_RENDER_QUEUE); past them 503 + Retry-After. */
  renderQueue?: number;
  /**
   * Spends what drawing a page costs from the request's budgets (http/request-budget.ts
   * `charge`): 0 when they allow it, else the ms until they would.
   */
  chargeDrawing?: (req: IncomingMessage) => number;
  /** How a refused drawing is held before its 429 is sent; tests skip the wait. */
  hold?: (ms: number) => Promise<unknown>;
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
  rendersAtOnce = DEFAULT_RENDERS_AT_ONCE,
  renderQueue = DEFAULT_RENDER_QUEUE,
  chargeDrawing = () => 0,
  hold = (ms) => sleep(ms, undefined, { ref: false }),
}: PublicPagesOptions) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const privateShell = template.replace(
    '</head>',
    '<meta name="robots" content="noindex" />\n  </head>',
  );
  const kept = new Map<string, KeptPage>();
  let keptBytes = 0;
  let logAccess: ReturnType<typeof accessLineWriter> | undefined;
  /** Drawings under way by address: a second request for one waits for the first's page. */
  const drawing = new Map<string, Promise<Drawn | 'busy' | undefined>>();
  let drawingNow = 0;
  const turns: (() => void)[] = [];
  let drawings = 0;

  /** A turn to draw: at once, after the ones before it, or false when too many wait. */
  async function turn(): Promise<boolean> {
    if (drawingNow < rendersAtOnce) {
      drawingNow += 1;
      return true;
    }
    if (turns.length >= renderQueue) return false;
    await new Promise<void>((resolve) => turns.push(resolve));
    return true;
  }
  function endTurn(): void {
    const next = turns.shift();
    if (next) next();
    else drawingNow -= 1;
  }

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

  /** The page's own headers of a drawn answer, for sending it again from memory. */
  function keptHeaders(reply: FastifyReply): string[] {
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || NOT_KEPT_HEADER.test(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    headers.push('vary', 'accept-encoding');
    return headers;
  }

  /** Draws the page at `url` (its one spelling), keeping it when it may be kept. */
  async function draw(
    app: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    drawer: PageRenderer,
  ): Promise<Drawn | undefined> {
    const seen = generations();
    let page: Awaited<ReturnType<PageRenderer['renderPage']>>;
    drawings += 1;
    try {
      page = await drawer.renderPage(url, { origin, api: apiOf(app) });
    } catch (error) {
      // Never a 500 for a page: the browser draws it, as before issue 25.
      request.log.error({ err: error }, 'the page could not be drawn on the server');
      return undefined;
    }
    const html = Buffer.from(pageHtml(template, page));
    if (page.keep && seen !== undefined) {
      keep(url, {
        generations: seen,
        headers: keptHeaders(reply),
        plain: html,
        bytes: html.length,
      });
    }
    return { status: page.status, html };
  }

  /**
   * The shell the browser draws a page in, with a status saying to come back later. A 429 is
   * held until the client could afford the drawing (at most MAX_HOLD_MS), as the budget holds
   * its own refusals: a flood on keep-alive connections then sends about one request per
   * connection a second (3,600 refusals a second otherwise, measured).
   */
  async function later(
    reply: FastifyReply,
    status: 429 | 503,
    waitMs: number,
  ): Promise<FastifyReply> {
    if (status === 429) await hold(Math.min(waitMs, MAX_HOLD_MS));
    return reply
      .status(status)
      .header('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))))
      .send(template);
  }

  async function answer(
    app: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!renderer) return reply.send(template);
    const { kind, url } = renderer.spellingOf(request.url);
    if (url !== request.url) {
      // Another spelling of the page (finding 9 of 2026-11-28): one redirect, never a drawing.
      // `url` is a path on this shop (entry-server.tsx), never `//host`.
      return reply.status(301).header('Location', url).type('text/plain; charset=utf-8').send();
    }
    if (kind === 'private') return reply.send(privateShell);
    if (kind !== 'public' && kind !== 'notFound') return reply.send(template);
    const fallback = kind === 'notFound' ? 404 : 200;
    const keptPage = kept.get(url);
    if (keptPage && isCurrent(keptPage)) {
      // A HEAD, or a GET that came in while the page was being kept.
      return sendPage(request, reply, 200, keptPage.plain, keptPage);
    }
    let pending = drawing.get(url);
    if (!pending) {
      const waitMs = chargeDrawing(request.raw);
      if (waitMs > 0) return later(reply, 429, waitMs);
      pending = (async () => {
        if (!(await turn())) return 'busy' as const;
        try {
          return await draw(app, request, reply, url, renderer);
        } finally {
          endTurn();
        }
      })().finally(() => drawing.delete(url));
      drawing.set(url, pending);
    }
    const drawn = await pending;
    if (drawn === 'busy') return later(reply, 503, 1000);
    if (!drawn) return reply.status(fallback).send(template);
    const keptNow = kept.get(url);
    return sendPage(
      request,
      reply,
      drawn.status,
      drawn.html,
      keptNow?.plain === drawn.html ? keptNow : undefined,
    );
  }

  /**
   * A drawn page in the encoding the browser accepts, as `serve` sends a kept one: this handler
   * answers addresses Fastify has no route for, which @fastify/compress does not see. The first
   * visit of a page was sent whole, 43 KB for the home page where brotli makes it 8 KB (its first
   * paint on Lighthouse's slow 4G waited for the difference).
   */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    html: Buffer,
    page: KeptPage | undefined,
  ): FastifyReply {
    reply.status(status).header('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return reply.send(html);
    let body: Buffer;
    if (page) {
      const before = page.bytes;
      body = compressed(page, encoding);
      keptBytes += page.bytes - before;
    } else {
      body = encode(html, encoding);
    }
    return reply.header('Content-Encoding', encoding).send(body);
  }

  return {
    /** How many pages are kept and their bytes (for tests). */
    get size(): { pages: number; bytes: number } {
      return { pages: kept.size, bytes: keptBytes };
    },

    /** How many pages were drawn, and are being drawn or waiting now (for tests). */
    get drawings(): { total: number; now: number; waiting: number } {
      return { total: drawings, now: drawingNow, waiting: turns.length };
    },

    /**
     * Sends a kept page straight from the HTTP server, as the replayed lists are (hot-lists.ts):
     * the same bytes and headers Fastify sent, its access line, nothing else run. False when the
     * request must go through Fastify.
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      // An `Origin` header changes nothing: pages carry no CORS headers (finding 2 of 2026-11-28).
      if (req.method !== 'GET' || req.url === undefined) return false;
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
