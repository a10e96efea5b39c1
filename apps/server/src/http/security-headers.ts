import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once: helmet's middleware is run on a
 * stand-in response that records them. Every answer gets the same headers, so nothing needs
 * working out per request (the Fastify plugin built helmet's whole middleware again for each).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  } as unknown as ServerResponse; // helmet only sets and removes headers on it
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}

/**
 * Sends helmet's headers (a content security policy, HSTS, no sniffing, no framing...) with
 * every answer. Set when the request arrives, so a route may still replace one (the API docs
 * send their own content security policy).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
