import { productSearchMessages as text, SEARCH_ROBOTS } from '@shop/shared';
import { PageMeta } from '../../components/layout/page-meta';
import { AddToOrderListSlot } from '../../features/cart/components/add-to-order-list-slot';
import { PageHeader } from '../../components/ui/page-header';
import { ProductSearchForm } from '../../features/catalog/components/product-search-form';
import { SpecFilterGroup } from '../../features/catalog/components/spec-filter-group';
import { ProductSearchResults } from '../../features/catalog/components/product-search-results';
import { useProductSearchParams } from '../../features/catalog/hooks/use-product-search-params';
import { NO_SEARCH, productSearchHref } from '../../features/catalog/product-search';

/** /products: the catalog, searched, filtered, sorted and paged through its address. */
export function ProductsRoute() {
  const { search, setSearch, changedElsewhere } = useProductSearchParams();
  return (
    <>
      <PageMeta
        title={text.title(search)}
        description={text.intro}
        canonicalPath={productSearchHref({
          ...NO_SEARCH,
          category: search.category,
          page: search.page,
        })}
        {...(search.q ? { robots: SEARCH_ROBOTS } : {})}
      />
      <PageHeader title={text.pageTitle}>
        <p>{text.intro}</p>
      </PageHeader>
      <ProductSearchForm search={search} onSearch={setSearch} changedElsewhere={changedElsewhere}>
        <SpecFilterGroup
          search={search}
          onChange={(specs) => setSearch({ ...search, specs, page: 1 }, 'commit')}
        />
      </ProductSearchForm>
      <ProductSearchResults
        search={search}
        onClear={() => setSearch({ ...NO_SEARCH, view: search.view }, 'commit')}
        addToList={(product) => <AddToOrderListSlot product={product} />}
      />
    </>
  );
}
