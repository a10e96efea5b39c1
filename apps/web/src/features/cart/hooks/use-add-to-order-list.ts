import { cartMessages, MAX_ORDER_LINES, quantityIssue, type Product } from '@shop/shared';
import { useCallback } from 'react';
import { toastSuccess } from '../announce';
import { addToOrderList } from '../order-list-actions';
import { getOrderList, quantityInOrderList } from '../order-list-store';

/**
 * Adds a quantity of the product to the order list, raising it when the product is already
 * there, and says so. Returns why it could not (the stock cannot cover what would be listed,
 * the list is full), or null once added. The quantity itself has been checked by the caller.
 */
export function useAddToOrderList(product: Product) {
  return useCallback(
    (quantity: number): string | null => {
      const inList = quantityInOrderList(getOrderList(), product._id);
      if (inList > 0) {
        const issue = quantityIssue(product, inList + quantity);
        if (issue) {
          return issue.code === 'out_of_stock'
            ? cartMessages.moreThanStock(inList, product.aqty)
            : issue.message;
        }
      }
      const result = addToOrderList(product, quantity);
      if (result.status === 'full') return cartMessages.listFull(MAX_ORDER_LINES);
      if (result.status === 'invalid') return cartMessages.moreThanStock(inList, product.aqty);
      toastSuccess(
        result.status === 'raised' ? cartMessages.addedMore(result.quantity) : cartMessages.added,
      );
      return null;
    },
    [product],
  );
}
