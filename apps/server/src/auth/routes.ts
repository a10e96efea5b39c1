import { registerSchema, type ApiError } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus } from '../http/error-handler.js';
import type { Auth } from './auth.js';

/** The identity calls an attacker would hammer: each gets the `auth` rate limits. */
const LIMITED_PATHS = ['/sign-in/email', '/sign-up/email', '/request-password-reset'] as const;

/** Hands a request to Better Auth as a web Request and sends back its answer. */
function forwardTo(auth: Auth, publicUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // The body is serialized again below, so its original length no longer applies.
      if (value === undefined || name === 'content-length') continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const hasBody = request.body !== undefined && request.method !== 'GET';
    const response = await auth.handler(
      new Request(new URL(request.url, publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    const text = await response.text();
    if (response.status < 400) return reply.send(text === '' ? undefined : text);
    // The identity service's errors take the shape of every other error of the API.
    let message = 'The request could not be completed.';
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
    } catch {
      // Not JSON: keep the generic message.
    }
    const body: ApiError = { error: { code: codeForStatus(response.status), message } };
    return reply.type('application/json').send(body);
  };
}

export async function authRoutes(
  app: FastifyInstance,
  { auth, publicUrl }: { auth: Auth; publicUrl: string },
): Promise<void> {
  const handler = forwardTo(auth, publicUrl);
  for (const path of LIMITED_PATHS) {
    // Sign-up gets the shop's own rules (a name of spaces only is no name), as the form does.
    const schema = path === '/sign-up/email' ? { body: registerSchema.loose() } : undefined;
    app.post(`/auth${path}`, { config: { access: 'public', limit: 'auth' }, schema }, handler);
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: { access: 'public' },
    handler,
  });
}
