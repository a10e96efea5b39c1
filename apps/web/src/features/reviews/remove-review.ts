import { messages, type Review } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { alertDeleted, confirmDelete } from '../../components/ui/confirm-delete';
import { ApiRequestError } from '../../lib/api-client';
import { deleteReview } from './api/delete-review';
import { reviewKeys } from './api/review-keys';

/**
 * An admin's 'Delete' on a review: the spec's confirmation, the call, then 'Deleted!' or why
 * not. Loaded on the first click, so the home page carries none of it for its visitors.
 */
export async function removeReview(review: Review, queryClient: QueryClient): Promise<void> {
  if (!(await confirmDelete(messages.deleteReviewText(review.reviewer)))) return;
  try {
    const { deletedCount } = await deleteReview(review._id);
    await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    if (deletedCount) await alertDeleted();
  } catch (error) {
    const explained = error instanceof ApiRequestError && error.status !== 403;
    toast.error(explained ? error.message : messages.noPermission);
  }
}
