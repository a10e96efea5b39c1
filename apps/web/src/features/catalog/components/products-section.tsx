import { QueryState } from '../../../components/ui/query-state';
import { useProducts } from '../api/get-products';
import { ProductGrid } from './product-grid';

/** Loads products (all, or the first `limit`) and shows them with loading and error states. */
export function ProductsSection({ limit }: { limit?: number }) {
  const query = useProducts(limit);
  return (
    <QueryState query={query} what="products" isEmpty={(products) => products.length === 0}>
      {(products) => <ProductGrid products={products} />}
    </QueryState>
  );
}
