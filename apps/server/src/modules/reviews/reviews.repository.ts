import type { Kysely } from 'kysely';
import type { Database, ReviewRow } from '../../db/schema.js';

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
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
