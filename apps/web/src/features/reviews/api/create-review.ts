import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** `POST /reviews`: the reviewer, author and time come from the token and the server. */
export function createReview(input: {
  rating: number;
  review: string;
}): Promise<EndpointResponse<'POST /reviews'>> {
  return callApi('POST /reviews', { body: input });
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
