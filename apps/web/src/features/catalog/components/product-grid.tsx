import type { Product } from '@shop/shared';
import { ProductCard, type ProductCardProps } from './product-card';

const gridClass = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

interface ProductGridProps {
  products: Product[];
  /** The cards' heading level: 3 under a section heading, 2 right under the page's title. */
  headingLevel?: 2 | 3;
  addToList?: ProductCardProps['addToList'];
  /** The grid is the page's main content: its first image is fetched before anything else. */
  priorityFirst?: boolean;
}

/** Products in a grid: one column on phones, two on tablets, three on large screens. */
export function ProductGrid({
  products,
  headingLevel,
  addToList,
  priorityFirst = false,
}: ProductGridProps) {
  return (
    <ul className={gridClass}>
      {products.map((product, index) => (
        <li key={product._id} className="flex [&>article]:w-full">
          <ProductCard
            product={product}
            eager={index < 3}
            headingLevel={headingLevel}
            addToList={addToList}
            priority={priorityFirst && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * What the grid shows while its products load: grey cards of about a real card's size, so the
 * sections below do not jump down when the products arrive (layout shift).
 */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status">
      <span className="sr-only">Loading products…</span>
      <ul aria-hidden="true" className={gridClass}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="card bg-base-100 border-base-300 border shadow-sm">
            <div className="bg-base-200 rounded-t-box aspect-[4/3]" />
            <div className="card-body gap-3">
              <div className="skeleton h-6 w-3/4" />
              <div className="skeleton h-8 w-1/3" />
              <div className="skeleton h-16 w-full" />
              <div className="skeleton h-10 w-full" />
              <div className="skeleton h-12 w-full sm:w-1/3 sm:self-end" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
