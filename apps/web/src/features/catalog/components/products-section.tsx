import { QueryState } from '../../../components/ui/query-state';
import { useProducts } from '../api/get-products';
import type { ProductCardProps } from './product-card';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** Placeholder cards while the whole catalog loads: a row on wide screens. */
const PLACEHOLDER_CARDS = 3;

interface ProductsSectionProps {
  /** Only the first `limit` products; all of them when not given. */
  limit?: number;
  /** The cards' heading level, one below the heading above them. */
  headingLevel?: 2 | 3;
  /** Each card's 'Add to order list' (see ProductCard). */
  addToList?: ProductCardProps['addToList'];
}

/** Loads products (all, or the first `limit`) and shows them with loading and error states. */
export function ProductsSection({ limit, headingLevel, addToList }: ProductsSectionProps) {
  const query = useProducts(limit);
  return (
    <QueryState
      query={query}
      what="products"
      isEmpty={(products) => products.length === 0}
      pending={
        <ProductGridSkeleton count={Math.min(limit ?? PLACEHOLDER_CARDS, PLACEHOLDER_CARDS)} />
      }
    >
      {(products) => (
        <ProductGrid products={products} headingLevel={headingLevel} addToList={addToList} />
      )}
    </QueryState>
  );
}
