import { z } from 'zod';

/**
 * Idempotency keys (issue 12): a client that may send the same request twice (a double click, a
 * retry after a lost answer) names it with a key, and the server does the work once. Modelled on
 * Stripe's `Idempotency-Key` and the IETF draft of the same name.
 */

/** The request header that names one attempt at a change. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The answer header saying this is the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is honoured after its first request: 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** The longest key accepted, in characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** 1 to 255 printable ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export const idempotencyMessages = {
  invalidKey: `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters.`,
  keyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Send a new key for a new request.`,
  keyInFlight: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Please try again in a moment.`,
} as const;

/** The error codes of idempotency keys and their statuses (merged into `errorStatus`). */
export const idempotencyErrorStatus = {
  idempotency_key_reused: 422,
  idempotency_key_in_flight: 409,
} as const;

/** The header as a route's header schema declares it (Node lowercases header names). */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, idempotencyMessages.invalidKey)
    .optional()
    .describe(
      `Optional. Makes the call safe to retry for 24 hours: the same key with the same body answers the first call's stored answer (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of doing the work again; with another body it is refused (422 \`idempotency_key_reused\`). Keys are per user.`,
    ),
});
