import type { SwaggerTransformObject } from '@fastify/swagger';
import {
  accountImageField,
  accountNameField,
  apiErrorSchema,
  emailField,
  loginSchema,
  passwordField,
  registerSchema,
} from '@shop/shared';
import { z } from 'zod';
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

/** A redirect target: a plain path of this shop (`/dashboard`), else 400 `unsafe_redirect`. */
const redirectTarget = z
  .string()
  .describe(
    'A path of this shop, written plainly (`/dashboard`, `/login?google=1`): no `./` or `../` segments, `//`, `%2e`, backslashes or control characters, no other site. Anything else is a 400 `unsafe_redirect`.',
  );

const identityUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const identitySession = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  token: z.string(),
});

const status = z.object({ status: z.boolean() });

interface IdentityCall {
  method: 'get' | 'post';
  call: string;
  operationId: string;
  summary: string;
  body?: z.ZodType;
  success: z.ZodType;
  successDescription: string;
  /** Statuses Better Auth answers for this call, beyond those every call of its kind has. */
  errors: IdentityStatus[];
  /** Whether the call needs the identity session's cookie. */
  session?: boolean;
}

/** The calls of the web app (apps/web/src/features/account/api/identity.ts), and update-user. */
const CALLS: IdentityCall[] = [
  {
    method: 'post',
    call: '/sign-up/email',
    operationId: 'signUpWithEmail',
    summary:
      'Create an account with email and password; sends the confirmation mail. Never signs in: sign in afterwards',
    body: registerSchema.extend({
      image: accountImageField,
      callbackURL: redirectTarget.optional(),
    }),
    success: z.object({ token: z.null(), user: identityUser }),
    successDescription:
      'The same answer whether the address was new or already had an account (its owner is mailed instead); no session is started',
    errors: [503],
  },
  {
    method: 'post',
    call: '/sign-in/email',
    operationId: 'signInWithEmail',
    summary: 'Sign in with email and password; sets the session cookie',
    body: loginSchema.extend({
      rememberMe: z.boolean().optional(),
      callbackURL: redirectTarget.optional(),
    }),
    success: z.object({
      redirect: z.boolean(),
      token: z.string(),
      url: z.string().optional(),
      user: identityUser,
    }),
    successDescription: 'Signed in: the session cookie is set',
    errors: [401, 403, 503],
  },
  {
    method: 'post',
    call: '/sign-in/social',
    operationId: 'signInWithGoogle',
    summary: "Start 'Continue With Google': the address to send the browser to",
    body: z.object({
      provider: z.literal('google'),
      callbackURL: redirectTarget.optional(),
      errorCallbackURL: redirectTarget.optional(),
      newUserCallbackURL: redirectTarget.optional(),
    }),
    success: z.object({ url: z.string(), redirect: z.boolean() }),
    successDescription: "Google's sign-in page for this browser",
    errors: [404],
  },
  {
    method: 'post',
    call: '/sign-out',
    operationId: 'signOut',
    summary: 'End the identity session (and so every API token issued for it)',
    body: z.object({}),
    success: z.object({ success: z.boolean() }),
    successDescription: 'Signed out: the session cookie is cleared',
    errors: [],
    session: true,
  },
  {
    method: 'get',
    call: '/get-session',
    operationId: 'getIdentitySession',
    summary: 'The signed-in identity and its session, or null',
    success: z.object({ session: identitySession, user: identityUser }).nullable(),
    successDescription: 'The session, or null when no one is signed in',
    errors: [],
    session: true,
  },
  {
    method: 'post',
    call: '/request-password-reset',
    operationId: 'requestPasswordReset',
    summary: 'Mail a password-reset link; the answer is the same whether an account exists',
    body: z.object({ email: emailField, redirectTo: redirectTarget.optional() }),
    success: z.object({ status: z.boolean(), message: z.string() }),
    successDescription: 'Accepted: a link is mailed if an account has this address',
    errors: [503],
  },
  {
    method: 'post',
    call: '/reset-password',
    operationId: 'resetPassword',
    summary: 'Choose a new password with the token of a reset link; ends every session',
    body: z.object({ token: z.string().min(1).max(256), newPassword: passwordField }),
    success: status,
    successDescription: 'The password is changed',
    errors: [503],
  },
  {
    method: 'post',
    call: '/send-verification-email',
    operationId: 'sendVerificationEmail',
    summary: 'Mail the email-confirmation link again',
    body: z.object({ email: emailField, callbackURL: redirectTarget.optional() }),
    success: status,
    successDescription: 'The confirmation mail is on its way',
    errors: [503],
  },
  {
    method: 'post',
    call: '/update-user',
    operationId: 'updateIdentity',
    summary: "Change the signed-in identity's name or picture (an https address, or null)",
    body: z.object({ name: accountNameField.optional(), image: accountImageField }),
    success: status,
    successDescription: 'The identity is updated',
    errors: [401, 503],
    session: true,
  },
];

const json = (schema: z.ZodType, io: 'input' | 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, target: 'openapi-3.0' }) },
});

/** The OpenAPI path items of the identity calls, keyed by their address. */
export function identityPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const one of CALLS) {
    const limited = isRateLimitedIdentityCall(one.method.toUpperCase(), one.call);
    const statuses = new Set<IdentityStatus>([
      ...derivedErrorStatuses({
        method: one.method.toUpperCase(),
        config: { access: 'public', ...(limited ? { limit: 'auth' } : {}) },
      }),
      ...one.errors,
    ]);
    const responses: Record<string, unknown> = {
      200: { description: one.successDescription, content: json(one.success, 'output') },
    };
    for (const code of [...statuses].sort((a, b) => a - b)) {
      responses[code] = {
        description: IDENTITY_DESCRIPTIONS[code],
        content: json(apiErrorSchema, 'output'),
      };
    }
    paths[`${AUTH_BASE}${one.call}`] = {
      ...paths[`${AUTH_BASE}${one.call}`],
      [one.method]: {
        operationId: one.operationId,
        tags: ['identity'],
        summary: one.summary,
        ...(one.session ? { security: [{ sessionCookie: [] }] } : {}),
        ...(one.body ? { requestBody: { required: true, content: json(one.body, 'input') } } : {}),
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
  const paths = identityPaths() as NonNullable<typeof openapiObject.paths>;
  return { ...openapiObject, paths: { ...openapiObject.paths, ...paths } };
};
