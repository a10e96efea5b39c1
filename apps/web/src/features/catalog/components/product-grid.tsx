import type { Product } from '@shop/shared';
import { ProductCard } from './product-card';

/** Products in a grid: one column on phones, two on tablets, three on large screens. */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product._id} className="flex [&>article]:w-full">
          <ProductCard product={product} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
