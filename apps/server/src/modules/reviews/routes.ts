import { apiContract, TOTAL_COUNT_HEADER } from '@shop/shared';
import { currentUser } from '../../auth/guard.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fromContract } from '../../http/route.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { createJsonCache } from '../../http/json-cache.js';
import { countedListResponse } from '../../http/total-count.js';
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
          operationId: 'listReviews',
          tags: ['reviews'],
          summary: `Customer reviews, newest first, in pages (limit 1-100, default 100; page from 1); the total is in ${TOTAL_COUNT_HEADER}`,
          ...fromContract('GET /reviews'),
          response: {
            200: countedListResponse(apiContract['GET /reviews'].response, {
              description: `One page; the header ${TOTAL_COUNT_HEADER} holds how many reviews there are in all`,
              total: 'How many reviews there are in all',
            }),
            ...errorResponses(503),
          },
        },
      },
      async (request, reply) => {
        const { limit, page } = request.query;
        return lists.sendPage(request, reply, `${limit}:${page}`, () =>
          reviews.list({ limit, page }),
        );
      },
    );

    app.post(
      '/reviews',
      {
        config: { access: 'user', limit: 'reviews' },
        schema: {
          operationId: 'createReview',
          tags: ['reviews'],
          summary:
            'Write a review (signed in; a few per hour); author, name and time come from the server',
          ...fromContract('POST /reviews'),
        },
      },
      (request) => reviews.create(currentUser(request), request.body),
    );

    app.delete(
      '/reviews/:id',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'deleteReview',
          tags: ['reviews'],
          summary: 'Delete a review (admins)',
          ...fromContract('DELETE /reviews/:id', 404),
        },
      },
      (request) => reviews.delete(request.params.id),
    );
  };
}
