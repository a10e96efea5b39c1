import { messages, RATING_MAX, RATING_MIN, reviewCreateSchema } from '@shop/shared';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useCreateReview } from '../api/create-review';

/** The spec's review rules and messages (SPEC section 5). */
const reviewFormSchema = z.object({
  rating: z
    .string()
    .trim()
    .min(1, messages.ratingRequired)
    .refine((value) => {
      if (value === '') return true;
      const rating = Number(value);
      return Number.isInteger(rating) && rating >= RATING_MIN && rating <= RATING_MAX;
    }, messages.ratingHint),
  review: reviewCreateSchema.shape.review,
});
type FormValues = z.input<typeof reviewFormSchema>;
const empty: FormValues = { rating: '', review: '' };

/** My Review: 'Add New Review', a rating out of 5 and a review of at least 50 characters. */
export function ReviewForm() {
  const create = useCreateReview();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useZodForm(reviewFormSchema, { defaultValues: empty, mode: 'onSubmit' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync({
        rating: Number(values.rating),
        review: values.review,
      });
      if (result.insertedId) {
        toast.success(messages.reviewAdded);
        reset(empty);
      }
    } catch (error) {
      showServerErrors(error, 'Your review could not be sent. Please try again.');
    }
  });

  const ratingError = errors.rating?.message;
  return (
    <section aria-labelledby="add-review" className="card bg-base-100 border-base-300 border">
      <form onSubmit={onSubmit} noValidate className="card-body gap-1">
        <h2 id="add-review" className="card-title">
          Add New Review
        </h2>
        <FormField label={`Rating (out of ${RATING_MAX})`} error={ratingError}>
          {(control) => (
            <>
              <input
                type="number"
                inputMode="numeric"
                min={RATING_MIN}
                max={RATING_MAX}
                step={1}
                className={`input w-full ${ratingError ? 'input-error' : ''}`}
                {...control}
                aria-describedby={control['aria-describedby'] ?? `${control.id}-hint`}
                {...register('rating')}
              />
              {/* The hint turns into the error message when the rating breaks it. */}
              {!ratingError && (
                <p id={`${control.id}-hint`} className="text-base-content/70 text-sm">
                  {messages.ratingHint}
                </p>
              )}
            </>
          )}
        </FormField>
        <TextField
          multiline
          label="Review"
          rows={5}
          error={errors.review?.message}
          {...register('review')}
        />
        <SubmitButton pending={create.isPending}>Add Review</SubmitButton>
      </form>
    </section>
  );
}
