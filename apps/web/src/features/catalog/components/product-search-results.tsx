import {
  categoryLabels,
  DEFAULT_PAGE_SIZE,
  PRODUCT_CATEGORIES,
  productSearchMessages as text,
} from '@shop/shared';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useProductSearch } from '../api/search-products';
import {
  hasSpecFilters,
  isFiltered,
  pageCount,
  productSearchHref,
  type ProductSearch,
} from '../product-search';
import type { ProductCardProps } from './product-card';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ProductListTable } from './product-list-table';
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
      {({ items, total, match }) => {
        const first = (search.page - 1) * DEFAULT_PAGE_SIZE + 1;
        const pages = pageCount(total);
        const empty =
          total > 0
            ? text.pastLastPage(search.page)
            : // With a spec filter too, the words may well match: the filters as a whole did not.
              search.q && !hasSpecFilters(search)
              ? text.noMatch(search.q)
              : isFiltered(search)
                ? text.noMatchFilters
                : text.noProducts;
        return (
          <div aria-busy={query.isPlaceholderData || undefined}>
            {/* Read out when the results change, so a screen reader hears what typing found. */}
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <p
                ref={status}
                role="status"
                tabIndex={-1}
                className={items.length > 0 ? 'focus-ring rounded text-sm font-medium' : 'sr-only'}
              >
                {items.length > 0 ? text.count(first, first + items.length - 1, total) : empty}
              </p>
              {items.length > 0 && <ViewToggle search={search} />}
            </div>
            {items.length > 0 && match === 'text' && search.q && (
              <div className="bg-base-100 border-info rounded-box mb-4 flex flex-col items-start gap-2 border border-l-4 p-4 text-sm">
                <p>
                  {text.onlyMentioned(search.q)} {text.whatWeMake}
                </p>
                <CategoryLinks search={search} />
              </div>
            )}
            {items.length > 0 ? (
              <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
                {search.view === 'list' ? (
                  <ProductListTable products={items} addToList={addToList} />
                ) : (
                  <ProductGrid
                    products={items}
                    headingLevel={2}
                    addToList={addToList}
                    priorityFirst
                  />
                )}
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
                  <>
                    <p className="text-base-content/80">{text.whatWeMake}</p>
                    <CategoryLinks search={search} />
                    <button type="button" className="btn btn-primary" onClick={onClear}>
                      {text.clear}
                    </button>
                  </>
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

/** Each category's whole list, for a search that found nothing or only passing mentions. */
function CategoryLinks({ search }: { search: ProductSearch }) {
  return (
    <nav aria-label={text.categoriesLabel}>
      <ul className="flex flex-wrap justify-center gap-2">
        {PRODUCT_CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={productSearchHref({ ...search, q: '', category, page: 1 })}
              className="btn btn-outline btn-sm"
            >
              {categoryLabels[category]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Cards or a list (issue 22, defect 18): links, so the choice lives in the address. */
function ViewToggle({ search }: { search: ProductSearch }) {
  const views = [
    { view: null, label: text.gridView },
    { view: 'list' as const, label: text.listView },
  ];
  return (
    <nav aria-label={text.viewLabel}>
      <ul className="join">
        {views.map(({ view, label }) => (
          <li key={label}>
            <Link
              to={productSearchHref({ ...search, view })}
              aria-current={search.view === view ? 'true' : undefined}
              preventScrollReset
              className={`btn btn-sm join-item ${search.view === view ? 'btn-neutral' : 'btn-outline'}`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
