import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY, type OrderListLine } from '@shop/shared';
import { getOrderList, writeOrderList } from './order-list-store';

/*
 * Adding to and editing the order list, with the order's limits (DESIGN.md section 9). Kept apart
 * from the store so that the home page's bundle (which reads the store for the count) does not
 * carry the modules these limits live in.
 */

/** A quantity an order can have. */
const orderable = (quantity: number) =>
  Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= MAX_ORDER_QUANTITY;

export type AddResult =
  | { status: 'added'; quantity: number }
  | { status: 'raised'; quantity: number }
  | { status: 'full' }
  | { status: 'invalid' };

/**
 * Adds a product, or raises its quantity when it is already listed. The caller has checked the
 * resulting quantity against the product's rules.
 */
export function addToOrderList(
  product: { _id: string; name: string },
  quantity: number,
): AddResult {
  const lines = getOrderList();
  const existing = lines.find((line) => line.productId === product._id);
  if (existing) {
    const raised = existing.quantity + quantity;
    if (!orderable(raised)) return { status: 'invalid' };
    writeOrderList(
      lines.map((line) =>
        line.productId === product._id ? { ...line, quantity: raised, name: product.name } : line,
      ),
    );
    return { status: 'raised', quantity: raised };
  }
  if (!orderable(quantity)) return { status: 'invalid' };
  if (lines.length >= MAX_ORDER_LINES) return { status: 'full' };
  writeOrderList([...lines, { productId: product._id, quantity, name: product.name }]);
  return { status: 'added', quantity };
}

/** Sets a listed product's quantity (a whole number of at least 1). */
export function setOrderListQuantity(productId: string, quantity: number): void {
  if (!orderable(quantity)) return;
  const lines = getOrderList();
  if (!lines.some((line) => line.productId === productId && line.quantity !== quantity)) return;
  writeOrderList(
    lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)),
  );
}

/**
 * Adds a saved list's lines to the order list (ux 2026-11-28 #26, 'Open' → add): a product in
 * both gets both quantities (at most an order's largest), the others follow in the list's order.
 */
export function mergeIntoOrderList(added: readonly OrderListLine[]): void {
  const lines = [...getOrderList()];
  for (const line of added) {
    const at = lines.findIndex((own) => own.productId === line.productId);
    const existing = lines[at];
    if (existing) {
      lines[at] = {
        ...existing,
        quantity: Math.min(existing.quantity + line.quantity, MAX_ORDER_QUANTITY),
      };
    } else {
      lines.push(line);
    }
  }
  writeOrderList(lines);
}
