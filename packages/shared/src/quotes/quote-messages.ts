import { formatQuantity } from '../common/format.js';
/**
 * Quotes (DESIGN.md section 14): statuses, limits, error codes and the texts a person reads.
 * Free of zod, so the web app may import them anywhere.
 */

/**
 * `requested`: the buyer asked, no offer yet; `offered`: a shop admin answered with prices and an
 * expiry (shown as `expired` once `validUntil` passed); `ordered`: accepted, the order made;
 * `declined`: the buyer said no. `expired` is never stored: it is an offer read after its time.
 */
export const QUOTE_STATUSES = ['requested', 'offered', 'ordered', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The words a person reads for each status. */
export const quoteStatusWords: Record<QuoteStatus, string> = {
  requested: 'Requested',
  offered: 'Offered',
  ordered: 'Ordered',
  declined: 'Declined',
  expired: 'Expired',
};

/** A quote's note (what to print, where to deliver), and the offer's message. */
export const QUOTE_NOTE_MAX_LENGTH = 2000;
/** Lines of one quote request or offer (as an order's). */
export const MAX_QUOTE_LINES = 50;
/** The artwork file: PDF, PNG, JPEG or SVG up to 5 MB. */
export const QUOTE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const QUOTE_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/svg+xml',
] as const;
export type QuoteAttachmentType = (typeof QUOTE_ATTACHMENT_TYPES)[number];
/** What a file picker offers (`accept`). */
export const QUOTE_ATTACHMENT_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.svg,' + QUOTE_ATTACHMENT_TYPES.join(',');
/** An offer is valid for at most this many days. */
export const QUOTE_MAX_VALID_DAYS = 365;
/**
 * Artwork of a quote declined, or of an offer expired, still counts in its buyer's artwork quota
 * for this many hours, and is deleted after (security 2026-11-28 #4).
 */
export const QUOTE_ARTWORK_KEEP_CLOSED_HOURS = 24;
/** Quotes one customer may have waiting for an offer at once (a flood of requests is refused). */
export const MAX_OPEN_QUOTE_REQUESTS = 20;
/** Lines of an offer that are not products (a setup or tooling fee). */
export const MAX_QUOTE_EXTRA_LINES = 10;
/** An extra line's description. */
export const QUOTE_EXTRA_LINE_MAX_LENGTH = 200;

/** What every quote number starts with (issue 33: sequential like orders' `CF-10001`). */
export const QUOTE_NUMBER_PREFIX = 'Q-';
/** The first quote's number (existing quotes were numbered from it by their asking time). */
export const FIRST_QUOTE_NUMBER = 10_001;

/** The stored number as people read it: 10234 -> "Q-10234". */
export function formatQuoteNumber(number: number): string {
  return `${QUOTE_NUMBER_PREFIX}${number}`;
}

/** Searches that name one quote number: "Q-10234", "q-10234", "Q 10234", "10234". */
const QUOTE_NUMBER_SEARCH = /^\s*(?:q[\s-]*)?(\d{1,9})\s*$/i;

/** The quote number a search text names, or undefined when it names none. */
export function quoteNumberSearched(q: string): number | undefined {
  const match = QUOTE_NUMBER_SEARCH.exec(q);
  if (!match?.[1]) return undefined;
  const number = Number(match[1]);
  return Number.isSafeInteger(number) && number <= 2_147_483_647 ? number : undefined;
}

/** What a quote's history records (migration 0032). */
export const QUOTE_HISTORY_KINDS = [
  'new-offer-asked',
  'order-rejected',
  'order-cancelled',
  'order-deleted',
] as const;
export type QuoteHistoryKind = (typeof QUOTE_HISTORY_KINDS)[number];

/** The error codes of quotes and their statuses (merged into `errorStatus`). */
export const quoteErrorStatus = {
  quote_expired: 409,
  quote_not_offered: 409,
  quote_closed: 409,
  quote_changed: 409,
  too_many_quote_requests: 409,
  artwork_quota_exceeded: 413,
} as const;

export const quoteMessages = {
  noLines: 'Add at least one product to the quote',
  tooManyLines: `A quote can have at most ${MAX_QUOTE_LINES} lines`,
  duplicateLine: 'Each product can be in the quote only once',
  noteTooLong: `Note must be at most ${QUOTE_NOTE_MAX_LENGTH} characters`,
  messageTooLong: `Message must be at most ${QUOTE_NOTE_MAX_LENGTH} characters`,
  unitPriceInvalid: 'Unit price must be a positive amount in dollars with at most 2 decimals',
  validUntilInvalid: 'Valid until must be a date and time',
  validUntilPast: 'Valid until must be in the future',
  validUntilTooFar: `An offer can be valid for at most ${QUOTE_MAX_VALID_DAYS} days`,
  offerTooLarge: 'One offer can total at most $999,999.99; please split it.',
  productArchived: 'This product is no longer sold',
  quoteNotFound: 'There is no such quote.',
  notYours: 'Only the buyer of this quote or an admin of their company can do that.',
  expired: 'This offer has expired. Ask us for a new one.',
  notOffered: 'This quote has no offer to accept or decline yet.',
  alreadyOrdered: 'This quote has already been accepted.',
  alreadyDeclined: 'This quote has been declined.',
  closed: 'This quote has been accepted or declined and can no longer change.',
  changed: 'The offer changed while you were reading it. Please look at the new offer.',
  attachmentTooLarge: `The file is larger than ${QUOTE_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`,
  attachmentType: 'Upload a PDF, PNG, JPEG or SVG file.',
  attachmentMismatch: 'The file’s content is not what its name or type says.',
  attachmentMissing: 'Choose a file to upload.',
  attachmentIncomplete: 'The upload is incomplete. Please send the file again.',
  attachmentLocked: 'The artwork can be changed only until the quote is answered.',
  noAttachment: 'This quote has no artwork file.',
  artworkQuotaExceeded: (quotaMb: number) =>
    `Your artwork files together may take at most ${quotaMb.toLocaleString('en-US')} MB. Files of quotes declined or expired stop counting a day later.`,
  tooManyDownloads: 'Too many artwork downloads. Please wait a minute and try again.',
  tooManyRequests: `You have ${MAX_OPEN_QUOTE_REQUESTS} quotes waiting for an answer. Please wait for them first.`,
  shortLine: (productName: string, available: number) =>
    `Only ${formatQuantity(available)} of ${productName} are in stock now. Ask us for a new offer.`,
  // Issue 33 point 5 (usability walk 2026-11-28, defects 3, 4, 21).
  overStock: (productName: string, offered: number, stock: number) =>
    `${formatQuantity(offered)} offered, but only ${formatQuantity(stock)} of ${productName} are in stock now: the buyer cannot accept this offer unless stock arrives.`,
  extraLineDescriptionRequired: 'Describe the extra line (for example "Logo print setup")',
  extraLineDescriptionTooLong: `A description can have at most ${QUOTE_EXTRA_LINE_MAX_LENGTH} characters`,
  extraLineAmountInvalid: 'Amount must be a positive amount in dollars with at most 2 decimals',
  tooManyExtraLines: `An offer can have at most ${MAX_QUOTE_EXTRA_LINES} extra lines`,
  newOfferMessageRequired: 'Tell us what the new offer should change',
  newOfferAsked: 'We have asked for a new offer. The old one is kept in the history below.',
  askNewOffer: 'Ask for a new offer',
  notReRequestable: 'A new offer can be asked for only while the quote has an offer.',
  historyWords: {
    'new-offer-asked': 'New offer asked for',
    'order-rejected': 'Order rejected by the approver',
    'order-cancelled': 'Order cancelled',
    'order-deleted': 'Order deleted',
  } satisfies Record<QuoteHistoryKind, string>,
  reopened:
    'The order of this quote was cancelled: the offer can be accepted again while it is valid.',
  // The web app's texts.
  requestQuote: 'Request a quote',
  quoteRequested: 'Quote requested. We will answer with an offer.',
  offerSent: 'Offer sent to the buyer.',
  accepted: 'Offer accepted: your order is placed.',
  declined: 'Quote declined.',
  noQuotes: 'No quotes yet. Ask for one from your order list.',
  timeLeft: (left: string) => `${left} left to accept`,
  // The mail of an offer.
  offerSubject: (reference: string) => `Your quote ${reference}: our offer`,
  offerIntro: 'We have answered your quote request with an offer:',
  offerValid: (until: string) => `The offer is valid until ${until}.`,
  offerLink: 'See the offer and accept it',
} as const;

/**
 * A quote's reference as people read it: its number (`Q-10001`, migration 0032); a row read
 * before the database numbered it (never after the insert's transaction) falls back to the id.
 */
export function quoteReference(number: number | null, id: string): string {
  return number === null ? `Q-${id.slice(-8).toUpperCase()}` : formatQuoteNumber(number);
}
