import { confirmMessages, type Order } from '@shop/shared';
import { confirmAction } from '../../../components/ui/confirm';

/**
 * What the admin settles in the Ship Order dialog before the order ships. Nothing yet: issue 13
 * adds the carrier and the tracking number here, asked for by this dialog and sent with the PUT.
 */
export type ShipDetails = Record<string, never>;

/** The Ship Order dialog, naming the order: the details to ship with, or null when cancelled. */
export async function askToShip(order: Order): Promise<ShipDetails | null> {
  const confirmed = await confirmAction({
    title: confirmMessages.shipTitle,
    text: confirmMessages.shipText(order.orderPName, order.userName),
    confirmText: confirmMessages.shipConfirm,
  });
  return confirmed ? {} : null;
}

/** The Mark Paid confirmation, naming the order: true when the admin confirms. */
export function confirmMarkPaid(order: Order): Promise<boolean> {
  return confirmAction({
    title: confirmMessages.markPaidTitle,
    text: confirmMessages.markPaidText(order.orderPName, order.userName),
    confirmText: confirmMessages.markPaidConfirm,
  });
}
