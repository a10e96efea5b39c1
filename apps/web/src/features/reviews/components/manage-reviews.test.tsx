import { messages, type Review } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertDeleted, confirmDelete } from '../../../components/ui/confirm-delete';
import { renderWithProviders } from '../../../test/render';
import { MANAGE_REVIEWS_PAGE_SIZE, ManageReviews } from './manage-reviews';

vi.mock('../../../components/ui/confirm-delete', () => ({
  confirmDelete: vi.fn(async () => true),
  alertDeleted: vi.fn(async () => undefined),
}));

/** 25 reviews, newest first, as the server pages them. */
let all: Review[] = Array.from({ length: 25 }, (_, i) => ({
  _id: `review${String(i).padStart(2, '0')}`,
  rating: (i % 5) + 1,
  review: `Review number ${i} `.padEnd(60, '.'),
  time: new Date(Date.UTC(2026, 5, 30 - i)).toISOString(),
  reviewer: `Reviewer ${i}`,
}));

function serve() {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      all = all.filter((review) => !url.endsWith(`/${review._id}`));
      return Promise.resolve(new Response(JSON.stringify({ deletedCount: 1 })));
    }
    const params = new URL(url, 'http://shop').searchParams;
    const limit = Number(params.get('limit'));
    const page = Number(params.get('page'));
    return Promise.resolve(
      new Response(JSON.stringify(all.slice((page - 1) * limit, page * limit))),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('ManageReviews', () => {
  it('lists the newest page and walks to older ones', async () => {
    const fetch = serve();
    renderWithProviders(<ManageReviews />);
    const table = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(table).getAllByRole('row')).toHaveLength(MANAGE_REVIEWS_PAGE_SIZE + 1);
    expect(fetch).toHaveBeenCalledWith(
      `/api/reviews?limit=${MANAGE_REVIEWS_PAGE_SIZE}&page=1`,
      expect.anything(),
    );
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Reviewer 24')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('deletes a review after the confirmation and refreshes the page', async () => {
    const fetch = serve();
    renderWithProviders(<ManageReviews />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the review by Reviewer 3' }),
    );
    expect(confirmDelete).toHaveBeenCalledWith(messages.deleteReviewText('Reviewer 3'));
    await waitFor(() => expect(alertDeleted).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      '/api/reviews/review03',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await waitFor(() => expect(screen.queryByText('Reviewer 3')).toBeNull());
  });
});
