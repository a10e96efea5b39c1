import type { Review } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

export function getReviews(limit?: number): Promise<Review[]> {
  return callApi('GET /reviews', { query: { limit } });
}

export function reviewsQuery(limit?: number) {
  return queryOptions({ queryKey: reviewKeys.list(limit), queryFn: () => getReviews(limit) });
}

export function useReviews(limit?: number) {
  return useQuery(reviewsQuery(limit));
}

/** Page `page` (from 1) of `limit` reviews, newest first: what Manage Reviews walks through. */
export function useReviewsPage(page: number, limit: number) {
  return useQuery({
    queryKey: reviewKeys.page(page, limit),
    queryFn: () => callApi('GET /reviews', { query: { limit, page } }),
    placeholderData: (previous) => previous,
  });
}
