/**
 * The order list (the cart, DESIGN.md section 9): several products with their quantities, kept
 * in the buyer's browser across reloads and sign-ins, placed as one order at the checkout.
 *
 * This file imports only the number formatter, zod least of all: the navigation bar shows the list's count on the
 * home page, whose JavaScript budget has no room for the schema library (check-budget.mjs). The
 * rules that need the schemas (MAX_ORDER_LINES, the quantity field) are applied where a line is
 * added or edited, in chunks of their own.
 */
import { formatQuantity } from '../common/format.js';

/** Where the browser keeps the order list; a new shape gets a new version, never a reinterpretation. */
export const ORDER_LIST_STORAGE_KEY = 'caseforge.order-list.v1';

/** One line as stored: the product and its quantity, with the name to show if it is gone. */
export interface OrderListLine {
  productId: string;
  quantity: number;
  name: string;
}

/** Whether a stored value is a line this version can use (storage may hold anything). */
export function isOrderListLine(value: unknown): value is OrderListLine {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, quantity, name } = value as Record<string, unknown>;
  return (
    typeof productId === 'string' &&
    productId.length > 0 &&
    productId.length <= 64 &&
    typeof quantity === 'number' &&
    Number.isSafeInteger(quantity) &&
    quantity >= 1 &&
    typeof name === 'string' &&
    name.length <= 500
  );
}

/** "1 item", "2,500 items". */
export const pluralCount = (count: number, one: string, many: string) =>
  `${formatQuantity(count)} ${count === 1 ? one : many}`;

/**
 * The navigation link's texts, apart from the rest so the home page's bundle holds only them. It
 * reads "Order list, 2 items": the visible "Order list" and count, the rest for screen readers
 * (not "products", which would also match the Products link's name).
 */
export const orderListLinkMessages = {
  text: 'Order list',
  items: (count: number) => (count === 1 ? 'item' : 'items'),
  label: (count: number) => `Order list, ${pluralCount(count, 'item', 'items')}`,
} as const;

/** The name of a customer's order list kept on the server (DESIGN.md section 14). */
export const DEFAULT_ORDER_LIST_NAME = 'Order list';

/** The navigation's link to the quick order page (DESIGN.md section 14), in the home bundle too. */
export const quickOrderLinkMessages = { text: 'Quick order' } as const;
