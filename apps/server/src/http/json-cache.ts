import { TOTAL_COUNT_HEADER } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed, WatchedTable } from '../db/change-feed.js';

/**
 * How many answers (one per key: `all`, `6`, `100:3`…) are kept per list. Keys come from the
 * query string, so a caller could invent many: past this, the least recently used goes.
 */
export const MAX_CACHED_KEYS = 128;

interface Entry {
  generation: number;
  json: string;
  /** A paged list's total, for the X-Total-Count header. */
  total?: number;
}

/**
 * Public lists served from memory as ready JSON, valid until the table changes (on this
 * instance or another: see ChangeFeed). A read that overlapped a change is not kept.
 */
export function createJsonCache(feed: ChangeFeed, table: WatchedTable) {
  const entries = new Map<string, Entry>();

  function keep(key: string, entry: Entry): void {
    entries.delete(key);
    if (entries.size >= MAX_CACHED_KEYS) {
      // Answers of an older generation are useless; otherwise the least recently used goes.
      for (const [old, { generation }] of entries) {
        if (generation !== entry.generation) entries.delete(old);
      }
      const oldest = entries.keys().next();
      if (entries.size >= MAX_CACHED_KEYS && !oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, entry);
  }

  async function read(
    key: string,
    load: () => Promise<{ body: unknown; total?: number }>,
  ): Promise<{ entry: Entry; current: boolean }> {
    const generation = feed.generation(table);
    const hit = entries.get(key);
    if (generation !== undefined && hit?.generation === generation) {
      // Most recently used last: a Map keeps insertion order.
      entries.delete(key);
      entries.set(key, hit);
      return { entry: hit, current: true };
    }
    const loaded = await load();
    const entry: Entry = { generation: generation ?? -1, json: JSON.stringify(loaded.body) };
    if (loaded.total !== undefined) entry.total = loaded.total;
    if (generation !== undefined && feed.generation(table) === generation) {
      keep(key, entry);
      return { entry, current: true };
    }
    return { entry, current: false };
  }

  return {
    /** The JSON, and the generation it is current at (undefined when it may be stale). */
    async get(
      key: string,
      load: () => Promise<unknown>,
    ): Promise<{ json: string; generation: number | undefined }> {
      const { entry, current } = await read(key, async () => ({ body: await load() }));
      return { json: entry.json, generation: current ? entry.generation : undefined };
    },

    /** How many answers are kept (for tests). */
    get size(): number {
      return entries.size;
    },

    /**
     * Answers a `hotList` route from the cache, so the HTTP server may replay the answer: a list
     * (or one page of a longer one) with its total in `X-Total-Count`.
     */
    async sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      load: () => Promise<{ items: unknown[]; total: number }>,
    ): Promise<FastifyReply> {
      const { entry, current } = await read(key, async () => {
        const { items, total } = await load();
        return { body: items, total };
      });
      request.hotListGeneration = current ? entry.generation : undefined;
      reply.header(TOTAL_COUNT_HEADER, String(entry.total ?? 0));
      return sendJson(reply, entry.json);
    },
  };
}

export type JsonCache = ReturnType<typeof createJsonCache>;

/**
 * Sends JSON that is already serialized: Fastify passes a string with a JSON content type
 * through untouched, so the route's response schema is not applied again.
 */
function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
