import {
  apiErrorSchema,
  listQuerySchema,
  reviewCreateSchema,
  reviewListSchema,
  reviewSchema,
} from '@shop/shared';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.js';
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

    app.post(
      '/reviews',
      {
        config: { access: 'user' },
        schema: {
          tags: ['reviews'],
          summary: 'Write a review (signed in); author, name and time come from the server',
          body: reviewCreateSchema,
          response: {
            200: z.object({ insertedId: z.string(), review: reviewSchema }),
            400: apiErrorSchema,
            401: apiErrorSchema,
          },
        },
      },
      (request) => reviews.create(currentUser(request), request.body),
    );
  };
}
