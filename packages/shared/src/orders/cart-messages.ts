import { formatQuantity } from '../common/format.js';
import { pluralCount } from './cart.js';

/** The order list's and the checkout's texts (issue 13); lazily loaded pages only. */
export const cartMessages = {
  pageTitle: 'Order list',
  addToList: 'Add to order list',
  addToListLabel: (name: string) => `Add to order list: ${name}`,
  quantityLabel: (name: string) => `Quantity of ${name}`,
  added: 'Added to your order list',
  addedMore: (quantity: number) =>
    `Added to your order list: you now have ${formatQuantity(quantity)}`,
  listFull: (max: number) =>
    `Your order list already has ${max} products: place an order or remove one first`,
  moreThanStock: (inList: number, available: number) =>
    `You already have ${formatQuantity(inList)} in your order list: at most ${formatQuantity(Math.max(0, available - inList))} more can be added`,
  empty: 'Your order list is empty.',
  browse: 'Browse our products',
  unavailable: 'No longer available',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removed: (name: string) => `${name} was removed from your order list`,
  /** ux 2026-11-28 #26: the whole list emptied in one action, after asking. */
  clear: 'Clear order list',
  clearTitle: 'Clear your order list?',
  clearText: (count: number) =>
    `All ${pluralCount(count, 'product', 'products')} will be removed from your order list. Your saved lists stay as they are.`,
  clearConfirm: 'Clear the list',
  cleared: 'Your order list was cleared',
  unitPrice: (price: string) => `${price} each`,
  breakReached: (minQty: number) => `Volume price from ${formatQuantity(minQty)}`,
  total: 'Order total',
  pieces: (count: number) => pluralCount(count, 'piece', 'pieces'),
  checkout: 'Checkout',
  checkoutBlocked: 'Fix the quantities marked above before checking out.',
  checkoutBlockedUnavailable: 'Remove the products that are no longer available to check out.',
  checkoutTitle: 'Checkout',
  linesHeading: 'Your order',
  backToList: 'Back to the order list',
  poNumber: 'PO number (optional)',
  placeOrder: 'Place order',
  placeFailed: 'Your order could not be placed. Please try again.',
  lineRefused: (name: string, message: string) => `${name}: ${message}`,
  checkoutEmpty: 'There is nothing to check out: your order list is empty.',
  checkoutFix: 'Some quantities need to be fixed in your order list first.',
} as const;
