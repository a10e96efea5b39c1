import { messages } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route.js';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../http/storage-health.js';
import { createHealthRepository } from './health.repository.js';

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  const health = createHealthRepository(db.kysely);
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getHealth',
          tags: ['health'],
          summary: 'Ready when the database answers and there is room to store data',
          response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses(503) },
        },
      },
      async (request, reply) => {
        try {
          await health.ping();
        } catch (error) {
          // Whatever went wrong, the shop is not ready: a 503 for the load balancer, not a 500.
          request.log.warn({ err: error }, 'health check: the database does not answer');
          throw new AppError('unavailable', messages.databaseUnavailable);
        }
        // Reads would still work, but every order, sign-up and upload would fail.
        if (await app.storageHealth.isFull()) {
          reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
          throw new AppError('unavailable', messages.storageFull);
        }
        return { status: 'ok' as const };
      },
    );
  };
}
