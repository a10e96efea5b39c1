import { formatDateTime, RATING_MAX, type Review } from '@shop/shared';
import { useHydrated } from '../../../lib/use-hydrated';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-accent" aria-hidden="true">
      {'★'.repeat(rating)}
      <span className="text-base-300">{'★'.repeat(RATING_MAX - rating)}</span>
    </span>
  );
}

/** One review; with `onDelete` (admins), a 'Delete' button under it. */
export function ReviewCard({ review, onDelete }: { review: Review; onDelete?: () => void }) {
  // The server's way (UTC) while the browser takes the server's page over, then the reader's zone.
  const zone = useHydrated() ? 'local' : 'utc';
  return (
    <article className="card bg-base-100 border-base-300 h-full border shadow-sm">
      <div className="card-body gap-3">
        <div className="flex items-center justify-between gap-2">
          <span className="badge badge-primary font-semibold">NEW</span>
          <p className="flex items-center gap-2 text-sm font-medium">
            <Stars rating={review.rating} />
            <span>
              {review.rating} out of {RATING_MAX}
            </span>
          </p>
        </div>
        <blockquote className="text-base-content/85 grow">
          <p>{review.review}</p>
        </blockquote>
        <footer className="border-base-300 flex flex-wrap items-baseline justify-between gap-2 border-t pt-3 text-sm">
          <cite className="font-semibold not-italic">{review.reviewer}</cite>
          <time dateTime={review.time} className="text-base-content/70">
            {formatDateTime(review.time, zone)}
          </time>
        </footer>
        {onDelete && (
          <div className="card-actions justify-end">
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              aria-label={`Delete the review by ${review.reviewer}`}
              onClick={onDelete}
            >
              Delete
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
