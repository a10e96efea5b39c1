import type { Product } from '@shop/shared';
import { lazy, Suspense } from 'react';

// Its own chunk: the quantity rules it checks as the buyer types come with the shared schemas,
// which the home page's JavaScript budget (product cards show there too) has no room for.
const AddToOrderList = lazy(async () => ({
  default: (await import('./add-to-order-list')).AddToOrderList,
}));

/**
 * A product card's 'Add to order list', loaded just after the card: until then a box of its size
 * holds its place, so nothing below it moves.
 */
export function AddToOrderListSlot({ product }: { product: Product }) {
  return (
    <Suspense fallback={<div className="h-14 w-full" aria-hidden="true" />}>
      <AddToOrderList product={product} />
    </Suspense>
  );
}
