import {
  formatPrice,
  formatQuantity,
  MAX_QUOTE_EXTRA_LINES,
  quoteMessages,
  quoteOfferSchema,
  type Quote,
  type QuoteProductFacts,
  wholeNumberInput,
} from '@shop/shared';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { useOfferQuote } from '../api/quote-actions';

/** The offer form's own shape: the expiry as a local date and time, as its input gives it. */
const offerFormSchema = quoteOfferSchema.extend({
  validUntil: z
    .string()
    .min(1, quoteMessages.validUntilInvalid)
    .refine((value) => !Number.isNaN(Date.parse(value)), quoteMessages.validUntilInvalid),
});
type OfferFormInput = z.input<typeof offerFormSchema>;

/** A time as a datetime-local input shows it (local, to the minute). */
function localInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A quantity as the offer's schema reads it (the shared whole-number reading), or undefined. */
const quantityReading = wholeNumberInput(z.number().int());
function typedQuantity(value: unknown): number | undefined {
  const read = quantityReading.safeParse(value);
  return read.success ? read.data : undefined;
}

/** What the shop admin prices a line with: SKU, list price, breaks, stock (defect 21). */
function ProductFacts({ facts }: { facts: QuoteProductFacts }) {
  return (
    <dl className="text-base-content/80 col-span-full grid grid-cols-[auto_1fr] gap-x-3 text-sm">
      <dt>SKU</dt>
      <dd>{facts.sku ?? '-'}</dd>
      <dt>List price</dt>
      <dd>{formatPrice(facts.listPrice)}</dd>
      <dt>Price breaks</dt>
      <dd>
        {facts.priceBreaks.length === 0
          ? 'None'
          : facts.priceBreaks
              .map((entry) => `${formatQuantity(entry.minQty)}+: ${formatPrice(entry.price)}`)
              .join(', ')}
      </dd>
      <dt>In stock</dt>
      <dd>
        {formatQuantity(facts.stock)}
        {facts.archived && ' (no longer sold)'}
      </dd>
    </dl>
  );
}

/**
 * A shop admin's offer: each line's quantity and unit price beside the product's facts (a
 * warning when a quantity passes the stock, before sending and in the answer), extra lines that
 * are no product (a setup or tooling fee), until when, a message.
 */
export function OfferForm({ quote }: { quote: Quote }) {
  const offer = useOfferQuote();
  const [failure, setFailure] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  // Two weeks from when the form opened, unless the admin picks another time.
  const [defaultUntil] = useState(() => localInput(new Date(Date.now() + 14 * 86_400_000)));
  // A new offer starts from the last one: the current, or the one kept when the buyer asked again.
  const lastOffer =
    quote.offer ?? [...quote.history].reverse().find((entry) => entry.offer)?.offer ?? null;
  const start = lastOffer?.lines ?? quote.lines.map((line) => ({ ...line, unitPrice: '' }));
  const {
    register,
    control,
    handleSubmit,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(offerFormSchema, {
    mode: 'onSubmit',
    defaultValues: {
      lines: start.map((line) => ({
        productId: line.productId,
        quantity: String(line.quantity),
        unitPrice: String(line.unitPrice),
      })),
      extraLines: (lastOffer?.extraLines ?? []).map((line) => ({
        description: line.description,
        amount: String(line.amount),
      })),
      validUntil: defaultUntil,
      message: quote.offer?.message ?? '',
    } as OfferFormInput,
  });
  const { fields } = useFieldArray({ control, name: 'lines' });
  const extras = useFieldArray({ control, name: 'extraLines' });
  const typedLines = useWatch({ control, name: 'lines' });
  const names = new Map(
    [...quote.lines, ...(lastOffer?.lines ?? [])].map((line) => [line.productId, line.productName]),
  );
  const facts = new Map((quote.products ?? []).map((product) => [product.productId, product]));
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setWarnings([]);
    try {
      const sent = await offer.mutateAsync({
        quoteId: quote._id,
        body: { ...values, validUntil: new Date(values.validUntil).toISOString() },
      });
      setWarnings((sent.warnings ?? []).map((warning) => warning.message));
      toast.success(quoteMessages.offerSent);
    } catch (error) {
      if (!showFieldErrors(error)) setFailure(errorMessage(error, 'The offer was not sent.'));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="quote-offer-form"
      className="card bg-base-100 border-base-300 border"
    >
      <div className="card-body gap-3">
        <h2 id="quote-offer-form" className="card-title text-2xl">
          {quote.offer ? 'Make a new offer' : 'Make an offer'}
        </h2>
        {failure && (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        )}
        {warnings.length > 0 && (
          <div role="status" className="alert alert-warning">
            <ul>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        )}
        {fields.map((field, index) => {
          const productId = start[index]?.productId ?? '';
          const name = names.get(productId) ?? 'the product';
          const product = facts.get(productId);
          const quantity = typedQuantity(typedLines?.[index]?.quantity);
          const overStock =
            product && quantity !== undefined && quantity > product.stock
              ? quoteMessages.overStock(name, quantity, product.stock)
              : undefined;
          return (
            <fieldset key={field.id} className="grid gap-3 sm:grid-cols-2">
              <legend className="mb-1 font-medium">{name}</legend>
              {product && <ProductFacts facts={product} />}
              <TextField
                label="Quantity"
                inputMode="numeric"
                error={errors.lines?.[index]?.quantity?.message}
                hint={overStock}
                {...register(`lines.${index}.quantity`)}
              />
              <TextField
                label="Unit price (USD)"
                inputMode="decimal"
                error={errors.lines?.[index]?.unitPrice?.message}
                {...register(`lines.${index}.unitPrice`)}
              />
            </fieldset>
          );
        })}

        <fieldset className="space-y-3">
          <legend className="mb-1 font-medium">Extra lines (a setup or tooling fee)</legend>
          {extras.fields.length === 0 && (
            <p className="text-base-content/80 text-sm">No extra lines.</p>
          )}
          {extras.fields.map((field, index) => (
            <div key={field.id} className="grid items-start gap-3 sm:grid-cols-[1fr_10rem_auto]">
              <TextField
                label={`Extra line ${index + 1}: description`}
                error={errors.extraLines?.[index]?.description?.message}
                {...register(`extraLines.${index}.description`)}
              />
              <TextField
                label={`Extra line ${index + 1}: amount (USD)`}
                inputMode="decimal"
                error={errors.extraLines?.[index]?.amount?.message}
                {...register(`extraLines.${index}.amount`)}
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm sm:mt-7"
                onClick={() => extras.remove(index)}
              >
                Remove extra line {index + 1}
              </button>
            </div>
          ))}
          {errors.extraLines?.message && (
            <p className="text-error text-sm">{errors.extraLines.message}</p>
          )}
          {extras.fields.length < MAX_QUOTE_EXTRA_LINES && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => extras.append({ description: '', amount: '' })}
            >
              Add an extra line
            </button>
          )}
        </fieldset>

        <TextField
          label="Valid until"
          type="datetime-local"
          error={errors.validUntil?.message}
          {...register('validUntil')}
        />
        <TextField
          multiline
          rows={3}
          label="Message to the buyer"
          error={errors.message?.message}
          {...register('message')}
        />
        <SubmitButton pending={offer.isPending}>Send offer</SubmitButton>
      </div>
    </form>
  );
}
