import {
  accountImageField,
  emailField,
  loginSchema,
  messages,
  passwordField,
  accountNameField,
  registerSchema,
  type ApiError,
} from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { codeForStatus } from '../http/error-handler.js';
import { AppError } from '../http/app-error.js';
import type { LimitOfRequest } from '../http/rate-limits.js';
import type { Auth } from './auth.js';
import { refuseUnsafeRedirects } from './redirect-targets.js';
import type { SignInProtection } from './sign-in-protection.js';

/** Where the identity service is mounted; Better Auth's `basePath`. */
const AUTH_BASE = '/api/auth';

/**
 * How every path of the identity service is spelled: segments of letters, digits, `-` and `_`
 * (Better Auth's routes, provider ids and tokens). No dot segment, escape (`%2e`, `%2f`, `%5c`),
 * backslash, doubled or trailing slash: those are other spellings of a path, which the URL parser
 * in front of Better Auth would normalise into a call our limits did not recognise.
 */
const CANONICAL_PATH = /^\/api\/auth(?:\/[A-Za-z0-9_-]+)+$/;

/** Deeper than any body of the identity service; a hostile one may nest thousands of levels. */
const MAX_BODY_DEPTH = 16;

/**
 * The identity calls that check a password or send mail, which an attacker would hammer: each is
 * rate limited (`auth`: per client address and per account) and its body checked by the shop's
 * rules before Better Auth sees it, so a refused attempt never reaches password hashing. Keyed by
 * the path as Better Auth routes it, for POST (the only method these calls answer).
 */
const GUARDED_CALLS: Record<string, z.ZodType | undefined> = {
  '/sign-in/email': loginSchema.loose(),
  // The shop's rules (a name of spaces only is no name), as the form has them.
  '/sign-up/email': registerSchema.extend({ image: accountImageField }).loose(),
  '/request-password-reset': z.object({ email: emailField }).loose(),
  '/reset-password': z
    .object({ token: z.string().min(1).max(256), newPassword: passwordField })
    .loose(),
  '/send-verification-email': z.object({ email: emailField }).loose(),
  '/update-user': z.object({ name: accountNameField.optional(), image: accountImageField }).loose(),
  // A new password ends every other session, and so their API tokens (finding 12): whoever
  // changes it may be locking someone out who knew the old one.
  '/change-password': z
    .object({ newPassword: passwordField })
    .loose()
    .transform((body) => ({ ...body, revokeOtherSessions: true })),
  '/change-email': z.object({ newEmail: emailField }).loose(),
  '/verify-password': undefined,
  '/delete-user': undefined,
};

/**
 * The path of a request as Better Auth will route it, relative to its base (`/sign-in/email`):
 * computed the way Better Auth does (`new URL(…).pathname`), so that dot segments, escapes and
 * backslashes resolve exactly as they would there.
 */
export function identityCallOf(rawUrl: string): string {
  const { pathname } = new URL(rawUrl, 'http://shop.invalid');
  return pathname.startsWith(`${AUTH_BASE}/`) ? pathname.slice(AUTH_BASE.length) : pathname;
}

/** Whether a request's path is spelled the one way the identity service's paths are written. */
export function isCanonicalIdentityPath(rawUrl: string): boolean {
  const rawPath = rawUrl.split('?')[0] ?? '';
  return CANONICAL_PATH.test(rawPath) && `${AUTH_BASE}${identityCallOf(rawUrl)}` === rawPath;
}

/** Whether an identity call (`POST`, `/sign-in/email`) counts against the `auth` limit. */
export function isRateLimitedIdentityCall(method: string, call: string): boolean {
  return method === 'POST' && call in GUARDED_CALLS;
}

function limitOf(request: FastifyRequest): LimitOfRequest | undefined {
  if (request.method !== 'POST') return undefined;
  const call = identityCallOf(request.url);
  return isRateLimitedIdentityCall(request.method, call) ? { limit: 'auth', call } : undefined;
}

/** Whether a JSON value nests deeper than `max` levels; iterative, for any depth. */
export function nestsDeeperThan(root: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Field errors of a zod failure, keyed by field path, as the rest of the API answers them. */
function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'request'] ??= issue.message;
  const [first] = Object.entries(fields);
  const message = first ? `${first[0]}: ${first[1]}` : 'The request is invalid';
  return new AppError('validation_failed', message, fields);
}

/** The body to hand on: refused when too deep or against the shop's rules for this call. */
function checkedBody(request: FastifyRequest): unknown {
  const body = request.body;
  if (nestsDeeperThan(body, MAX_BODY_DEPTH)) {
    throw new AppError('bad_request', messages.bodyTooDeep);
  }
  const schema = request.method === 'POST' ? GUARDED_CALLS[identityCallOf(request.url)] : undefined;
  if (!schema) return body;
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Hands a request to Better Auth as a web Request and sends back its answer. */
function forwardTo(auth: Auth, publicUrl: string, protection: SignInProtection) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = checkedBody(request);
    refuseUnsafeRedirects(request.url, body);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // The body is serialized again below, so its original length no longer applies.
      if (value === undefined || name === 'content-length') continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    // Better Auth reads the client's address (stored on the session) from this header itself:
    // it gets the one TRUST_PROXY vouches for, never the client's own spelling.
    headers.delete('x-forwarded-for');
    if (request.ip) headers.set('x-forwarded-for', request.ip);
    const hasBody = body !== undefined && request.method !== 'GET';
    const webRequest = new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
    });
    if (request.method === 'POST' && identityCallOf(request.url) === '/request-password-reset') {
      // The same answer at the same moment whether an account exists: the work (a token stored
      // and a mail sent for an account, nothing otherwise) happens after it.
      setImmediate(() => {
        auth.handler(webRequest).then(
          async (response) => {
            if (response.status >= 400) {
              const text = await response.text();
              request.log.warn({ status: response.status, body: text }, 'password reset refused');
            }
          },
          (error: unknown) => request.log.error({ err: error }, 'password reset failed'),
        );
      });
      return reply.send({ status: true, message: messages.resetLinkSent });
    }
    // A sign-in waits as its account's failures ask, and its hash queues as who it is.
    const { response, cookies: protectionCookies } = await protection.forward(
      {
        call: request.method === 'POST' ? identityCallOf(request.url) : undefined,
        body,
        ip: request.ip,
        cookie: request.headers.cookie,
      },
      () => auth.handler(webRequest),
    );

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    });
    const cookies = [...response.headers.getSetCookie(), ...protectionCookies];
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    const text = await response.text();
    if (response.status < 400) return reply.send(text === '' ? undefined : text);
    // Better Auth's own log lines are warnings at most (a client can cause them); a failure of
    // the service itself is ours to report.
    if (response.status >= 500 && response.status !== 503) {
      request.log.error({ status: response.status, body: text }, 'identity service failed');
    }
    // The identity service's errors take the shape of every other error of the API.
    let message = 'The request could not be completed.';
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
    } catch {
      // Not JSON: keep the generic message.
    }
    const error: ApiError = { error: { code: codeForStatus(response.status), message } };
    return reply.type('application/json').send(error);
  };
}

/**
 * Every call of the identity service goes through one route, so its limits and rules follow
 * what a request means (the path as Better Auth routes it), whatever the spelling; a path
 * spelled any other way than the canonical one is refused outright.
 */
export async function authRoutes(
  app: FastifyInstance,
  { auth, publicUrl, protection }: { auth: Auth; publicUrl: string; protection: SignInProtection },
): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!isCanonicalIdentityPath(request.url)) {
      throw new AppError('bad_request', messages.badAuthPath);
    }
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: { access: 'public', limitOf },
    // One route for many calls: the document lists each call instead (auth/identity-docs.ts).
    schema: { hide: true },
    handler: forwardTo(auth, publicUrl, protection),
  });
}
