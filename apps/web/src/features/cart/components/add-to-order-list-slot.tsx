import type { Product } from '@shop/shared';
import { lazy, Suspense } from 'react';

// Its own chunk: the quantity rules it checks as the buyer types come with the shared schemas,
// which the home page's JavaScript budget (product cards show there too) has no room for.
const AddToOrderList = lazy(async () => ({
  default: (await import('./add-to-order-list')).AddToOrderList,
}));

/**
 * A product card's 'Add to order list' and 'Order Now', loaded just after the card: until then
 * boxes of their size hold their place, so nothing below them moves.
 */
export function AddToOrderListSlot({ product }: { product: Product }) {
  return (
    // The form's row (h-14), the gap and Order Now's row (h-10) below it, as one box.
    <Suspense fallback={<div className="h-[6.5rem] w-full" aria-hidden="true" />}>
      <AddToOrderList product={product} />
    </Suspense>
  );
}
