import {
  accessTokenSchema,
  apiErrorSchema,
  emailParamsSchema,
  modifiedCountSchema,
  profileUpdatedSchema,
  profileUpdateSchema,
  userListSchema,
  userSchema,
  userSignInSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSession, currentUser } from '../../auth/guard.js';
import type { UsersService } from './users.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

export function userRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/user/:email',
      {
        config: { access: 'session' },
        schema: {
          tags: ['users'],
          summary: 'Record the signed-in user and issue their API token (after every sign-in)',
          params: emailParamsSchema,
          body: userSignInSchema,
          response: { 200: accessTokenSchema, ...errors },
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
          tags: ['users'],
          summary: 'A user with role and profile (that user or an admin)',
          params: emailParamsSchema,
          response: { 200: userSchema, ...errors },
        },
      },
      (request) => users.get(currentUser(request), request.params.email),
    );

    app.put(
      '/profile/:email',
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          summary: 'Update your own profile with the filled fields',
          params: emailParamsSchema,
          body: profileUpdateSchema,
          response: { 200: profileUpdatedSchema, ...errors },
        },
      },
      (request) => users.updateProfile(currentUser(request), request.params.email, request.body),
    );

    app.get(
      '/users',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Every user (admins)',
          response: { 200: userListSchema, ...errors },
        },
      },
      () => users.list(),
    );

    app.put(
      '/user/admin/:email',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Make a user an admin (admins)',
          params: emailParamsSchema,
          response: { 200: modifiedCountSchema, ...errors },
        },
      },
      (request) => users.promote(request.params.email),
    );

    app.put(
      '/user/user/:email',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Make an admin a regular user (admins; not yourself, not the last admin)',
          params: emailParamsSchema,
          response: { 200: modifiedCountSchema, 409: apiErrorSchema, ...errors },
        },
      },
      (request) => users.demote(currentUser(request), request.params.email),
    );
  };
}
