import type { SwaggerTransformObject } from '@fastify/swagger';
import { apiContract, apiErrorSchema, type EndpointKey } from '@shop/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { derivedErrorStatuses, ERROR_DESCRIPTIONS, type ErrorStatus } from '../http/route.js';
import { isRateLimitedIdentityCall } from './routes.js';

/*
 * The identity service's calls the web app makes, for the OpenAPI document. Better Auth serves
 * them all through one catch-all route (`/api/auth/*`, auth/routes.ts), which the document cannot
 * describe; each call is listed here instead, with the body the shop's rules check and the answer
 * Better Auth gives. No Fastify route is registered for them.
 */

const AUTH_BASE = '/api/auth';

type IdentityStatus = ErrorStatus;

const IDENTITY_DESCRIPTIONS: Record<IdentityStatus, string> = {
  ...ERROR_DESCRIPTIONS,
  401: 'Wrong email or password, or no session',
  403: 'The email address is not confirmed yet',
};

interface IdentityCall {
  /** The call's entry in the API contract (packages/shared api-contract.ts): its schemas. */
  key: EndpointKey & `${'GET' | 'POST'} /auth/${string}`;
  operationId: string;
  summary: string;
  successDescription: string;
  /** Statuses Better Auth answers for this call, beyond those every call of its kind has. */
  errors: IdentityStatus[];
  /** Whether the call needs the identity session's cookie. */
  session?: boolean;
}

/** The calls of the web app (apps/web/src/features/account/api/identity.ts), and update-user. */
const CALLS: IdentityCall[] = [
  {
    key: 'POST /auth/sign-up/email',
    operationId: 'signUpWithEmail',
    summary:
      'Create an account with email and password; sends the confirmation mail. Never signs in: sign in afterwards',
    successDescription:
      'The same answer whether the address was new or already had an account (its owner is mailed instead); no session is started',
    errors: [503],
  },
  {
    key: 'POST /auth/sign-in/email',
    operationId: 'signInWithEmail',
    summary: 'Sign in with email and password; sets the session cookie',
    successDescription: 'Signed in: the session cookie is set',
    errors: [401, 403, 503],
  },
  {
    key: 'POST /auth/sign-in/social',
    operationId: 'signInWithGoogle',
    summary: "Start 'Continue With Google': the address to send the browser to",
    successDescription: "Google's sign-in page for this browser",
    errors: [404],
  },
  {
    key: 'POST /auth/sign-out',
    operationId: 'signOut',
    summary: 'End the identity session (and so every API token issued for it)',
    successDescription: 'Signed out: the session cookie is cleared',
    errors: [],
    session: true,
  },
  {
    key: 'GET /auth/get-session',
    operationId: 'getIdentitySession',
    summary: 'The signed-in identity and its session, or null',
    successDescription: 'The session, or null when no one is signed in',
    errors: [],
    session: true,
  },
  {
    key: 'POST /auth/request-password-reset',
    operationId: 'requestPasswordReset',
    summary: 'Mail a password-reset link; the answer is the same whether an account exists',
    successDescription: 'Accepted: a link is mailed if an account has this address',
    errors: [503],
  },
  {
    key: 'POST /auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Choose a new password with the token of a reset link; ends every session',
    successDescription: 'The password is changed',
    errors: [503],
  },
  {
    key: 'POST /auth/send-verification-email',
    operationId: 'sendVerificationEmail',
    summary: 'Mail the email-confirmation link again',
    successDescription: 'The confirmation mail is on its way',
    errors: [503],
  },
  {
    key: 'POST /auth/update-user',
    operationId: 'updateIdentity',
    summary: "Change the signed-in identity's name or picture (an https address, or null)",
    successDescription: 'The identity is updated',
    errors: [401, 503],
    session: true,
  },
];

type OpenApiObject = Extract<
  Parameters<SwaggerTransformObject>[0],
  { openapiObject: unknown }
>['openapiObject'];

/**
 * A call's body and answers as the document writes them: converted by the same transform as the
 * routes' (fastify-type-provider-zod), so a named schema is a `$ref` here too.
 */
function converted(
  one: IdentityCall,
  responses: Record<number, unknown>,
  openapiObject: OpenApiObject,
): { body?: unknown; response: Record<string, unknown> } {
  const entry: { body?: unknown; response: unknown } = apiContract[one.key];
  const { schema } = jsonSchemaTransform({
    schema: {
      ...(entry.body ? { body: entry.body } : {}),
      response: { 200: entry.response, ...responses },
    },
    url: `/api${one.key.split(' ')[1] ?? ''}`,
    openapiObject,
    // No Fastify route stands behind these calls; the transform reads only the schema, the
    // address and the document.
  } as Parameters<typeof jsonSchemaTransform>[0]);
  return schema as { body?: unknown; response: Record<string, unknown> };
}

/** The OpenAPI path items of the identity calls, keyed by their address. */
export function identityPaths(
  openapiObject: OpenApiObject,
): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const one of CALLS) {
    const [upper = 'GET', address = ''] = one.key.split(' ');
    const method = upper.toLowerCase();
    const call = address.slice('/auth'.length);
    const limited = isRateLimitedIdentityCall(upper, call);
    const statuses = new Set<IdentityStatus>([
      ...derivedErrorStatuses({
        method: upper,
        config: { access: 'public', ...(limited ? { limit: 'auth' } : {}) },
      }),
      ...one.errors,
    ]);
    const codes = [...statuses].sort((a, b) => a - b);
    const { body, response } = converted(
      one,
      Object.fromEntries(codes.map((code) => [code, apiErrorSchema])),
      openapiObject,
    );
    const responses: Record<string, unknown> = {
      200: {
        description: one.successDescription,
        content: { 'application/json': { schema: response[200] } },
      },
    };
    for (const code of codes) {
      responses[code] = {
        description: IDENTITY_DESCRIPTIONS[code],
        content: { 'application/json': { schema: response[code] } },
      };
    }
    paths[`${AUTH_BASE}${call}`] = {
      ...paths[`${AUTH_BASE}${call}`],
      [method]: {
        operationId: one.operationId,
        tags: ['identity'],
        summary: one.summary,
        ...(one.session ? { security: [{ sessionCookie: [] }] } : {}),
        ...(body
          ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
          : {}),
        responses,
      },
    };
  }
  return paths;
}

/** The swagger `transformObject`: the document with the identity calls added to its paths. */
export const withIdentityPaths: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const paths = identityPaths(openapiObject) as NonNullable<typeof openapiObject.paths>;
  return { ...openapiObject, paths: { ...openapiObject.paths, ...paths } };
};
