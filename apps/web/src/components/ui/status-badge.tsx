import { orderHoldMessages, type Order } from '@shop/shared';

const TINT: Record<Order['orderStatus'], string> = {
  pending: 'bg-warning/25',
  placed: 'bg-info/15',
  shipped: 'bg-success/20',
  cancelled: 'bg-base-200',
};

/**
 * An order's status as a plain label: a tint and dark text, no border, shadow or pointer, so it
 * never looks like a button beside the real ones. 'cancelled' reads as the word the customer was
 * mailed.
 */
export function StatusBadge({ status }: { status: Order['orderStatus'] }) {
  return (
    <span
      className={`badge text-base-content border-transparent font-medium whitespace-nowrap ${TINT[status]}`}
    >
      {status === 'cancelled' ? orderHoldMessages.cancelled : status}
    </span>
  );
}
