import type { Review, reviewCreateSchema } from '@shop/shared';
import type { z } from 'zod';
import type { CurrentUser } from '../../auth/guard.js';
import type { ReviewRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import type { ReviewsRepository } from './reviews.repository.js';

/** A stored review as the public sees it: the reviewer's name, never the author's email. */
export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    rating: row.rating,
    review: row.review,
    time: toIso(row.created_at),
    reviewer: row.reviewer,
  };
}

export function createReviewsService(reviews: ReviewsRepository) {
  return {
    async list(limit?: number): Promise<Review[]> {
      return (await reviews.listNewestFirst(limit)).map(toReview);
    },

    /** The author, their shown name and the time come from the token and our clock. */
    async create(caller: CurrentUser, input: z.output<typeof reviewCreateSchema>) {
      const row = await reviews.create({
        userId: caller.id,
        rating: input.rating,
        review: input.review,
        reviewer: caller.displayName || caller.email.split('@')[0] || 'Customer',
      });
      return { insertedId: row.id, review: toReview(row) };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
