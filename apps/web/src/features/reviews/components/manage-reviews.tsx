import { madeOnFirstUse, RATING_MAX, type Review, previewText } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { useReviewsPage } from '../api/get-reviews';
import { removeReview } from '../remove-review';

/** Reviews per page of Manage Reviews. */
export const MANAGE_REVIEWS_PAGE_SIZE = 20;

const COLUMNS = ['Reviewer', 'Rating', 'Review', 'Written', 'Action'] as const;

const dateTime = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** Manage Reviews (admins): every review, newest first, a page at a time, each to delete. */
export function ManageReviews() {
  const [page, setPage] = useState(1);
  const query = useReviewsPage(page, MANAGE_REVIEWS_PAGE_SIZE);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<string | null>(null);

  const onDelete = async (review: Review) => {
    setDeleting(review._id);
    try {
      await removeReview(review, queryClient);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage Reviews</h1>
      <QueryState query={query} what="reviews" isEmpty={(list) => list.length === 0 && page === 1}>
        {(list) => (
          <>
            <DataTable label="Reviews" columns={COLUMNS}>
              <tbody>
                {list.map((review) => (
                  <tr key={review._id}>
                    <RowHeader label="Reviewer">{review.reviewer}</RowHeader>
                    <Cell label="Rating">
                      {review.rating} / {RATING_MAX}
                    </Cell>
                    <Cell label="Review">
                      <span title={review.review}>{previewText(review.review, 80)}</span>
                    </Cell>
                    <Cell label="Written">
                      <time dateTime={review.time}>{dateTime().format(new Date(review.time))}</time>
                    </Cell>
                    <Cell label="Action">
                      <button
                        type="button"
                        className="btn btn-sm btn-error btn-outline"
                        aria-label={`Delete the review by ${review.reviewer}`}
                        disabled={deleting !== null}
                        onClick={() => void onDelete(review)}
                      >
                        Delete
                      </button>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <nav aria-label="Review pages" className="flex items-center justify-between gap-4">
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={page === 1}
                onClick={() => setPage((current) => current - 1)}
              >
                Newer
              </button>
              <p className="text-sm">Page {page}</p>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={list.length < MANAGE_REVIEWS_PAGE_SIZE}
                onClick={() => setPage((current) => current + 1)}
              >
                Older
              </button>
            </nav>
          </>
        )}
      </QueryState>
    </section>
  );
}
