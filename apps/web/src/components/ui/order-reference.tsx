import { orderPageMessages, type Order } from '@shop/shared';
import { Link } from 'react-router';
import { NoValue } from './data-table';
import { paths } from '../../config/paths';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * What tells one order from another in My Order and Manage Order (issue 22, review defect 8):
 * its number, linked to its order page, when it was placed, and its PO number.
 */
export function OrderNumberLink({ order }: { order: Pick<Order, '_id' | 'orderNumber'> }) {
  return (
    <Link
      to={paths.dashboard.order.to(order._id)}
      className="link link-primary inline-block py-1 font-semibold whitespace-nowrap"
      aria-label={orderPageMessages.openOrderLabel(order.orderNumber)}
    >
      {order.orderNumber}
    </Link>
  );
}

/** The day an order was placed, with the time in its tooltip. */
export function PlacedDate({ order }: { order: Pick<Order, 'placedAt'> }) {
  const at = new Date(order.placedAt);
  return (
    <time dateTime={order.placedAt} title={dayAndTime.format(at)}>
      {day.format(at)}
    </time>
  );
}

/** The buyer's PO number, or a dash read as 'None'. */
export function PoNumber({ order }: { order: Pick<Order, 'poNumber'> }) {
  // One line in a table row (a PO is at most 50 characters); wrapped only in a phone's card.
  return order.poNumber ? (
    <span className="wrap-anywhere md:whitespace-nowrap">{order.poNumber}</span>
  ) : (
    <NoValue />
  );
}
