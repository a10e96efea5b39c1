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
    <Suspense
      fallback={
        <>
          <div className="h-14 w-full" aria-hidden="true" />
          <div className="h-10 w-full sm:w-28" aria-hidden="true" />
        </>
      }
    >
      <AddToOrderList product={product} />
    </Suspense>
  );
}
