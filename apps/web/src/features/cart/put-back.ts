import {
  checkoutHelpMessages as text,
  MAX_ORDER_LINES,
  quantityIssue,
  type OrderLine,
  type OrderListLine,
  type Product,
} from '@shop/shared';
import { addToOrderList } from './order-list-actions';
import { getOrderList, quantityInOrderList } from './order-list-store';

/** What putting an order's lines back did: how many went in, and which not and why. */
export interface PutBackResult {
  added: number;
  skipped: { name: string; why: string }[];
}

/**
 * Which lines of an order can go back into the order list as the catalog is now (issue 22,
 * defect 5): a product no longer sold cannot; a quantity that, with what is listed already,
 * breaks the product's rules today (stock, minimum, pack size) cannot, and says the rule; a full
 * list takes no new product. The rest go in with the order's quantity.
 */
export function planPutBack(
  lines: readonly Pick<OrderLine, 'productId' | 'productName' | 'quantity'>[],
  catalog: readonly Product[],
  list: readonly OrderListLine[],
): { add: { product: Product; quantity: number }[]; skipped: PutBackResult['skipped'] } {
  const byId = new Map(catalog.map((product) => [product._id, product]));
  const add: { product: Product; quantity: number }[] = [];
  const skipped: PutBackResult['skipped'] = [];
  let listed = list.length;
  for (const line of lines) {
    const product = line.productId ? byId.get(line.productId) : undefined;
    if (!product) {
      skipped.push({ name: line.productName, why: text.noLongerSold });
      continue;
    }
    const inList = quantityInOrderList(list, product._id);
    const issue = quantityIssue(product, inList + line.quantity);
    if (issue) {
      skipped.push({ name: product.name, why: issue.message });
      continue;
    }
    if (inList === 0 && listed >= MAX_ORDER_LINES) {
      skipped.push({ name: product.name, why: text.listFull });
      continue;
    }
    if (inList === 0) listed += 1;
    add.push({ product, quantity: line.quantity });
  }
  return { add, skipped };
}

/** Puts the lines back into the order list (planPutBack), and says what it did. */
export function putBack(
  lines: readonly Pick<OrderLine, 'productId' | 'productName' | 'quantity'>[],
  catalog: readonly Product[],
): PutBackResult {
  const { add, skipped } = planPutBack(lines, catalog, getOrderList());
  let added = 0;
  for (const { product, quantity } of add) {
    const result = addToOrderList(product, quantity);
    if (result.status === 'added' || result.status === 'raised') added += 1;
    else skipped.push({ name: product.name, why: text.listFull });
  }
  return { added, skipped };
}
