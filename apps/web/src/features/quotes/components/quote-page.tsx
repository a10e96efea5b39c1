import {
  formatQuantity,
  formatDocumentDate,
  formatDocumentTime,
  formatPrice,
  formatTimeLeft,
  quoteAcceptSchema,
  quoteMessages,
  quoteOfferSchema,
  type Quote,
} from '@shop/shared';
import { useFieldArray } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { BuyerFields } from '../../../components/ui/buyer-fields';
import { confirmAction } from '../../../components/ui/confirm';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { QueryState } from '../../../components/ui/query-state';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useNow } from '../../../lib/use-now';
import { useDownloadArtwork } from '../api/download-artwork';
import { useQuote } from '../api/get-quote';
import { useAcceptQuote, useDeclineQuote, useOfferQuote } from '../api/quote-actions';
import { QuoteStatusBadge } from './quote-status';

/** Who reads the page: a shop admin answers with offers; anyone else is the buyer's side. */
export interface QuoteViewer {
  displayName: string;
  email: string;
  role: 'admin' | 'user';
}

/**
 * A quote's page (DESIGN.md section 14): what was asked (lines, note, artwork), the offer with
 * its prices, message and time left, and what the reader may do: Accept (with phone and address,
 * as at checkout) or Decline for the buyer's side; the offer form for a shop admin.
 */
export function QuotePage({ quoteId, viewer }: { quoteId: string; viewer: QuoteViewer }) {
  const quote = useQuote(quoteId);
  return (
    <QueryState query={quote} what="the quote">
      {(found) => <QuoteDetails quote={found} viewer={viewer} />}
    </QueryState>
  );
}

function QuoteDetails({ quote, viewer }: { quote: Quote; viewer: QuoteViewer }) {
  const now = useNow();
  const download = useDownloadArtwork(quote._id);
  const isShopAdmin = viewer.role === 'admin';
  const left =
    quote.offer && quote.status === 'offered' && formatTimeLeft(quote.offer.validUntil, now);
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Quote {quote.reference}</h1>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="text-base-content/80">
        Requested {formatDocumentDate(quote.createdAt)} by {quote.userName} ({quote.userEmail})
      </p>

      <section aria-labelledby="quote-request" className="card bg-base-100 border-base-300 border">
        <div className="card-body gap-3">
          <h2 id="quote-request" className="card-title text-2xl">
            What was asked
          </h2>
          <DataTable label="Requested products" columns={['Product', 'Quantity']}>
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.productId}>
                  <RowHeader label="Product">{line.productName}</RowHeader>
                  <Cell label="Quantity">{formatQuantity(line.quantity)}</Cell>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {quote.note && (
            <div>
              <h3 className="font-semibold">Note</h3>
              <p className="whitespace-pre-line">{quote.note}</p>
            </div>
          )}
          <div>
            <h3 className="font-semibold">Artwork</h3>
            {quote.attachment ? (
              <button
                type="button"
                className="btn btn-sm btn-outline mt-1"
                disabled={download.isPending}
                onClick={() => download.mutate()}
              >
                Download {quote.attachment.filename} ({Math.ceil(quote.attachment.size / 1024)} KB)
              </button>
            ) : (
              <p className="text-base-content/80">No artwork file.</p>
            )}
          </div>
        </div>
      </section>

      {quote.offer && (
        <section aria-labelledby="quote-offer" className="card bg-base-100 border-base-300 border">
          <div className="card-body gap-3">
            <h2 id="quote-offer" className="card-title text-2xl">
              Our offer
            </h2>
            <DataTable
              label="Offered products"
              columns={['Product', 'Quantity', 'Unit price', 'Line total']}
            >
              <tbody>
                {quote.offer.lines.map((line) => (
                  <tr key={line.productId}>
                    <RowHeader label="Product">{line.productName}</RowHeader>
                    <Cell label="Quantity">{formatQuantity(line.quantity)}</Cell>
                    <Cell label="Unit price">{formatPrice(line.unitPrice)}</Cell>
                    <Cell label="Line total">{formatPrice(line.lineTotal)}</Cell>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <p className="text-xl font-bold">Total: {formatPrice(quote.offer.total)}</p>
            {quote.offer.message && <p className="whitespace-pre-line">{quote.offer.message}</p>}
            <p>
              Valid until {formatDocumentTime(quote.offer.validUntil)}
              {left && <span className="font-semibold"> ({quoteMessages.timeLeft(left)})</span>}
            </p>
          </div>
        </section>
      )}

      {quote.status === 'ordered' && quote.orderId && (
        <p className="alert alert-success">
          <span>
            Accepted.{' '}
            <Link to={paths.dashboard.order.to(quote.orderId)} className="link font-semibold">
              See the order
            </Link>
          </span>
        </p>
      )}

      {!isShopAdmin && quote.status === 'offered' && quote.offer && (
        <AcceptForm quote={quote} viewer={viewer} />
      )}
      {!isShopAdmin && (quote.status === 'requested' || quote.status === 'offered') && (
        <DeclineButton quote={quote} />
      )}
      {isShopAdmin && quote.status !== 'ordered' && quote.status !== 'declined' && (
        <OfferForm quote={quote} />
      )}
    </section>
  );
}

const acceptFormSchema = quoteAcceptSchema.pick({ phone: true, address: true, poNumber: true });

/** Accept: the delivery details as at checkout; the order is placed and paid for next. */
function AcceptForm({ quote, viewer }: { quote: Quote; viewer: QuoteViewer }) {
  const navigate = useNavigate();
  const accept = useAcceptQuote();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(acceptFormSchema, {
    mode: 'onSubmit',
    defaultValues: { phone: '', address: '', poNumber: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { order } = await accept.mutateAsync({
        quoteId: quote._id,
        body: {
          phone: values.phone,
          address: values.address,
          ...(values.poNumber && { poNumber: values.poNumber }),
          offerVersion: quote.offer?.version,
        },
      });
      toast.success(quoteMessages.accepted);
      await navigate(paths.dashboard.payment.to(order._id));
    } catch (error) {
      if (!showFieldErrors(error)) setFailure(errorMessage(error, 'The offer was not accepted.'));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="quote-accept"
      className="card bg-base-100 border-base-300 border"
    >
      <div className="card-body gap-3">
        <h2 id="quote-accept" className="card-title text-2xl">
          Accept the offer
        </h2>
        {failure && (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        )}
        <BuyerFields
          customer={{ displayName: quote.userName, email: quote.userEmail }}
          phone={register('phone')}
          address={register('address')}
          phoneError={errors.phone?.message}
          addressError={errors.address?.message}
        />
        <TextField
          label="PO number (optional)"
          error={errors.poNumber?.message}
          {...register('poNumber')}
        />
        <p className="text-base-content/80 text-sm">
          Accepting places one order of {formatPrice(quote.offer?.total ?? 0)} for{' '}
          {viewer.email === quote.userEmail ? 'you' : quote.userName}; you pay for it next.
        </p>
        <SubmitButton pending={accept.isPending}>Accept and order</SubmitButton>
      </div>
    </form>
  );
}

function DeclineButton({ quote }: { quote: Quote }) {
  const decline = useDeclineQuote();
  const onClick = async () => {
    const sure = await confirmAction({
      title: 'Decline this quote?',
      text: `Quote ${quote.reference} will be closed; ask for a new one if you change your mind.`,
      confirmText: 'Decline',
      tone: 'danger',
    });
    if (!sure) return;
    await decline.mutateAsync(quote._id);
    toast.success(quoteMessages.declined);
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-error"
      disabled={decline.isPending}
      onClick={() => void onClick()}
    >
      Decline
    </button>
  );
}

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

/** A shop admin's offer: each line's quantity and unit price, until when, a message. */
function OfferForm({ quote }: { quote: Quote }) {
  const offer = useOfferQuote();
  const [failure, setFailure] = useState<string | null>(null);
  // Two weeks from when the form opened, unless the admin picks another time.
  const [defaultUntil] = useState(() => localInput(new Date(Date.now() + 14 * 86_400_000)));
  const start = quote.offer?.lines ?? quote.lines.map((line) => ({ ...line, unitPrice: '' }));
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
      validUntil: defaultUntil,
      message: quote.offer?.message ?? '',
    } as OfferFormInput,
  });
  const { fields } = useFieldArray({ control, name: 'lines' });
  const names = new Map(
    [...quote.lines, ...(quote.offer?.lines ?? [])].map((line) => [
      line.productId,
      line.productName,
    ]),
  );
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await offer.mutateAsync({
        quoteId: quote._id,
        body: { ...values, validUntil: new Date(values.validUntil).toISOString() },
      });
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
        {fields.map((field, index) => {
          const name = names.get(start[index]?.productId ?? '') ?? 'the product';
          return (
            <fieldset key={field.id} className="grid gap-3 sm:grid-cols-2">
              <legend className="mb-1 font-medium">{name}</legend>
              <TextField
                label="Quantity"
                inputMode="numeric"
                error={errors.lines?.[index]?.quantity?.message}
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
