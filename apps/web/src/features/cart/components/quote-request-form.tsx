import {
  QUOTE_ATTACHMENT_ACCEPT,
  QUOTE_ATTACHMENT_MAX_BYTES,
  QUOTE_NOTE_MAX_LENGTH,
  quoteCreateSchema,
  quoteMessages,
} from '@shop/shared';
import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useRequestQuote } from '../../quotes/api/request-quote';
import { useUploadArtwork } from '../../quotes/api/upload-artwork';
import { useOrderList } from '../order-list-store';

type FormInput = z.input<typeof quoteCreateSchema>;

/**
 * 'Request a quote' from the order list (DESIGN.md section 14): each product of the list with a
 * quantity the buyer may set beyond the stock, the minimum or the pack size (that is what a
 * quote is for), a note (what to print, when) and one artwork file. The list itself stays as it
 * is; the buyer goes on to the quote's page.
 */
export function QuoteRequestForm() {
  const lines = useOrderList();
  const navigate = useNavigate();
  const request = useRequestQuote();
  const upload = useUploadArtwork();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const fileId = useId();
  const names = new Map(lines.map((line) => [line.productId, line.name]));
  const {
    register,
    control,
    handleSubmit,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(quoteCreateSchema, {
    mode: 'onSubmit',
    defaultValues: {
      lines: lines.map(({ productId, quantity }) => ({ productId, quantity: String(quantity) })),
      note: '',
    } as FormInput,
  });
  const { fields, remove } = useFieldArray({ control, name: 'lines' });

  if (lines.length === 0) {
    return (
      <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
        <p>{quoteMessages.noLines}.</p>
        <Link to={paths.products.to()} className="btn btn-primary">
          Browse products
        </Link>
      </div>
    );
  }

  const chooseFile = (chosen: File | null) => {
    setFileError(undefined);
    if (chosen && chosen.size > QUOTE_ATTACHMENT_MAX_BYTES) {
      setFileError(quoteMessages.attachmentTooLarge);
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let quoteId: string;
    try {
      quoteId = (await request.mutateAsync(values)).insertedId;
    } catch (error) {
      if (!showFieldErrors(error)) setFailure(errorMessage(error, 'The quote was not requested.'));
      return;
    }
    if (file) {
      try {
        await upload.mutateAsync({ quoteId, file });
      } catch (error) {
        // The quote exists: its page offers the upload again.
        toast.error(errorMessage(error, quoteMessages.attachmentType));
      }
    }
    toast.success(quoteMessages.quoteRequested);
    await navigate(paths.dashboard.quote.to(quoteId));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-4">
        {failure && (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        )}
        <fieldset className="space-y-3">
          <legend className="mb-2 text-xl font-semibold">Products and quantities</legend>
          <p className="text-base-content/80 text-sm">
            Ask for any quantity: more than we have in stock, or below the minimum.
          </p>
          {fields.map((field, index) => {
            const name = names.get(field.productId) ?? 'the product';
            // Each line is a group named by its product: its field's label need not repeat the
            // name (defect 27), a screen reader reads the group's name with it.
            return (
              <fieldset key={field.id}>
                <legend className="sr-only">{name}</legend>
                <div className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_auto]">
                  <p aria-hidden="true" className="font-medium sm:pb-3">
                    {name}
                  </p>
                  <TextField
                    label="Quantity"
                    inputMode="numeric"
                    autoComplete="off"
                    error={
                      errors.lines?.[index]?.quantity?.message ??
                      errors.lines?.[index]?.productId?.message
                    }
                    {...register(`lines.${index}.quantity`)}
                  />
                  {/* At least one line stays: the last one has no Remove. */}
                  {fields.length > 1 && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm sm:mb-2"
                      aria-label={`Remove ${name} from the quote`}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </button>
                  )}
                </div>
              </fieldset>
            );
          })}
        </fieldset>
        <TextField
          multiline
          label="Note"
          hint="What to print, the colours, when you need it"
          rows={4}
          maxLength={QUOTE_NOTE_MAX_LENGTH}
          error={errors.note?.message}
          {...register('note')}
        />
        <div className="space-y-1">
          <label htmlFor={fileId} className="block font-medium">
            Artwork (optional)
          </label>
          <p id={`${fileId}-hint`} className="text-base-content/80 text-sm">
            PDF, PNG, JPEG or SVG, up to 5 MB
          </p>
          <input
            id={fileId}
            type="file"
            accept={QUOTE_ATTACHMENT_ACCEPT}
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            aria-invalid={fileError ? true : undefined}
            className="file-input w-full"
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
          {fileError && (
            <p id={`${fileId}-error`} className="text-error text-sm">
              {fileError}
            </p>
          )}
        </div>
        <SubmitButton pending={request.isPending || upload.isPending}>
          {quoteMessages.requestQuote}
        </SubmitButton>
      </div>
    </form>
  );
}
