import { apiErrorSchema, listQuerySchema, reviewListSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReviewsService } from './reviews.service.js';

export function reviewRoutes(reviews: ReviewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reviews',
      {
        config: { access: 'public' },
        schema: {
          tags: ['reviews'],
          summary: 'Customer reviews, newest first',
          querystring: listQuerySchema,
          response: { 200: reviewListSchema, 400: apiErrorSchema },
        },
      },
      (request) => reviews.list(request.query.limit),
    );
  };
}
