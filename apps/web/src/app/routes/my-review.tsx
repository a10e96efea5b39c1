import { ReviewForm } from '../../features/reviews/components/review-form';
import { usePageTitle } from '../../lib/use-page-title';

export function MyReviewRoute() {
  usePageTitle('My Review');
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold">My Review</h1>
      <ReviewForm />
    </div>
  );
}
