import {
  confirmMessages,
  orderPageMessages,
  shipInputSchema,
  type Order,
  type ShipInput,
} from '@shop/shared';
import { confirmAction } from '../../../components/ui/confirm';
import { confirmWithFields } from '../../../components/ui/confirm-form';

/** What the admin settles in the Ship Order dialog: the carrier and tracking number, or neither. */
export type ShipDetails = ShipInput;

/** The most a carrier or tracking number may be (shipInputSchema): the fields stop there. */
const SHIP_FIELD_MAX = 60;

/**
 * The typed carrier and tracking number, checked by the API's own schema (both or neither):
 * what to send, or the message under each wrong field.
 */
export function checkShipDetails(values: Record<string, string>) {
  const parsed = shipInputSchema.safeParse({
    carrier: values['carrier'] ?? '',
    trackingNumber: values['trackingNumber'] ?? '',
  });
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
    return { ok: false as const, errors };
  }
  const { carrier, trackingNumber } = parsed.data;
  const value: ShipDetails = carrier && trackingNumber ? { carrier, trackingNumber } : {};
  return { ok: true as const, value };
}

/**
 * The Ship Order dialog, naming the order and asking for the carrier and tracking number: the
 * details to ship with, or null when cancelled.
 */
export function askToShip(order: Order): Promise<ShipDetails | null> {
  return confirmWithFields({
    title: confirmMessages.shipTitle,
    text: confirmMessages.shipText(order.orderPName, order.userName),
    confirmText: confirmMessages.shipConfirm,
    fields: [
      { name: 'carrier', label: orderPageMessages.carrier, maxLength: SHIP_FIELD_MAX },
      {
        name: 'trackingNumber',
        label: orderPageMessages.trackingNumber,
        maxLength: SHIP_FIELD_MAX,
      },
    ],
    hint: orderPageMessages.shipFieldsHint,
    validate: checkShipDetails,
  });
}

/** The Mark Paid confirmation, naming the order: true when the admin confirms. */
export function confirmMarkPaid(order: Order): Promise<boolean> {
  return confirmAction({
    title: confirmMessages.markPaidTitle,
    text: confirmMessages.markPaidText(order.orderPName, order.userName),
    confirmText: confirmMessages.markPaidConfirm,
  });
}
