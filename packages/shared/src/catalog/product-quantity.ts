import { formatQuantity } from '../common/format.js';
/** What the product page says about the quantity typed (issue 22, defect 29). */
export const productQuantityMessages = {
  /** Beside the spec's "Please order maximum {available}": the maximum is the stock. */
  inStock: (available: number) => `Only ${formatQuantity(available)} in stock.`,
  linePrice: (unitPrice: string, lineTotal: string) =>
    `${unitPrice} each · line total ${lineTotal}`,
  /** The order list already holds all the stock: nothing more can be added. */
  listHoldsAllStock: (inList: number) =>
    `Your order list already holds ${formatQuantity(inList)}, all of the stock: no more can be added.`,
  orderNowLabel: (name: string) => `Order Now: ${name}`,
} as const;
