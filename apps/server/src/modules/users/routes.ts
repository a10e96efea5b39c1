import { apiContract, TOTAL_COUNT_HEADER, type SignInMethods } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/route.js';
import { countedListResponse, sendCounted } from '../../http/total-count.js';
import { currentSession, currentUser } from '../../auth/guard.js';
import type { UsersService } from './users.service.js';

export function userRoutes(
  users: UsersService,
  signInMethods: SignInMethods = { google: false },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sign-in-methods',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getSignInMethods',
          tags: ['users'],
          summary:
            "The ways of signing in this shop offers: google is true when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set ('Continue With Google' is shown only then)",
          ...fromContract('GET /sign-in-methods'),
        },
      },
      () => signInMethods,
    );

    app.put(
      '/user/:email',
      {
        config: { access: 'session' },
        schema: {
          operationId: 'issueApiToken',
          tags: ['users'],
          summary: 'Record the signed-in user and issue their API token (after every sign-in)',
          ...fromContract('PUT /user/:email', 403),
        },
      },
      async (request) => ({
        token: await users.signIn(currentSession(request), request.params.email, request.body),
      }),
    );

    app.get(
      '/user/:email',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getUser',
          tags: ['users'],
          summary: 'A user with role and profile (that user or an admin)',
          ...fromContract('GET /user/:email', 403, 404),
        },
      },
      (request) => users.get(currentUser(request), request.params.email),
    );

    app.put(
      '/profile/:email',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'updateProfile',
          tags: ['users'],
          summary: 'Update your own profile with the filled fields',
          ...fromContract('PUT /profile/:email', 403, 404),
        },
      },
      (request) => users.updateProfile(currentUser(request), request.params.email, request.body),
    );

    app.get(
      '/users',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'listUsers',
          tags: ['users'],
          summary: `Manage Users (admins): every user, oldest first; with q (name, email or uid), page or limit the matches, one page of them; the number of matches is in ${TOTAL_COUNT_HEADER}`,
          ...fromContract('GET /users'),
          response: {
            200: countedListResponse(apiContract['GET /users'].response, {
              description: 'The matching users, oldest first: all of them, or the page asked for',
              total: 'How many users match (every user without q)',
            }),
          },
        },
      },
      async (request, reply) => sendCounted(reply, await users.listForAdmin(request.query)),
    );

    app.put(
      '/user/admin/:email',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'promoteUser',
          tags: ['users'],
          summary: 'Make a user an admin (admins)',
          ...fromContract('PUT /user/admin/:email', 404),
        },
      },
      (request) => users.promote(request.params.email),
    );

    app.put(
      '/user/user/:email',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'demoteUser',
          tags: ['users'],
          summary: 'Make an admin a regular user (admins; not yourself, not the last admin)',
          ...fromContract('PUT /user/user/:email', 404, 409),
        },
      },
      (request) => users.demote(currentUser(request), request.params.email),
    );
  };
}
