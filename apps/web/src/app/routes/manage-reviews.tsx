import { ManageReviews } from '../../features/reviews/components/manage-reviews';
import { usePageTitle } from '../../lib/use-page-title';

export function ManageReviewsRoute() {
  usePageTitle('Manage Reviews');
  return <ManageReviews />;
}
