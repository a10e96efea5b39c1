import type { Kysely } from 'kysely';
import type { Database, ReviewRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { readPage } from '../../db/list-queries.js';
import { nowIso } from '../../db/time.js';

export function createReviewsRepository(db: Kysely<Database>) {
  return {
    /** One page of reviews, newest first, and how many there are in all. */
    listNewestFirst(limit: number, offset = 0): Promise<{ rows: ReviewRow[]; total: number }> {
      return readPage(
        db.selectFrom('reviews').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        { limit, offset },
      );
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

    /** Whether a review with this id was there to delete. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
