import { messages, orderLimitMessages, type Role } from '@shop/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { AccessTokens } from './access-token.js';
import type { Auth } from './auth.js';
import { createSessionCache } from './session-cache.js';
import { createSessionsRepository } from './sessions.repository.js';

/**
 * Who may call a route. Every /api route states one in `config.access`:
 * - `public`: anyone;
 * - `session`: someone signed in with the identity service (cookie), before holding an API token;
 * - `user`: a valid API token (owner checks are the service's job);
 * - `admin`: a valid API token of an admin.
 */
export type Access = 'public' | 'session' | 'user' | 'admin';

/** The signed-in caller, from the API token, with the role as it is now in the database. */
export interface CurrentUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  /** Whether the identity's email address is confirmed, as it is now in the database. */
  emailVerified: boolean;
}

/** The identity-service session of a `session` route. */
export interface CurrentSession {
  authUserId: string;
  sessionId: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route needs a confirmed email too (placing an order, when ORDER_REQUIRES_CONFIRMED_EMAIL
     * is on; admins never): else 403 `email_not_confirmed`, before the body is read.
     */
    confirmedEmail?: boolean;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    currentSession: CurrentSession | null;
  }
}

/** The current user of a route whose access is `user` or `admin`. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new Error(`${request.url} is not a user route`);
  return request.currentUser;
}

export function currentSession(request: FastifyRequest): CurrentSession {
  if (!request.currentSession) throw new Error(`${request.url} is not a session route`);
  return request.currentSession;
}

const unauthorized = (message: string) => new AppError('unauthorized', message);

export function registerGuard(
  app: FastifyInstance,
  {
    db,
    auth,
    tokens,
    requireConfirmedEmail,
  }: {
    db: Db;
    auth: Auth;
    tokens: AccessTokens;
    /** ORDER_REQUIRES_CONFIRMED_EMAIL: whether `config.confirmedEmail` routes ask for it. */
    requireConfirmedEmail: boolean;
  },
): void {
  const repository = createSessionsRepository(db.kysely);
  const sessions = createSessionCache(db.changes, (userId, sessionId) =>
    repository.findTokenSession(userId, sessionId),
  );
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentSession', null);

  // A route that forgets to say who may call it does not start: no private call is public by
  // accident.
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.access) {
      throw new Error(`${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  async function userFromToken(request: FastifyRequest): Promise<CurrentUser> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token) throw unauthorized(messages.loginRequired);
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(messages.signedOutExpired);
    // The session behind the token must still be live: signing out ends the token too.
    const found = await sessions.find(claims.userId, claims.sessionId);
    if (!found || new Date(found.expiresAt).getTime() <= Date.now()) {
      throw unauthorized(messages.signedOutExpired);
    }
    return found.user;
  }

  // onRequest, before the body is read: an anonymous caller learns nothing about validation.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'session') {
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!found) throw unauthorized(messages.loginRequired);
      request.currentSession = {
        authUserId: found.user.id,
        sessionId: found.session.id,
        email: found.user.email.toLowerCase(),
        name: found.user.name,
      };
      return;
    }
    const user = await userFromToken(request);
    request.currentUser = user;
    if (access === 'admin' && user.role !== 'admin') {
      throw new AppError('forbidden', messages.noPermission);
    }
    // Here rather than in the service: nothing is claimed (an Idempotency-Key) or touched (the
    // stock) before it, so the same order goes through once the address is confirmed.
    if (
      requireConfirmedEmail &&
      request.routeOptions.config.confirmedEmail &&
      user.role !== 'admin' &&
      !user.emailVerified
    ) {
      throw new AppError('email_not_confirmed', orderLimitMessages.emailNotConfirmed);
    }
  });
}
