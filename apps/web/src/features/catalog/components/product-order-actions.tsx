import { canMeetMinimum, stockMessages, type Product } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

interface ProductOrderActionsProps {
  product: Product;
  /**
   * The order list's quantity and buttons (features/cart): 'Add to order list' and an 'Order Now'
   * that takes the quantity typed. Without them, a plain Order Now from the minimum.
   */
  addToList: ReactNode;
}

/**
 * How a product is ordered, on its card and on its page: 'Add to order list' and 'Order Now', or,
 * when the stock cannot cover even the smallest order, why not.
 */
export function ProductOrderActions({ product, addToList }: ProductOrderActionsProps) {
  if (!canMeetMinimum(product)) {
    return (
      <p className="alert alert-warning w-full py-2 text-sm font-medium">
        {stockMessages.notEnoughForMinimum(product.minquantity)}
      </p>
    );
  }
  if (addToList) return addToList;
  return (
    <Link
      to={paths.order.to(product._id)}
      className="btn btn-primary w-full sm:w-auto"
      aria-label={`Order Now: ${product.name}`}
    >
      Order Now
    </Link>
  );
}
