/**
 * The quantity of an order's line as a buyer types it (DESIGN.md section 9): a whole number from
 * 1 to MAX_ORDER_QUANTITY, thousands separated or not (`readTypedNumber`). Free of zod, so the
 * product page checks a typed quantity without loading the schemas (docs/performance.md); the
 * order schemas' quantity field (`orderQuantityField` in orders.ts) reads it with the same words,
 * and a test holds the two to the same answer for every input.
 */
import { readTypedNumber, typedNumberMessages } from '../common/typed-number.js';

/** The most of one product an order (and so the order list) may hold. */
export const MAX_ORDER_QUANTITY = 1_000_000;

export const orderQuantityMessages = {
  required: 'Quantity is required',
  notWhole: 'Quantity must be a whole number',
  atLeastOne: 'Quantity must be at least 1',
  tooLarge: 'Quantity is too large',
} as const;

/** The quantity as typed: a whole number in range, or why it is not one. */
export function readOrderQuantity(
  text: string,
): { quantity: number; problem?: undefined } | { quantity?: undefined; problem: string } {
  if (text.trim() === '') return { problem: orderQuantityMessages.required };
  const read = readTypedNumber(text, { whole: true });
  if (!read.ok) {
    return {
      problem:
        read.reason === 'ambiguous'
          ? typedNumberMessages.ambiguous('Quantity', text, read.readings)
          : orderQuantityMessages.notWhole,
    };
  }
  if (!Number.isSafeInteger(read.value)) return { problem: orderQuantityMessages.notWhole };
  if (read.value < 1) return { problem: orderQuantityMessages.atLeastOne };
  if (read.value > MAX_ORDER_QUANTITY) return { problem: orderQuantityMessages.tooLarge };
  return { quantity: read.value };
}
