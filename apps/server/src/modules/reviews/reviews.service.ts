import type { Review } from '@shop/shared';
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
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
