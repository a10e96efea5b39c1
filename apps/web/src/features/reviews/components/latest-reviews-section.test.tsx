import { HOME_REVIEW_COUNT, type Review } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LatestReviewsSection } from './latest-reviews-section';

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
});
