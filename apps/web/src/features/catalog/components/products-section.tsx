import { QueryState } from '../../../components/ui/query-state';
import { useProducts } from '../api/get-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** Placeholder cards while the whole catalog loads: a row on wide screens. */
const PLACEHOLDER_CARDS = 3;

interface ProductsSectionProps {
  /** Only the first `limit` products; all of them when not given. */
  limit?: number;
  /** The cards' heading level, one below the heading above them. */
  headingLevel?: 2 | 3;
}

/** Loads products (all, or the first `limit`) and shows them with loading and error states. */
export function ProductsSection({ limit, headingLevel }: ProductsSectionProps) {
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
      {(products) => <ProductGrid products={products} headingLevel={headingLevel} />}
    </QueryState>
  );
}
