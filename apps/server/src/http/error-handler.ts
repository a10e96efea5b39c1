import { errorStatus, messages, type ApiError, type ErrorCode } from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { createStorageHealth, STORAGE_RETRY_AFTER_SECONDS } from './storage-health.js';

function body(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  current?: Record<string, number>,
): ApiError {
  return {
    error: { code, message, ...(fields && { fields }), ...(current && { current }) },
  };
}

/** Field errors keyed by field name (`name`, `items.0.qty`), or by the part of the request. */
function fieldErrors(
  error: FastifyError & { validation: NonNullable<FastifyError['validation']> },
) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      (typeof issue.params?.['missingProperty'] === 'string'
        ? issue.params['missingProperty']
        : (error.validationContext ?? 'request'));
    fields[key] ??= issue.message ?? 'is invalid';
  }
  return fields;
}

/**
 * The codes an error raised outside our code may get: generic ones, never one that names a
 * reason of ours (Better Auth's 422 is not an `idempotency_key_reused`).
 */
const GENERIC_CODES: readonly ErrorCode[] = [
  'bad_request',
  'unauthorized',
  'payment_failed',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
];

/** The error code of a status, for errors raised outside our code (Fastify, the auth service). */
export function codeForStatus(status: number): ErrorCode {
  const match = GENERIC_CODES.map((code): [ErrorCode, number] => [code, errorStatus[code]]).find(
    ([, s]) => s === status,
  );
  return match?.[0] ?? (status >= 500 ? 'internal' : 'bad_request');
}

/** Socket errors, and PostgreSQL's shutdown codes (57P01-57P03): the database is away. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);

/** What pg and pg-pool say when a connection breaks or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
];

/**
 * Whether an error means the database cannot be reached for now, so the answer is a 503 the
 * client may retry rather than a 500: a refused or broken connection, PostgreSQL shutting down
 * or not accepting connections (codes 57P01-57P03 and class 08), no pooled connection in time,
 * SQLite still locked after its busy timeout. Wrapped errors are looked through (`cause`, the
 * `errors` of an AggregateError from a connect tried on several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || code.startsWith('SQLITE_BUSY')) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * No space left: the disk (ENOSPC), the user's quota (EDQUOT), SQLite's database or journal
 * (SQLITE_FULL) or PostgreSQL's disk (53100 disk_full). Wrapped errors are looked through.
 */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    if (code.startsWith('SQLITE_FULL')) return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isStorageFull(inner, depth + 1))) {
    return true;
  }
  return isStorageFull(cause, depth + 1);
}

const OUTAGE_LOG_INTERVAL_MS = 5_000;

/**
 * Turns every error into the documented JSON shape. Expected errors keep their message; anything
 * else is logged and answered with a 500 that hides its details. A full disk or database is a
 * 503 with Retry-After (remembered for the health check; `dataDir`'s free space is watched too).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { dataDir }: { dataDir?: string } = {},
): void {
  let lastOutageLog = 0;
  const storage = createStorageHealth(dataDir);
  app.decorate('storageHealth', storage);
  const storageFull = (reply: FastifyReply) =>
    reply
      .status(503)
      .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
      .send(body('unavailable', messages.storageFull));

  // The identity service catches its own database errors and answers 422 or 500: while the
  // disk is full, that is the full disk speaking, not the caller's mistake.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 422 && reply.statusCode !== 500) return payload;
    if (!request.url.startsWith('/api/auth/') || !(await storage.isFull())) return payload;
    reply.status(503).header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    return JSON.stringify(body('unavailable', messages.storageFull));
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(body(error.code, error.message, error.fields, error.current));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(error);
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is invalid';
      return reply.status(400).send(body('validation_failed', message, fields));
    }
    if (isStorageFull(error)) {
      storage.recordFailure();
      if (Date.now() - lastOutageLog >= OUTAGE_LOG_INTERVAL_MS) {
        lastOutageLog = Date.now();
        request.log.error({ err: error }, 'no space left to store data: answering 503');
      }
      return storageFull(reply);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(codeForStatus(status), error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage fails every call: one warning every few seconds says it without a flood.
      if (Date.now() - lastOutageLog >= OUTAGE_LOG_INTERVAL_MS) {
        lastOutageLog = Date.now();
        request.log.warn({ err: error }, 'database unavailable: answering 503');
      }
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('unavailable', messages.databaseUnavailable));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}

/**
 * Errors the router raises before any hook runs (a malformed URL, an over-long path parameter):
 * the same JSON shape as every other error.
 */
export function handleFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long'
      : 'The address is not valid';
  void reply.status(status).send(body(codeForStatus(status), message));
}

/** JSON 404 for unknown API routes. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send(body('not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}`));
}
