import {
  ID_PATTERN,
  impersonatesShop,
  messages,
  type Review,
  type reviewCreateSchema,
} from '@shop/shared';
import type { z } from 'zod';
import type { CurrentUser } from '../../auth/guard.js';
import type { ReviewRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
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
    /** Page `page` (from 1) of `limit` reviews, newest first, and the total. */
    async list({ limit, page }: { limit: number; page: number }) {
      const { rows, total } = await reviews.listNewestFirst(limit, (page - 1) * limit);
      return { items: rows.map(toReview), total };
    },

    /**
     * The author, their shown name and the time come from the token and our clock. Only an
     * admin writes as the shop: a customer whose name would pass for it is asked to change it.
     */
    async create(caller: CurrentUser, input: z.output<typeof reviewCreateSchema>) {
      const reviewer = caller.displayName || caller.email.split('@')[0] || 'Customer';
      if (caller.role !== 'admin' && impersonatesShop(reviewer)) {
        throw new AppError('validation_failed', messages.reviewerNameReserved, {
          reviewer: messages.reviewerNameReserved,
        });
      }
      const row = await reviews.create({
        userId: caller.id,
        rating: input.rating,
        review: input.review,
        reviewer,
      });
      return { insertedId: row.id, review: toReview(row) };
    },

    /** Moderation (admins): the review is gone from every list at once. */
    async delete(id: string) {
      if (!ID_PATTERN.test(id) || !(await reviews.delete(id))) throw AppError.notFound('Review');
      return { deletedCount: 1 };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
