import { canMeetMinimum, stockMessages, type Product } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

interface ProductOrderActionsProps {
  product: Product;
  /** The order list's quantity and button (features/cart), shown beside Order Now. */
  addToList: ReactNode;
}

/**
 * How a product is ordered, on its card and on its page: 'Add to order list' and 'Order Now', or,
 * when the stock cannot cover even the smallest order, why not.
 */
export function ProductOrderActions({ product, addToList }: ProductOrderActionsProps) {
  const navigate = useNavigate();
  if (!canMeetMinimum(product)) {
    return (
      <p className="alert alert-warning w-full py-2 text-sm font-medium">
        {stockMessages.notEnoughForMinimum(product.minquantity)}
      </p>
    );
  }
  return (
    // `contents`: no box of its own, the card's layout stays; it scopes the quantity field.
    <div className="contents" data-order-actions="">
      {addToList}
      <Link
        to={paths.order.to(product._id)}
        className="btn btn-primary w-full sm:w-auto"
        aria-label={`Order Now: ${product.name}`}
        onClick={(event) => {
          // The quantity typed beside it goes along (ux 2026-11-28 #10: 20 stayed 20), as the
          // product page's Order Now does; the order form checks it as any typed quantity.
          const field = event.currentTarget
            .closest('[data-order-actions]')
            ?.querySelector<HTMLInputElement>('input[inputmode="numeric"]');
          const typed = Number(field?.value ?? '');
          if (!Number.isSafeInteger(typed) || typed <= 0 || typed === product.minquantity) return;
          event.preventDefault();
          void navigate(`${paths.order.to(product._id)}?qty=${typed}`);
        }}
      >
        Order Now
      </Link>
    </div>
  );
}
