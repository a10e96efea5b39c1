/**
 * The carriers an admin ships with (issue 22, review defect 15): a choice from this list, each
 * with the address where a buyer follows a parcel, or 'Other' with a name of its own and no
 * link. An order stores the carrier's name (`shipment.carrier`); the list is what makes a name a
 * known carrier, so an order shipped before the list (or by a client that sends any name) keeps
 * its name and simply has no link (docs/decisions/2026-11-26-carrier-list.md).
 */

export const KNOWN_CARRIERS = ['ups', 'fedex', 'dhl', 'usps'] as const;
export type KnownCarrier = (typeof KNOWN_CARRIERS)[number];
/** What the Ship Order dialog offers: the known carriers, then 'Other'. */
export const CARRIER_CHOICES = [...KNOWN_CARRIERS, 'other'] as const;
export type CarrierChoice = (typeof CARRIER_CHOICES)[number];

/** The name stored on the order and shown to the buyer. */
export const carrierNames: Record<KnownCarrier, string> = {
  ups: 'UPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  usps: 'USPS',
};

/** Where each carrier shows a parcel; `{n}` is the tracking number, URL-encoded. */
export const TRACKING_URL_TEMPLATES: Record<KnownCarrier, string> = {
  ups: 'https://www.ups.com/track?tracknum={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  dhl: 'https://www.dhl.com/en/express/tracking.html?AWB={n}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
};

/** The known carrier a name stands for, in any case ('ups', 'UPS', 'FedEx'); null for others. */
export function knownCarrier(name: string): KnownCarrier | null {
  const key = name.trim().toLowerCase();
  return (
    KNOWN_CARRIERS.find(
      (carrier) => carrier === key || carrierNames[carrier].toLowerCase() === key,
    ) ?? null
  );
}

/** A carrier's name as stored: a known carrier's own spelling ('ups' is 'UPS'), others as typed. */
export function carrierName(name: string): string {
  const known = knownCarrier(name);
  return known ? carrierNames[known] : name.trim();
}

/**
 * A tracking number as stored and sent to a carrier: without spaces (ux 2026-11-28 #35). A label
 * prints `JD01 4600 0062 8123 4567` in groups, but no carrier's number contains a space, and a
 * link with `%20` in it finds nothing.
 */
export function normalizeTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/\s+/gu, '');
}

/**
 * The page where the buyer follows the parcel, or null for a carrier not on the list. The number
 * is normalised here too, so an order shipped before numbers were stored without spaces links.
 */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const known = knownCarrier(carrier);
  const number = normalizeTrackingNumber(trackingNumber);
  if (!known || number === '') return null;
  return TRACKING_URL_TEMPLATES[known].replace('{n}', encodeURIComponent(number));
}

/** The Ship Order and Edit tracking dialogs' words. */
export const carrierMessages = {
  /** The carrier select's first option: shipping without tracking. */
  none: 'No tracking',
  other: 'Other',
  // Not "Carrier …": the Carrier select keeps a label no other field's contains.
  otherName: 'Shipping company',
  otherNameRequired: 'Enter the name of the shipping company',
  /** The accessible name of a tracking link: it opens the carrier's site in a new tab. */
  trackingLinkLabel: (carrier: string, trackingNumber: string) =>
    `Track ${trackingNumber} at ${carrier} (opens in a new tab)`,
} as const;

/** A choice of the Ship Order dialog's select, as it reads. */
export function carrierChoiceLabel(choice: CarrierChoice): string {
  return choice === 'other' ? carrierMessages.other : carrierNames[choice];
}
