import type { SwaggerTransform } from '@fastify/swagger';
import {
  apiContract,
  apiErrorSchema,
  type ApiContract,
  type Endpoint,
  type EndpointKey,
} from '@shop/shared';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../auth/guard.js';

/*
 * How a route is declared and documented, in one place. A route's `schema.response` names its
 * success body and the error statuses only its handler knows of (`errorResponses(404, 409)`);
 * everything that follows from how the route is declared is added here, for every route alike:
 * - the statuses its kind of route can answer whatever its handler does (`derivedErrorStatuses`:
 *   400 and 429 for any request, 401/403 from `config.access`, ...);
 * - the security scheme its `config.access` requires (`securityOf`);
 * - a description for every response, so the document never says "Default Response".
 * At start, an /api route without an `operationId` or tags stops the server, as one without
 * `config.access` does (auth/guard.ts).
 */

/** The error statuses the API answers with; every one of them has the one error envelope. */
export const ERROR_STATUSES = [
  400, 401, 402, 403, 404, 409, 410, 413, 414, 415, 422, 429, 503,
] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** What each error status means, for the document. */
export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is invalid: a malformed address, query or body (`fields` names what is wrong)',
  401: 'Not signed in, or the token or session has ended',
  402: 'The payment was declined',
  403: 'Signed in, but not allowed to do this',
  404: 'Nothing with this id or address exists',
  409: 'The current state does not allow it (already paid, out of stock, cancelled, ...)',
  410: 'It existed but is no longer usable (an invitation used or expired)',
  413: 'The request body is too large',
  414: 'A part of the address (an id, an email) is too long',
  415: 'The request body is not of a type this call accepts',
  422: 'The `Idempotency-Key` was already used for a different request',
  429: "Too many calls: the client's request budget or the call's rate limit is spent (`Retry-After` says when to try again)",
  503: 'The database, the disk or the payment service is unavailable for now; try again later',
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'Success', 201: 'Created' };

type ErrorResponses = Partial<Record<ErrorStatus, typeof apiErrorSchema>>;

/** The error envelope for each of these statuses, for a route's `schema.response`. */
export function errorResponses(...statuses: ErrorStatus[]): ErrorResponses {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}

type RequestPart = 'params' | 'querystring' | 'body';
type SuccessStatus<K extends EndpointKey> = ApiContract[K] extends { status: 201 } ? 201 : 200;

/** A route's request schemas and answers, as `fromContract` gives them. */
export type ContractSchema<K extends EndpointKey> = Pick<
  ApiContract[K],
  Extract<keyof ApiContract[K], RequestPart>
> & {
  response: Record<SuccessStatus<K>, ApiContract[K]['response']> & ErrorResponses;
};

/**
 * The schemas of a route from its entry in the API contract (packages/shared api-contract.ts):
 * its path parameters, query and body, its success answer, and the error statuses only its
 * handler knows of. The route is declared at the address the key names (a test holds them
 * together: http/contract.test.ts).
 */
export function fromContract<K extends EndpointKey>(
  key: K,
  ...errors: ErrorStatus[]
): ContractSchema<K> {
  const entry: Endpoint = apiContract[key];
  return {
    ...(entry.params && { params: entry.params }),
    ...(entry.querystring && { querystring: entry.querystring }),
    ...(entry.body && { body: entry.body }),
    response: { [entry.status ?? 200]: entry.response, ...errorResponses(...errors) },
  } as ContractSchema<K>;
}

/** The body of an upload (`consumes: ['multipart/form-data']`), for the document only. */
const UPLOAD_FORM = z.object({
  file: z.string().meta({ format: 'binary', description: 'The image file (PNG, JPEG or WebP)' }),
});

/** Methods whose requests carry a body: Fastify refuses one too large (413) or of a type it cannot parse (415). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How a route is declared, as far as its documentation is concerned. */
export interface DeclaredRoute {
  method: string | string[];
  /** The route's address as declared (`/api/orders/:id`). */
  url?: string;
  config?: {
    access?: Access;
    confirmedEmail?: boolean;
    limit?: unknown;
    limitOf?: unknown;
    idempotent?: boolean;
  };
  /** The body types it takes, when not JSON; `*\/*`: any (no 415). */
  consumes?: readonly string[];
}

/**
 * The error statuses any route declared this way can answer, whatever its handler does:
 * - 400: every route (a malformed address, or a NUL character in the query: http/input-guard.ts);
 * - 401 and 503 for every private route: the access guard checks the token or session in the
 *   database (auth/guard.ts), so an outage answers 503;
 * - 403 for an admin route (the caller is not an admin), or one that needs a confirmed email
 *   (`config.confirmedEmail`);
 * - 414 for a route with a path parameter (Fastify's `maxParamLength`: http/error-handler.ts);
 * - 413 and 415 for a method with a body (the body limit; the content-type parsers, unless the
 *   route takes any type);
 * - 429 for every route: each client's request budget (http/request-budget.ts), and the route's
 *   own rate limit (`config.limit`, or `config.limitOf` per request);
 * - 409 and 422 for a route that takes `Idempotency-Key` (`config.idempotent`): the key's
 *   first request is still in flight, or the key was used for another request.
 */
export function derivedErrorStatuses(route: DeclaredRoute): ErrorStatus[] {
  const access = route.config?.access ?? 'public';
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const statuses = new Set<ErrorStatus>([400, 429]);
  if (access !== 'public') {
    statuses.add(401);
    statuses.add(503);
  }
  if (access === 'admin' || route.config?.confirmedEmail) statuses.add(403);
  if (route.url?.includes('/:')) statuses.add(414);
  if (methods.some((method) => BODY_METHODS.has(method.toUpperCase()))) {
    statuses.add(413);
    if (!route.consumes?.includes('*/*')) statuses.add(415);
  }
  if (route.config?.idempotent) {
    statuses.add(409);
    statuses.add(422);
  }
  return [...statuses];
}

/** The security schemes of the document: the API token, and the identity service's cookie. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The API token `PUT /api/user/{email}` answers with (one day)',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    // `__Secure-better-auth.session_token` when the shop is served over HTTPS.
    name: 'better-auth.session_token',
    description: 'The identity service session, set by sign-in and sign-up',
  },
} as const;

/** The security requirement of a route: who may call it (`config.access`) decides it. */
export function securityOf(access: Access | undefined): Record<string, string[]>[] | undefined {
  if (access === 'user' || access === 'admin') return [{ bearerAuth: [] }];
  if (access === 'session') return [{ sessionCookie: [] }];
  return undefined;
}

/** Whether a route is one of the documented API calls (not the docs, not static files). */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** Stops the start when an /api route has no operationId or no tags (like a missing access). */
export function registerRouteDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as (FastifySchema & { hide?: boolean }) | undefined;
    if (!isApiRoute(route.url) || route.method === 'HEAD' || schema?.hide) return;
    const missing = [
      !schema?.operationId && 'an operationId',
      !schema?.tags?.length && 'tags',
      !schema?.response && 'a response schema',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new Error(
        `${String(route.method)} ${route.url} does not document ${missing.join(', ')}`,
      );
    }
  });
}

type JsonObject = Record<string, unknown>;

/**
 * The swagger `transform`: adds the derived error statuses and the security requirement to the
 * route's schema, converts it from zod (fastify-type-provider-zod) and describes every response.
 * Documentation only: the route's own schema, which Fastify serializes with, is not changed.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { route } = input;
  const schema = (input.schema ?? {}) as FastifySchema & {
    response?: Record<string, unknown>;
    security?: unknown;
    consumes?: readonly string[];
    hide?: boolean;
  };
  const config = route.config as DeclaredRoute['config'];
  const documented = isApiRoute(input.url) && !schema.hide;
  const response = { ...schema.response };
  if (documented) {
    for (const status of derivedErrorStatuses({
      method: route.method,
      url: route.url,
      config,
      consumes: schema.consumes,
    })) {
      response[status] ??= apiErrorSchema;
    }
  }
  const security = securityOf(config?.access);
  // A multipart route reads its form itself (no body schema): the document still shows it.
  const form =
    documented && !schema.body && schema.consumes?.includes('multipart/form-data')
      ? { body: UPLOAD_FORM }
      : {};
  const withDocs = {
    ...schema,
    ...form,
    ...(documented ? { response } : {}),
    ...(documented && security ? { security } : {}),
  };
  const transformed = jsonSchemaTransform({ ...input, schema: withDocs });
  const responses = (transformed.schema as { response?: Record<string, JsonObject> }).response;
  for (const [status, body] of Object.entries(responses ?? {})) {
    if (typeof body.description === 'string') continue;
    const known = ERROR_DESCRIPTIONS[Number(status) as ErrorStatus] ?? SUCCESS_DESCRIPTIONS[status];
    // A copy: the converted schema may be shared by several statuses.
    if (responses) responses[status] = { ...body, description: known ?? `Status ${status}` };
  }
  return transformed;
};
