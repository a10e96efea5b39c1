import { madeOnFirstUse, type Order, orderPageMessages } from '@shop/shared';
import { Link } from 'react-router';
import { NoValue } from './data-table';
import { paths } from '../../config/paths';

const day = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const dayAndTime = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

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
    <time dateTime={order.placedAt} title={dayAndTime().format(at)}>
      {day().format(at)}
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

/** A line's SKU in a table: small, monospaced, named for screen readers. */
function Sku({ sku }: { sku: string | null }) {
  if (!sku) return null;
  return (
    <span className="text-base-content/80 block font-mono text-xs wrap-anywhere">
      <span className="sr-only">{orderPageMessages.skuLabel} </span>
      {sku}
    </span>
  );
}

/**
 * An order table's product cell (ux 2026-11-28 #12): the first line's full name (wrapped, never
 * cut) and SKU, and for an order of several lines 'and N more', which opens the list of the
 * others with their quantities and SKUs; then the link to the order's page, named by the
 * order's number (#32). A `<details>`: it opens without scripts and by keyboard.
 */
export function OrderProducts({
  order,
}: {
  order: Pick<Order, '_id' | 'orderNumber' | 'orderPName' | 'lines'>;
}) {
  const [first, ...more] = order.lines;
  return (
    <div className="min-w-28 md:max-w-56">
      <span className="block font-normal wrap-break-word">
        {/* With several lines each says its quantity; the Quantity column is their sum. */}
        {first && more.length > 0
          ? orderPageMessages.lineInTable(first.quantity, first.productName)
          : (first?.productName ?? order.orderPName)}
      </span>
      <Sku sku={first?.sku ?? null} />
      {more.length > 0 && (
        <details className="mt-1 text-sm font-normal">
          <summary className="link link-hover cursor-pointer py-0.5">
            {orderPageMessages.moreLines(more.length)}
          </summary>
          <ul className="mt-1 space-y-1">
            {more.map((line, index) => (
              <li key={`${line.productId ?? 'gone'}-${index}`} className="wrap-break-word">
                {orderPageMessages.lineInTable(line.quantity, line.productName)}
                <Sku sku={line.sku} />
              </li>
            ))}
          </ul>
        </details>
      )}
      <Link
        to={paths.dashboard.order.to(order._id)}
        className="link link-primary block py-0.5 text-sm font-normal"
        aria-label={orderPageMessages.detailsLabel(order.orderNumber)}
      >
        {orderPageMessages.details}
      </Link>
    </div>
  );
}
