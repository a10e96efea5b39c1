import multipart from '@fastify/multipart';
import {
  apiContract,
  messages,
  QUOTE_ATTACHMENT_MAX_BYTES,
  quoteMessages,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.js';
import { AppError } from '../../http/app-error.js';
import { errorResponses, fromContract } from '../../http/route.js';
import { countedListResponse, sendCounted } from '../../http/total-count.js';
import { BYTES_PER_UNIT } from '../../http/request-budget.js';
import { attachmentDisposition, attachmentTypeOf, claimsAgree } from './attachment-content.js';
import type { QuotesService } from './quotes.service.js';

const tooLarge = () => new AppError('payload_too_large', quoteMessages.attachmentTooLarge);

/**
 * The most an artwork upload's body may declare (`Content-Length`): the file's limit and room
 * for the form around it (boundaries, the part's headers with a long file name). Past it the
 * upload is refused before its body is read (security 2026-11-28 #14).
 */
export const ARTWORK_UPLOAD_MAX_BODY = QUOTE_ATTACHMENT_MAX_BYTES + 64 * 1024;

/** What the quote routes need besides the service. */
export interface QuoteRouteOptions {
  /**
   * Spends more of the request's client budget (http/request-budget.ts `spendMore`): 0 when
   * spent, else the ms until the client could afford it.
   */
  spendMore: (request: FastifyRequest, units: number) => number;
}

/** A download's validator: the quote and its upload's time and size (a new upload, a new one). */
function artworkEtag(quoteId: string, uploadedAt: Date | string, size: number): string {
  const at = new Date(uploadedAt).getTime();
  return `"${quoteId}-${at.toString(36)}-${size.toString(36)}"`;
}

/** Whether `If-None-Match` names `etag` (or is `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The multipart parser throws a plain error, without a status, on a body that is cut short or
 * has no boundary: the client's broken request (400), not our failure.
 */
function clientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error && 'statusCode' in error) {
    if (error.statusCode === 413) return tooLarge();
    return error;
  }
  return new AppError('bad_request', quoteMessages.attachmentIncomplete);
}

/**
 * The bytes of an uploaded file, refused (413) the moment it passes the limit: the parser stops
 * keeping bytes there but reads on to the part's end, which a chunked body of any length may
 * never reach (security 2026-11-28 #14). The file's stream is destroyed, so the parser lets go
 * of the request too.
 */
function fileBytes(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('limit', () => {
      chunks.length = 0;
      reject(tooLarge());
      stream.destroy();
    });
    stream.once('end', () => {
      if (stream.truncated) reject(tooLarge());
      else resolve(Buffer.concat(chunks));
    });
    stream.once('error', reject);
  });
}

/** Quotes (DESIGN.md section 14). */
export function quoteRoutes(
  quotes: QuotesService,
  { spendMore }: QuoteRouteOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/quotes',
      {
        config: { access: 'user', confirmedEmail: true, limit: 'orders' },
        schema: {
          operationId: 'requestQuote',
          tags: ['quotes'],
          summary:
            'Ask for a quote (signed-in customers): lines beyond stock, minimums and pack sizes allowed; 409 too_many_quote_requests',
          ...fromContract('POST /quotes', 404, 409),
        },
      },
      async (request, reply) =>
        reply.code(201).send(await quotes.create(currentUser(request), request.body)),
    );

    app.get(
      '/quotes',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listQuotes',
          tags: ['quotes'],
          summary: `The caller's quotes (a company admin: the company's too; a shop admin: all), newest first, with status, q and pages; the number of matches is in ${TOTAL_COUNT_HEADER}`,
          ...fromContract('GET /quotes'),
          response: {
            200: countedListResponse(apiContract['GET /quotes'].response, {
              description: 'The matching quotes, newest first: all, or the page asked for',
              total: 'How many quotes match',
            }),
          },
        },
      },
      async (request, reply) =>
        sendCounted(reply, await quotes.list(currentUser(request), request.query)),
    );

    app.get(
      '/quotes/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getQuote',
          tags: ['quotes'],
          summary: "One quote (its buyer, the buyer's company admins, shop admins)",
          ...fromContract('GET /quotes/:id', 403, 404),
        },
      },
      (request) => quotes.get(currentUser(request), request.params.id),
    );

    app.get(
      '/quotes/:id/attachment',
      {
        config: { access: 'user', limit: 'artwork' },
        schema: {
          operationId: 'getQuoteAttachment',
          tags: ['quotes'],
          summary:
            "A quote's artwork file, as a download that never runs in the shop's pages (its buyer, the buyer's company admins, shop admins)",
          ...fromContract('GET /quotes/:id/attachment'),
          response: {
            200: {
              description: 'The artwork file (PDF, PNG, JPEG or SVG), as an attachment',
              content: {
                'application/octet-stream': {
                  schema: apiContract['GET /quotes/:id/attachment'].response.meta({
                    format: 'binary',
                  }),
                },
              },
            },
            304: z.null().meta({
              description:
                'The client has this file already (its If-None-Match names the ETag): no body',
            }),
            ...errorResponses(403, 404),
          },
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        const file = await quotes.attachmentInfo(currentUser(request), id);
        // Kept by the browser for its user only, and asked again each time (a 304 when unchanged).
        const validator = (info: { uploaded_at: Date | string; size: number }) => ({
          etag: artworkEtag(id, info.uploaded_at, info.size),
          'cache-control': 'private, no-cache',
        });
        // A repeat of a file the client has: 304, nothing read (security 2026-11-28 #3).
        if (matchesEtag(request.headers['if-none-match'], validator(file).etag)) {
          // Sent without a body (undefined is not serialized; the document's null says none).
          return reply
            .code(304)
            .headers(validator(file))
            .send(undefined as unknown as null);
        }
        // Priced by its size before its bytes are read: one unit per 100 KB.
        const waitMs = spendMore(request, Math.ceil(file.size / BYTES_PER_UNIT));
        if (waitMs > 0) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
          throw new AppError('rate_limited', messages.requestBudgetExceeded);
        }
        // Its headers from the row read with the bytes (a replacement meanwhile is all new).
        const stored = await quotes.attachmentData(id);
        // Never shown inside the shop's origin: a download (attachment) under the shop's own
        // name, its type as checked by content, no sniffing, and a sandbox with nothing allowed
        // should a browser open it.
        return reply
          .type(stored.content_type)
          .headers(validator(stored))
          .header('content-disposition', attachmentDisposition(stored.filename))
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-security-policy',
            "sandbox; default-src 'none'; style-src 'unsafe-inline'",
          )
          .send(stored.data);
      },
    );

    // The upload has its own scope: only it parses multipart bodies.
    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<ZodTypeProvider>();
      await upload.register(multipart, {
        limits: { fileSize: QUOTE_ATTACHMENT_MAX_BYTES, files: 1, fields: 0 },
      });
      // A declared length past the limit is refused at once (after the access guard, which
      // reads no body), before a byte of the body is read; the connection is closed so the
      // client's body is not read either (security 2026-11-28 #14).
      upload.addHook('onRequest', async (request, reply) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > ARTWORK_UPLOAD_MAX_BODY) {
          reply.header('connection', 'close');
          throw tooLarge();
        }
      });
      upload.post(
        '/quotes/:id/attachment',
        {
          config: { access: 'user', limit: 'orders' },
          schema: {
            operationId: 'uploadQuoteAttachment',
            tags: ['quotes'],
            summary:
              'Attach the artwork (the multipart field file): PDF, PNG, JPEG or SVG up to 5 MB, checked by content; replaces the one before while the quote waits for an offer',
            consumes: ['multipart/form-data'],
            ...fromContract('POST /quotes/:id/attachment', 403, 404, 409),
          },
        },
        async (request, reply) => {
          const caller = currentUser(request);
          // Who may attach is known before the body is read.
          await quotes.visibleQuote(caller, request.params.id);
          if (!request.isMultipart()) {
            throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
          }
          const file = await request.file().catch((error: unknown) => {
            throw clientError(error);
          });
          if (!file || file.fieldname !== 'file') {
            throw new AppError('validation_failed', quoteMessages.attachmentMissing, {
              file: quoteMessages.attachmentMissing,
            });
          }
          let bytes: Buffer;
          try {
            bytes = await fileBytes(file.file);
          } catch (error) {
            // Past the limit: answered at once, the rest of the body not read.
            if (error instanceof AppError && error.code === 'payload_too_large') {
              reply.header('connection', 'close');
            }
            throw clientError(error);
          }
          if (bytes.length === 0) {
            throw new AppError('validation_failed', quoteMessages.attachmentMissing, {
              file: quoteMessages.attachmentMissing,
            });
          }
          const type = attachmentTypeOf(bytes);
          if (!type) throw new AppError('unsupported_media_type', quoteMessages.attachmentType);
          if (!claimsAgree(type, file.filename, file.mimetype)) {
            throw new AppError('unsupported_media_type', quoteMessages.attachmentMismatch);
          }
          // The uploaded name is only checked (above), never kept: the shop names the file.
          return quotes.putAttachment(caller, request.params.id, {
            contentType: type,
            data: bytes,
          });
        },
      );
    });

    app.put(
      '/quotes/:id/offer',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'offerQuote',
          tags: ['quotes'],
          summary:
            'Answer a quote with an offer (shop admins): unit prices, valid until, message; the buyer is mailed; a new offer replaces the last (its version one more); 409 quote_closed once ordered or declined',
          ...fromContract('PUT /quotes/:id/offer', 404, 409),
        },
      },
      (request) => quotes.offer(request.params.id, request.body),
    );

    app.post(
      '/quotes/:id/accept',
      {
        config: { access: 'user', confirmedEmail: true, limit: 'orders' },
        schema: {
          operationId: 'acceptQuote',
          tags: ['quotes'],
          summary:
            "Accept an offer (the buyer or an admin of the buyer's company): one order at the offered prices, stock reserved all or nothing (409 naming the short line); 409 quote_expired, quote_changed, quote_closed",
          ...fromContract('POST /quotes/:id/accept', 403, 404, 409),
        },
      },
      (request) => quotes.accept(currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/quotes/:id/request-again',
      {
        config: { access: 'user', limit: 'orders' },
        schema: {
          operationId: 'requestQuoteAgain',
          tags: ['quotes'],
          summary:
            "Ask for a new offer with a message (the buyer or an admin of the buyer's company): an offered (or expired) quote goes back to requested, its offer kept in its history; 409 quote_closed, quote_changed, quote_not_offered, too_many_quote_requests",
          ...fromContract('POST /quotes/:id/request-again', 403, 404, 409),
        },
      },
      (request) => quotes.reRequest(currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/quotes/:id/decline',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'declineQuote',
          tags: ['quotes'],
          summary:
            "Decline a quote (the buyer or an admin of the buyer's company); 409 quote_closed once ordered or declined",
          ...fromContract('POST /quotes/:id/decline', 403, 404, 409),
        },
      },
      (request) => quotes.decline(currentUser(request), request.params.id),
    );
  };
}
