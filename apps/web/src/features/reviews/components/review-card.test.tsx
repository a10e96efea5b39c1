import type { Review } from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewCard } from './review-card';

const review: Review = {
  _id: '65a1b2c3d4e5f60718293a4b',
  rating: 4,
  review:
    'Solid cases, well packed and on time. The rear fan is a little noisy for our office use.',
  time: '2026-03-04T10:30:00.000Z',
  reviewer: 'Tom Walsh',
};

describe('ReviewCard', () => {
  it('shows the NEW badge, the rating, the text, the time and the reviewer', () => {
    render(<ReviewCard review={review} />);
    expect(screen.getByText('NEW')).toBeInTheDocument();
    expect(screen.getByText('4 out of 5')).toBeInTheDocument();
    expect(screen.getByText(review.review)).toBeInTheDocument();
    expect(screen.getByText('Tom Walsh')).toBeInTheDocument();
    const time = screen.getByText(/2026/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', review.time);
  });
});
