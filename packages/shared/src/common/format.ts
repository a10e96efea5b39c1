import { ORDER_ID_CUT_END, ORDER_ID_CUT_START, TABLE_TEXT_PREVIEW } from './constants.js';

/** Cuts text for a table cell: the first 10 characters plus an ellipsis when longer. */
export function previewText(text: string, length = TABLE_TEXT_PREVIEW): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The order id as the payment page shows it: first 5 and last 15 characters cut off. */
export function cutOrderId(id: string): string {
  return id.slice(ORDER_ID_CUT_START, Math.max(ORDER_ID_CUT_START, id.length - ORDER_ID_CUT_END));
}

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A dollar amount with the spec's $ sign: 120 -> "$120", 49.5 -> "$49.50", 1250 -> "$1,250". */
export function formatPrice(dollars: number): string {
  return `$${(Number.isInteger(dollars) ? wholeDollars : withCents).format(dollars)}`;
}

const quantities = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A quantity as every page, PDF and mail writes it (ux 2026-11-28 #33): thousands separated,
 * `1,000`; the same figure a buyer may type back (`readTypedNumber` reads it).
 */
export function formatQuantity(quantity: number): string {
  return quantities.format(quantity);
}
