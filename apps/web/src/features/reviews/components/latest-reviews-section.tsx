import { HOME_REVIEW_COUNT, type Review } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/query-state';
import { useReviews } from '../api/get-reviews';
import { latestReviews } from '../latest-reviews';
import { ReviewCard } from './review-card';

/**
 * The home page's 'Customer Review' list: the latest six reviews, newest first. An admin
 * (`canDelete`) sees a 'Delete' button on each, to take down spam where it shows.
 */
export function LatestReviewsSection({ canDelete = false }: { canDelete?: boolean }) {
  const query = useReviews(HOME_REVIEW_COUNT);
  const queryClient = useQueryClient();

  const onDelete = async (review: Review) => {
    const { removeReview } = await import('../remove-review');
    await removeReview(review, queryClient);
  };

  return (
    <QueryState query={query} what="reviews" isEmpty={(reviews) => reviews.length === 0}>
      {(reviews) => (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {latestReviews(reviews, HOME_REVIEW_COUNT).map((review) => (
            <li key={review._id}>
              <ReviewCard
                review={review}
                onDelete={canDelete ? () => void onDelete(review) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
