import { messages, type Review } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import { confirmedDelete } from '../../components/ui/confirmed-delete';
import { errorMessage, toastError } from '../../lib/error-message';
import { deleteReview } from './api/delete-review';
import { reviewKeys } from './api/review-keys';

/**
 * An admin's 'Delete' on a review: the spec's confirmation, the call, then 'Deleted!' or why
 * not. Loaded on the first click, so the home page carries none of it for its visitors; a
 * plain call rather than a mutation for that reason, so it raises the app-wide error toast
 * itself.
 */
export function removeReview(review: Review, queryClient: QueryClient): Promise<void> {
  return confirmedDelete({
    text: messages.deleteReviewText(review.reviewer),
    remove: async () => {
      try {
        const result = await deleteReview(review._id);
        await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
        return result;
      } catch (error) {
        toastError(errorMessage(error));
        throw error;
      }
    },
  });
}
