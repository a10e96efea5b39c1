import { ORDER_ID_CUT_END, ORDER_ID_CUT_START, TABLE_TEXT_PREVIEW } from './constants.js';

/** Cuts text for a table cell: the first 10 characters plus an ellipsis when longer. */
export function previewText(text: string, length = TABLE_TEXT_PREVIEW): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The order id as the payment page shows it: first 5 and last 15 characters cut off. */
export function cutOrderId(id: string): string {
  return id.slice(ORDER_ID_CUT_START, Math.max(ORDER_ID_CUT_START, id.length - ORDER_ID_CUT_END));
}
