import type { Review } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { latestReviews } from './latest-reviews';

const review = (id: string, time: string): Review => ({
  _id: id,
  rating: 5,
  review: 'x'.repeat(50),
  time,
  reviewer: `Reviewer ${id}`,
});

describe('latestReviews', () => {
  const reviews = [
    review('a', '2026-01-01T00:00:00.000Z'),
    review('b', '2026-03-01T00:00:00.000Z'),
    review('c', '2026-02-01T00:00:00.000Z'),
    review('d', '2026-05-01T00:00:00.000Z'),
    review('e', '2025-12-01T00:00:00.000Z'),
    review('f', '2026-04-01T00:00:00.000Z'),
    review('g', '2026-06-01T00:00:00.000Z'),
    review('h', '2025-11-01T00:00:00.000Z'),
  ];

  it('keeps the newest six, newest first', () => {
    expect(latestReviews(reviews, 6).map((r) => r._id)).toEqual(['g', 'd', 'f', 'b', 'c', 'a']);
  });

  it('does not change the list it was given', () => {
    const copy = [...reviews];
    latestReviews(reviews, 6);
    expect(reviews).toEqual(copy);
  });

  it('returns fewer when there are fewer', () => {
    expect(latestReviews(reviews.slice(0, 2), 6).map((r) => r._id)).toEqual(['b', 'a']);
  });
});
