import { DEFAULT_PAGE_SIZE, productSearchMessages as text } from '@shop/shared';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useProductSearch } from '../api/search-products';
import { isFiltered, pageCount, productSearchHref, type ProductSearch } from '../product-search';
import type { ProductCardProps } from './product-card';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ProductPagination } from './product-pagination';

interface ProductSearchResultsProps {
  search: ProductSearch;
  /** Back to the whole catalog: no search, no filter, first page. */
  onClear: () => void;
  /** Each card's 'Add to order list' (see ProductCard). */
  addToList?: ProductCardProps['addToList'];
}

/**
 * One page of the products a search matches: how many match, the cards, the pages. While the
 * next results load, the last ones stay, dimmed, so the grid does not flash empty.
 */
export function ProductSearchResults({ search, onClear, addToList }: ProductSearchResultsProps) {
  const query = useProductSearch(search);
  const status = useRef<HTMLParagraphElement>(null);

  return (
    <QueryState query={query} what="products" pending={<ProductGridSkeleton count={3} />}>
      {({ items, total }) => {
        const first = (search.page - 1) * DEFAULT_PAGE_SIZE + 1;
        const pages = pageCount(total);
        const empty =
          total > 0
            ? text.pastLastPage(search.page)
            : search.q
              ? text.noMatch(search.q)
              : isFiltered(search)
                ? text.noMatchFilters
                : text.noProducts;
        return (
          <div aria-busy={query.isPlaceholderData || undefined}>
            {/* Read out when the results change, so a screen reader hears what typing found. */}
            <p
              ref={status}
              role="status"
              tabIndex={-1}
              className={
                items.length > 0 ? 'focus-ring mb-4 rounded text-sm font-medium' : 'sr-only'
              }
            >
              {items.length > 0 ? text.count(first, first + items.length - 1, total) : empty}
            </p>
            {items.length > 0 ? (
              <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
                <ProductGrid
                  products={items}
                  headingLevel={2}
                  addToList={addToList}
                  priorityFirst
                />
              </div>
            ) : total > 0 ? (
              <EmptyState message={empty}>
                <Link to={productSearchHref({ ...search, page: 1 })} className="btn btn-primary">
                  {text.firstPage}
                </Link>
              </EmptyState>
            ) : (
              <EmptyState message={empty}>
                {isFiltered(search) && (
                  <button type="button" className="btn btn-primary" onClick={onClear}>
                    {text.clear}
                  </button>
                )}
              </EmptyState>
            )}
            <ProductPagination
              page={search.page}
              pages={pages}
              hrefOf={(page) => productSearchHref({ ...search, page })}
              onNavigate={() => status.current?.focus()}
            />
          </div>
        );
      }}
    </QueryState>
  );
}

function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="bg-base-100 border-base-300 rounded-box flex flex-col items-center gap-4 border px-4 py-12 text-center">
      <h2 className="text-xl font-bold">{message}</h2>
      {children}
    </div>
  );
}
