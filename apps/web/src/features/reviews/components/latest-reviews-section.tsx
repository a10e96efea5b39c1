import { HOME_REVIEW_COUNT } from '@shop/shared';
import { QueryState } from '../../../components/ui/query-state';
import { useReviews } from '../api/get-reviews';
import { latestReviews } from '../latest-reviews';
import { ReviewCard } from './review-card';

/** The home page's 'Customer Review' list: the latest six reviews, newest first. */
export function LatestReviewsSection() {
  const query = useReviews(HOME_REVIEW_COUNT);
  return (
    <QueryState query={query} what="reviews" isEmpty={(reviews) => reviews.length === 0}>
      {(reviews) => (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {latestReviews(reviews, HOME_REVIEW_COUNT).map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
