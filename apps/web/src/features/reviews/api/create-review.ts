import type { Review } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

export interface ReviewAdded {
  insertedId?: string;
  review: Review;
}

/** `POST /reviews`: the reviewer, author and time come from the token and the server. */
export function createReview(input: { rating: number; review: string }): Promise<ReviewAdded> {
  return apiFetch<ReviewAdded>('/reviews', { method: 'POST', json: input });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The review form shows a refusal under its fields, or in a toast of its own.
    meta: { ownErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
