import { quoteStatusWords, type QuoteStatus } from '@shop/shared';

const TINT: Record<QuoteStatus, string> = {
  requested: 'bg-warning/25',
  offered: 'bg-info/15',
  ordered: 'bg-success/20',
  declined: 'bg-base-200',
  expired: 'bg-base-200',
};

/** A quote's status as a plain label, as the order badges are drawn. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={`badge text-base-content border-transparent font-medium whitespace-nowrap ${TINT[status]}`}
    >
      {quoteStatusWords[status]}
    </span>
  );
}
