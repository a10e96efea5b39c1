import type { Kysely } from 'kysely';
import type { Database, ReviewRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';

export function createReviewsRepository(db: Kysely<Database>) {
  return {
    /** One page of reviews, newest first, and how many there are in all. */
    async listNewestFirst(
      limit: number,
      offset = 0,
    ): Promise<{ rows: ReviewRow[]; total: number }> {
      // The total rides along on every row (a window count), so page and total are one read.
      const found = await db
        .selectFrom('reviews')
        .selectAll()
        .select((eb) => eb.fn.countAll<number | string>().over().as('total'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const [first] = found;
      if (first) {
        return { rows: found.map(({ total: _total, ...row }) => row), total: Number(first.total) };
      }
      // A page past the end has no row to carry the total.
      const { total } = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows: [], total: Number(total) };
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
