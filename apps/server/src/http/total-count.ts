import { TOTAL_COUNT_HEADER } from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A list answered with its number of matches in `X-Total-Count` (reviews, the admin lists):
 * the 200 response documented with that header, and the handler's way of sending it. The body
 * stays a plain array, as the spec's client reads it.
 */

/** The list's 200 response, documented with the header; `total` says what the header counts. */
export function countedListResponse<T extends z.ZodType>(
  schema: T,
  { description, total }: { description: string; total: string },
): T {
  return schema.meta({
    description,
    // @fastify/swagger turns a response schema's `headers` into the OpenAPI response headers.
    headers: { [TOTAL_COUNT_HEADER]: { type: 'integer', minimum: 0, description: total } },
  });
}

/** Sends the items with their total in `X-Total-Count`. */
export function sendCounted<T>(
  reply: FastifyReply,
  { items, total }: { items: T[]; total: number },
): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}
