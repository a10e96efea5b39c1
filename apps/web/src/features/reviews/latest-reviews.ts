import type { Review } from '@shop/shared';

/** The newest `count` reviews, newest first, whatever order they arrived in. */
export function latestReviews(reviews: readonly Review[], count: number): Review[] {
  return [...reviews].sort((a, b) => Date.parse(b.time) - Date.parse(a.time)).slice(0, count);
}
