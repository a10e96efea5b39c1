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
import type { ChangeFeed } from '../../db/change-feed.js';
import { createJsonCache } from '../../http/json-cache.js';
import type { ReviewsService } from './reviews.service.js';

export function reviewRoutes(reviews: ReviewsService, changes: ChangeFeed): FastifyPluginAsyncZod {
  // The home page reads the latest reviews on every visit; they change when one is written.
  const lists = createJsonCache(changes, 'reviews');
  return async (app) => {
    app.get(
      '/reviews',
      {
        config: { access: 'public', hotList: 'reviews' },
        schema: {
          tags: ['reviews'],
          summary: 'Customer reviews, newest first',
          querystring: listQuerySchema,
          response: { 200: reviewListSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { limit } = request.query;
        return lists.send(request, reply, String(limit ?? 'all'), () => reviews.list(limit));
      },
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
