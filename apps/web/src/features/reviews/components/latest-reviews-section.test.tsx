import { HOME_REVIEW_COUNT, messages, type Review } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertDeleted, confirmDelete } from '../../../components/ui/confirm-delete';
import { renderWithProviders } from '../../../test/render';
import { LatestReviewsSection } from './latest-reviews-section';

vi.mock('../../../components/ui/confirm-delete', () => ({
  confirmDelete: vi.fn(async () => true),
  alertDeleted: vi.fn(async () => undefined),
}));

const reviews: Review[] = Array.from({ length: HOME_REVIEW_COUNT }, (_, i) => ({
  _id: `id${i}`,
  rating: (i % 5) + 1,
  review: `Review number ${i} `.padEnd(60, '.'),
  // Oldest first on purpose: the section must still show the newest first.
  time: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  reviewer: `Reviewer ${i}`,
}));

afterEach(() => vi.unstubAllGlobals());

describe('LatestReviewsSection', () => {
  it('asks for the latest six and shows them newest first', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(reviews))));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<LatestReviewsSection />);

    const items = await screen.findAllByRole('listitem');
    expect(fetch).toHaveBeenCalledWith(
      `/api/reviews?limit=${HOME_REVIEW_COUNT}`,
      expect.anything(),
    );
    expect(items.map((item) => within(item).getByText(/^Reviewer/).textContent)).toEqual(
      [...reviews].reverse().map((r) => r.reviewer),
    );
  });

  it('shows an error with a retry when the reviews cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    renderWithProviders(<LatestReviewsSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('shows no Delete button to visitors and customers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(reviews)))),
    );
    renderWithProviders(<LatestReviewsSection />);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('lets an admin delete a review after confirming, then reloads the list', async () => {
    let list = reviews;
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        list = list.filter((review) => !url.endsWith(review._id));
        return Promise.resolve(new Response(JSON.stringify({ deletedCount: 1 })));
      }
      return Promise.resolve(new Response(JSON.stringify(list)));
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<LatestReviewsSection canDelete />);

    const button = await screen.findByRole('button', { name: 'Delete the review by Reviewer 2' });
    await userEvent.click(button);
    // The delete code is loaded on the first click.
    await waitFor(() =>
      expect(confirmDelete).toHaveBeenCalledWith(messages.deleteReviewText('Reviewer 2')),
    );
    await waitFor(() => expect(alertDeleted).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      '/api/reviews/id2',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await waitFor(() => expect(screen.queryByText('Reviewer 2')).toBeNull());
    expect(screen.getAllByRole('button', { name: /^Delete the review by/ })).toHaveLength(
      HOME_REVIEW_COUNT - 1,
    );
  });

  it('deletes nothing when the admin cancels', async () => {
    vi.mocked(confirmDelete).mockResolvedValueOnce(false);
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(reviews))));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<LatestReviewsSection canDelete />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the review by Reviewer 0' }),
    );
    await waitFor(() => expect(confirmDelete).toHaveBeenCalled());
    expect(fetch).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ method: 'DELETE' }),
    );
  });
});
