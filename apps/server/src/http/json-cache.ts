import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed, WatchedTable } from '../db/change-feed.js';

/**
 * Public lists served from memory as ready JSON, valid until the table changes (on this
 * instance or another: see ChangeFeed). A read that overlapped a change is not kept.
 */
export function createJsonCache(feed: ChangeFeed, table: WatchedTable) {
  const entries = new Map<string, { generation: number; json: string }>();
  return {
    /** The JSON, and the generation it is current at (undefined when it may be stale). */
    async get(
      key: string,
      load: () => Promise<unknown>,
    ): Promise<{ json: string; generation: number | undefined }> {
      const generation = feed.generation(table);
      const hit = entries.get(key);
      if (generation !== undefined && hit?.generation === generation) return hit;
      const json = JSON.stringify(await load());
      if (generation !== undefined && feed.generation(table) === generation) {
        entries.set(key, { generation, json });
        return { json, generation };
      }
      return { json, generation: undefined };
    },

    /** Answers a `hotList` route from the cache, so the HTTP server may replay the answer. */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      load: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      const { json, generation } = await this.get(key, load);
      request.hotListGeneration = generation;
      return sendJson(reply, json);
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
