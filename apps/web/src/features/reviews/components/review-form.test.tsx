import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ReviewForm } from './review-form';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const longReview = 'The ForgeLine case arrived quickly, well packed, and the airflow is excellent.';

function renderForm() {
  renderWithProviders(
    <>
      <ReviewForm />
      <Toaster />
    </>,
  );
  return {
    rating: screen.getByLabelText('Rating (out of 5)'),
    review: screen.getByLabelText('Review'),
    submit: screen.getByRole('button', { name: 'Add Review' }),
  };
}

describe('ReviewForm', () => {
  it("shows the spec's four validation messages", async () => {
    const fetch = stubApi({});
    const { rating, review, submit } = renderForm();
    expect(rating).toHaveAccessibleDescription(messages.ratingHint);

    await userEvent.click(submit);
    expect(await screen.findByText(messages.ratingRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.reviewRequired)).toBeInTheDocument();

    await userEvent.type(rating, '6');
    await userEvent.type(review, 'Too short.');
    await userEvent.click(submit);
    expect(await screen.findByText(messages.reviewTooShort)).toBeInTheDocument();
    expect(rating).toHaveAccessibleDescription(messages.ratingHint);
    expect(rating).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(messages.ratingRequired)).not.toBeInTheDocument();

    await userEvent.clear(rating);
    await userEvent.type(rating, '0');
    await userEvent.click(submit);
    expect(rating).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the review was added and clears the form only when the server sent insertedId', async () => {
    const fetch = stubApi({
      'POST /api/reviews': (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ rating: 5, review: longReview });
        return json({ insertedId: 'r1', review: {} });
      },
    });
    const { rating, review, submit } = renderForm();
    await userEvent.type(rating, '5');
    await userEvent.type(review, longReview);
    await userEvent.click(submit);
    expect(await screen.findByText(messages.reviewAdded)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
    expect(rating).toHaveValue(null);
    expect(review).toHaveValue('');
  });

  it("keeps the form and shows the server's field message when it refuses", async () => {
    stubApi({
      'POST /api/reviews': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the form',
              fields: { review: 'Server says no' },
            },
          },
          400,
        ),
    });
    const { rating, review, submit } = renderForm();
    await userEvent.type(rating, '4');
    await userEvent.type(review, longReview);
    await userEvent.click(submit);
    expect(await screen.findByText('Server says no')).toBeInTheDocument();
    expect(screen.queryByText(messages.reviewAdded)).not.toBeInTheDocument();
    expect(review).toHaveValue(longReview);
  });
});
