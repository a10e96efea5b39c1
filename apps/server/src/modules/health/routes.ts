import { apiErrorSchema, messages } from '@shop/shared';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Ready when the database answers',
          response: { 200: z.object({ status: z.literal('ok') }), 503: apiErrorSchema },
        },
      },
      async (request) => {
        try {
          await sql`select 1`.execute(db.kysely);
        } catch (error) {
          // Whatever went wrong, the shop is not ready: a 503 for the load balancer, not a 500.
          request.log.warn({ err: error }, 'health check: the database does not answer');
          throw new AppError('unavailable', messages.databaseUnavailable);
        }
        return { status: 'ok' as const };
      },
    );
  };
}
