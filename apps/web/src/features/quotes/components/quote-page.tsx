import {
  formatQuantity,
  formatDocumentDate,
  formatDocumentTime,
  formatPrice,
  formatTimeLeft,
  quoteAcceptSchema,
  quoteMessages,
  quoteReRequestSchema,
  type Quote,
  type QuoteOfferView,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BuyerFields, type OrderDefaults } from '../../../components/ui/buyer-fields';
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
import { useAcceptQuote, useDeclineQuote, useRequestQuoteAgain } from '../api/quote-actions';
import { OfferForm } from './offer-form';
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
export function QuotePage({
  quoteId,
  viewer,
  prefill,
}: {
  quoteId: string;
  viewer: QuoteViewer;
  /** What the accept form's phone and address start with, as at checkout (defect 27). */
  prefill?: OrderDefaults | undefined;
}) {
  const quote = useQuote(quoteId);
  return (
    <QueryState query={quote} what="the quote">
      {(found) => <QuoteDetails quote={found} viewer={viewer} prefill={prefill} />}
    </QueryState>
  );
}

/** An offer's lines (products, then extra lines) with their totals. */
function OfferLines({ offer, label }: { offer: QuoteOfferView; label: string }) {
  return (
    <DataTable label={label} columns={['Product', 'Quantity', 'Unit price', 'Line total']}>
      <tbody>
        {offer.lines.map((line) => (
          <tr key={line.productId}>
            <RowHeader label="Product">{line.productName}</RowHeader>
            <Cell label="Quantity">{formatQuantity(line.quantity)}</Cell>
            <Cell label="Unit price">{formatPrice(line.unitPrice)}</Cell>
            <Cell label="Line total">{formatPrice(line.lineTotal)}</Cell>
          </tr>
        ))}
        {offer.extraLines.map((line, index) => (
          <tr key={`extra-${index}`}>
            <RowHeader label="Product">{line.description}</RowHeader>
            <Cell label="Quantity">1</Cell>
            <Cell label="Unit price">{formatPrice(line.amount)}</Cell>
            <Cell label="Line total">{formatPrice(line.amount)}</Cell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** What happened to the quote: new offers asked for (with the offer then), orders cancelled. */
function QuoteHistory({ quote }: { quote: Quote }) {
  if (quote.history.length === 0) return null;
  return (
    <section aria-labelledby="quote-history" className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-3">
        <h2 id="quote-history" className="card-title text-2xl">
          History
        </h2>
        <ol className="space-y-4">
          {quote.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="space-y-2">
              <p>
                <span className="font-semibold">{quoteMessages.historyWords[entry.kind]}</span>,{' '}
                {formatDocumentTime(entry.at)}
                {entry.orderId && entry.orderNumber && (
                  <>
                    {' '}
                    (order{' '}
                    {entry.kind === 'order-deleted' ? (
                      // A deleted order has no page to go to.
                      entry.orderNumber
                    ) : (
                      <Link to={paths.dashboard.order.to(entry.orderId)} className="link">
                        {entry.orderNumber}
                      </Link>
                    )}
                    )
                  </>
                )}
              </p>
              {entry.message && <p className="whitespace-pre-line">{entry.message}</p>}
              {entry.offer && (
                <>
                  <OfferLines
                    offer={entry.offer}
                    label={`Earlier offer ${entry.offer.version} of ${formatDocumentDate(entry.offer.offeredAt)}`}
                  />
                  <p>Total then: {formatPrice(entry.offer.total)}</p>
                </>
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function QuoteDetails({
  quote,
  viewer,
  prefill,
}: {
  quote: Quote;
  viewer: QuoteViewer;
  prefill?: OrderDefaults | undefined;
}) {
  const now = useNow();
  const download = useDownloadArtwork(quote._id);
  const isShopAdmin = viewer.role === 'admin';
  const left =
    quote.offer && quote.status === 'offered' && formatTimeLeft(quote.offer.validUntil, now);
  const lastEvent = quote.history.at(-1);
  // Its order was cancelled (rejected, expired, deleted): the offer stands again (defect 4).
  const reopened =
    quote.status === 'offered' && lastEvent !== undefined && lastEvent.kind !== 'new-offer-asked';
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Quote {quote.reference}</h1>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="text-base-content/80">
        Requested {formatDocumentDate(quote.createdAt)} by {quote.userName} ({quote.userEmail})
        {quote.companyName && <> for {quote.companyName}</>}
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
            <OfferLines offer={quote.offer} label="Offered products" />
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

      {reopened && (
        <p className="alert alert-info">
          <span>{quoteMessages.reopened}</span>
        </p>
      )}

      {!isShopAdmin && quote.status === 'offered' && quote.offer && (
        <AcceptForm quote={quote} viewer={viewer} prefill={prefill} />
      )}
      {!isShopAdmin && (quote.status === 'offered' || quote.status === 'expired') && (
        <AskAgainForm quote={quote} />
      )}
      {!isShopAdmin &&
        (quote.status === 'requested' ||
          quote.status === 'offered' ||
          quote.status === 'expired') && <DeclineButton quote={quote} />}
      {isShopAdmin && quote.status !== 'ordered' && quote.status !== 'declined' && (
        <OfferForm quote={quote} />
      )}
      <QuoteHistory quote={quote} />
    </section>
  );
}

const acceptFormSchema = quoteAcceptSchema.pick({ phone: true, address: true, poNumber: true });

/** Accept: the delivery details as at checkout; the order is placed and paid for next. */
function AcceptForm({
  quote,
  viewer,
  prefill,
}: {
  quote: Quote;
  viewer: QuoteViewer;
  prefill?: OrderDefaults | undefined;
}) {
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
    defaultValues: { phone: prefill?.phone ?? '', address: prefill?.address ?? '', poNumber: '' },
    // Defaults that arrive later (the last order's phone and address) fill only the fields the
    // buyer has not touched yet, as at checkout.
    values: { phone: prefill?.phone ?? '', address: prefill?.address ?? '', poNumber: '' },
    resetOptions: { keepDirtyValues: true },
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

/**
 * 'Ask for a new offer' (defect 3): a message to the shop; the quote waits for an answer again
 * and the offer it had stays in its history.
 */
function AskAgainForm({ quote }: { quote: Quote }) {
  const askAgain = useRequestQuoteAgain();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(quoteReRequestSchema.pick({ message: true }), {
    mode: 'onSubmit',
    defaultValues: { message: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await askAgain.mutateAsync({
        quoteId: quote._id,
        body: { message: values.message, offerVersion: quote.offer?.version },
      });
      reset();
      toast.success(quoteMessages.newOfferAsked);
    } catch (error) {
      if (!showFieldErrors(error)) setFailure(errorMessage(error, 'The request was not sent.'));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="quote-ask-again"
      className="card bg-base-100 border-base-300 border"
    >
      <div className="card-body gap-3">
        <h2 id="quote-ask-again" className="card-title text-2xl">
          {quoteMessages.askNewOffer}
        </h2>
        {failure && (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        )}
        <TextField
          multiline
          rows={3}
          label="What should the new offer change?"
          hint="For example a smaller quantity now and the rest later, or another delivery date"
          error={errors.message?.message}
          {...register('message')}
        />
        <SubmitButton pending={askAgain.isPending}>{quoteMessages.askNewOffer}</SubmitButton>
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
