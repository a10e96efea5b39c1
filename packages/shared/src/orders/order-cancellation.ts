import { formatQuantity } from '../common/format.js';
import { orderTitle } from '../catalog/b2b-rules.js';
import { orderHoldMessages } from './orders.js';

/** Why an unpaid order was cancelled (DESIGN.md section 11). */
export type CancelReason = 'expired' | 'product-removed';

/**
 * The cancellation mail of an order of one or more lines (issue 13): one line keeps the text of
 * issue 10; several name the order by its title and list every line.
 */
export function cancelledOrderMailText(
  lines: readonly { productName: string; quantity: number }[],
  reason: CancelReason,
): string {
  const [only] = lines;
  if (lines.length === 1 && only) {
    return orderHoldMessages.cancelledMailText(only.productName, only.quantity, reason);
  }
  const why =
    reason === 'expired' ? 'it was not paid in time' : 'we no longer sell one of its products';
  const title = orderTitle(lines.map((line) => line.productName));
  return [
    `Your order ${title} was cancelled because ${why}. You have not been charged for it.`,
    '',
    ...lines.map((line) => `${formatQuantity(line.quantity)} x ${line.productName}`),
  ].join('\n');
}
