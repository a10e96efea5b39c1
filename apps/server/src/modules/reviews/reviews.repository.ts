import type { Kysely } from 'kysely';
import type { Database, ReviewRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';

export function createReviewsRepository(db: Kysely<Database>) {
  return {
    /** Reviews newest first. */
    listNewestFirst(limit?: number): Promise<ReviewRow[]> {
      let query = db
        .selectFrom('reviews')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    async create(input: { userId: string; rating: number; review: string; reviewer: string }) {
      const row = {
        id: newId(),
        user_id: input.userId,
        rating: input.rating,
        review: input.review,
        reviewer: input.reviewer,
        created_at: nowIso(),
      };
      await db.insertInto('reviews').values(row).execute();
      return row;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
