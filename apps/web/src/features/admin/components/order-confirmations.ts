import {
  accountPageMessages,
  CARRIER_CHOICES,
  carrierChoiceLabel,
  carrierMessages,
  carrierNames,
  confirmMessages,
  formatPrice,
  KNOWN_CARRIERS,
  knownCarrier,
  markPaidInputSchema,
  onAccountMessages,
  orderPageMessages,
  PAYMENT_REFERENCE_MAX_LENGTH,
  shipInputSchema,
  statementDay,
  type KnownCarrier,
  type MarkPaidInput,
  type Order,
  type ShipInput,
} from '@shop/shared';
import { confirmWithFields, type DialogField } from '../../../components/ui/confirm-form';

/** What the admin settles in the Ship Order dialog: the carrier and tracking number, or neither. */
export type ShipDetails = ShipInput;

/** The most a carrier or tracking number may be (shipInputSchema): the fields stop there. */
const SHIP_FIELD_MAX = 60;

/** The carrier select's value for shipping without tracking. */
const NO_TRACKING = '';

const isKnown = (value: string): value is KnownCarrier =>
  (KNOWN_CARRIERS as readonly string[]).includes(value);

/**
 * The dialog's fields as the API takes them: a listed carrier is its name, 'Other' the name
 * typed, no choice none. (Kept apart for the tests of the older two-field form: a `carrier`
 * that is not a choice is a name.)
 */
function shipInput(values: Record<string, string>): { carrier: string; trackingNumber: string } {
  const choice = values['carrier'] ?? NO_TRACKING;
  const trackingNumber = values['trackingNumber'] ?? '';
  if (choice === 'other') return { carrier: values['carrierName'] ?? '', trackingNumber };
  if (isKnown(choice)) return { carrier: carrierNames[choice], trackingNumber };
  return { carrier: choice, trackingNumber };
}

/**
 * The chosen carrier and typed tracking number, checked by the API's own schema (both or
 * neither): what to send, or the message under each wrong field. 'Other' needs its name.
 */
export function checkShipDetails(values: Record<string, string>) {
  const other = values['carrier'] === 'other';
  const input = shipInput(values);
  if (other && input.carrier.trim() === '') {
    return { ok: false as const, errors: { carrierName: carrierMessages.otherNameRequired } };
  }
  const parsed = shipInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0]);
      // The carrier's own name is typed under 'Other'; the message goes where it was typed.
      const field = path === 'carrier' && other ? 'carrierName' : path;
      errors[field] ??= issue.message;
    }
    return { ok: false as const, errors };
  }
  const { carrier, trackingNumber } = parsed.data;
  const value: ShipDetails = carrier && trackingNumber ? { carrier, trackingNumber } : {};
  return { ok: true as const, value };
}

/** The carrier select, the name for 'Other' and the tracking number, prefilled from a shipment. */
function shipFields(shipment: Order['shipment']): DialogField[] {
  const known = shipment ? knownCarrier(shipment.carrier) : null;
  const choice = shipment ? (known ?? 'other') : NO_TRACKING;
  return [
    {
      name: 'carrier',
      label: orderPageMessages.carrier,
      options: [
        { value: NO_TRACKING, label: carrierMessages.none },
        ...CARRIER_CHOICES.map((value) => ({ value, label: carrierChoiceLabel(value) })),
      ],
      value: choice,
    },
    {
      name: 'carrierName',
      label: carrierMessages.otherName,
      maxLength: SHIP_FIELD_MAX,
      shownWhen: { field: 'carrier', value: 'other' },
      value: shipment && !known ? shipment.carrier : '',
    },
    {
      name: 'trackingNumber',
      label: orderPageMessages.trackingNumber,
      maxLength: SHIP_FIELD_MAX,
      value: shipment?.trackingNumber ?? '',
    },
  ];
}

/**
 * The Ship Order dialog, naming the order and asking for the carrier (a choice from the list)
 * and tracking number: the details to ship with, or null when cancelled.
 */
export function askToShip(order: Order): Promise<ShipDetails | null> {
  return confirmWithFields({
    title: confirmMessages.shipTitle,
    text: confirmMessages.shipText(order.orderPName, order.userName),
    confirmText: confirmMessages.shipConfirm,
    fields: shipFields(null),
    hint: orderPageMessages.shipFieldsHint,
    validate: checkShipDetails,
  });
}

/**
 * The Edit tracking dialog of a shipped order, prefilled with its carrier and tracking number:
 * the corrected details, or null when cancelled.
 */
export function askToEditTracking(order: Order): Promise<ShipDetails | null> {
  return confirmWithFields({
    title: confirmMessages.editTrackingTitle,
    text: confirmMessages.editTrackingText(order.orderPName, order.userName),
    confirmText: confirmMessages.editTrackingConfirm,
    fields: shipFields(order.shipment),
    hint: orderPageMessages.shipFieldsHint,
    validate: checkShipDetails,
  });
}

/**
 * Mark Paid's amount, reference and day received, checked by the API's own schema, and the
 * amount against the order's total (the server refuses another with the same words).
 */
export function checkMarkPaidDetails(values: Record<string, string>, total: number) {
  const parsed = markPaidInputSchema.safeParse({
    amount: values['amount'] ?? '',
    reference: values['reference'] ?? '',
    receivedAt: values['receivedAt'] ?? '',
  });
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false as const, errors };
  }
  // Cents, as the server counts.
  if (Math.round(parsed.data.amount * 100) !== Math.round(total * 100)) {
    return {
      ok: false as const,
      errors: { amount: onAccountMessages.amountNotOrderTotal(total) },
    };
  }
  if (parsed.data.receivedAt > statementDay(new Date()) && parsed.data.receivedAt.length === 10) {
    return { ok: false as const, errors: { receivedAt: onAccountMessages.receivedInFuture } };
  }
  const value: MarkPaidInput = parsed.data;
  return { ok: true as const, value };
}

/**
 * The Mark Paid dialog (ux 2026-11-28 #15), naming the order: the bank transfer received, as
 * Record payment asks for it (the amount, starting at the order's total; the transfer's
 * reference; the day received, today to start with). The details, or null when cancelled.
 */
export function askToMarkPaid(order: Order): Promise<MarkPaidInput | null> {
  return confirmWithFields({
    title: confirmMessages.markPaidTitle,
    text: confirmMessages.markPaidTransferText(
      order.orderNumber,
      order.userName,
      formatPrice(order.orderPrice),
    ),
    confirmText: confirmMessages.markPaidConfirm,
    fields: [
      {
        name: 'amount',
        label: accountPageMessages.amountLabel,
        value: order.orderPrice.toFixed(2),
        maxLength: 12,
        inputMode: 'decimal',
      },
      {
        name: 'reference',
        label: accountPageMessages.referenceLabel,
        maxLength: PAYMENT_REFERENCE_MAX_LENGTH,
        value: '',
      },
      {
        name: 'receivedAt',
        label: accountPageMessages.receivedLabel,
        type: 'date',
        value: statementDay(new Date()),
      },
    ],
    hint: confirmMessages.markPaidHint,
    validate: (values) => checkMarkPaidDetails(values, order.orderPrice),
  });
}
