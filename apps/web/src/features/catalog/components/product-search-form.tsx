import {
  EARLY_INPUT_ATTRIBUTE,
  EARLY_INPUT_PENDING,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  categoryLabels,
  productSearchMessages as text,
  productSortLabels,
  type ProductCategory,
  type ProductSort,
} from '@shop/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useEarlyInput } from '../../../lib/early-input';
import type { SearchChange } from '../hooks/use-product-search-params';
import {
  cleanSearchText,
  productSearchParams,
  readProductSearch,
  type ProductSearch,
} from '../product-search';

/** The search a form's fields hold as the visitor left them (the address's page and view kept). */
function searchInForm(form: HTMLFormElement, search: ProductSearch): ProductSearch {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') params.append(name, value);
  }
  return { ...readProductSearch(params), page: search.page, view: search.view };
}

/** Whether two searches differ in anything but their words. */
const filtersDiffer = (a: ProductSearch, b: ProductSearch): boolean =>
  productSearchParams({ ...a, q: '' }).toString() !==
  productSearchParams({ ...b, q: '' }).toString();

interface ProductSearchFormProps {
  /** The search the address holds. */
  search: ProductSearch;
  onSearch: (next: ProductSearch, how: SearchChange) => void;
  /** Whether the address last changed elsewhere (Back, Clear search): the box then follows it. */
  changedElsewhere: boolean;
  /** More filters, on a row of their own under the box (the spec filters). */
  children?: ReactNode;
}

/**
 * The products page's search box, category and sort. The results follow the box's text once
 * typing pauses (SEARCH_DEBOUNCE_MS), not at every key; Enter, a category or a sort apply at once.
 * Any change starts again from the first page. What was typed, chosen or pressed in the form the
 * server drew, before the app took it over, is kept and acted on once it has (issue 33, point 1).
 */
export function ProductSearchForm({
  search,
  onSearch,
  changedElsewhere,
  children,
}: ProductSearchFormProps) {
  const id = useId();
  const [typed, setTyped] = useState(search.q);
  const [shownQ, setShownQ] = useState(search.q);
  // The address's search changed: the box shows it, unless it is the box's own typing arriving
  // (the text may have gone on meanwhile, or end with a space the address does not keep).
  if (shownQ !== search.q) {
    setShownQ(search.q);
    if (changedElsewhere && cleanSearchText(typed) !== search.q) setTyped(search.q);
  }

  const form = useRef<HTMLFormElement>(null);
  const early = useEarlyInput(form);
  // Taking over a server-drawn form: the words typed stay in the box (their search follows as
  // typing does), and a category, sort or filter chosen meanwhile is applied at once. The form is
  // read as React starts taking it over, in its first render: by the time the form is committed
  // React has set its selects back to the values it drew (a category chosen early was lost every
  // time with the CPU slowed 6x). Only a form the server drew and nobody has taken over yet
  // (still pending): a form the browser draws, or one a page being left still shows, is not read.
  // On the server there is no document, nor an HTMLFormElement to compare with.
  const [drawnForm] = useState(() => {
    if (typeof document === 'undefined') return null;
    const element = document.querySelector(
      `form[aria-label="${text.formLabel}"][${EARLY_INPUT_ATTRIBUTE}="${EARLY_INPUT_PENDING}"]`,
    );
    if (!(element instanceof HTMLFormElement)) return null;
    const box = element.elements.namedItem('q');
    return {
      typed: box instanceof HTMLInputElement ? box.value : search.q,
      chosen: searchInForm(element, search),
    };
  });
  const drawn = useRef({ search, onSearch, drawnForm });
  // Applied once the page is taken over, not in a layout effect: those run before the route's,
  // and React Router ignores a navigation made before its own has run (the choice was lost
  // every time the scripts came after it).
  useEffect(() => {
    const { search: drawnSearch, onSearch: apply, drawnForm: found } = drawn.current;
    if (!found) return;
    if (found.typed !== drawnSearch.q) setTyped(found.typed);
    if (filtersDiffer(found.chosen, drawnSearch)) apply({ ...found.chosen, page: 1 }, 'commit');
  }, []);

  const q = cleanSearchText(typed);
  useEffect(() => {
    if (q === search.q) return;
    const timer = setTimeout(
      () => onSearch({ ...search, q, page: 1 }, 'typing'),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [q, search, onSearch]);

  // A category or sort is committed only when it differs from the address's: a change React
  // replays once it has taken over a server-drawn form comes after it set the select back to the
  // value it drew, and would undo the choice made meanwhile, applied above (lost 12 of 20).
  const commit = (change: Partial<ProductSearch>) =>
    onSearch({ ...search, q, page: 1, ...change }, 'commit');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit({});
  };

  return (
    <form
      ref={form}
      {...early}
      role="search"
      aria-label={text.formLabel}
      onSubmit={onSubmit}
      // On a phone the box and its button take a row, category and sort share the next, so the
      // first results still show on the first screen.
      className="bg-base-100 border-base-300 rounded-box mb-6 grid grid-cols-2 gap-3 border p-3 shadow-sm sm:p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:gap-4"
    >
      <div className="col-span-2 md:col-span-1">
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium">
          {text.searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={text.searchPlaceholder}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            className="input min-w-0 grow"
          />
          <button type="submit" className="btn btn-primary">
            {text.submit}
          </button>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium">
          {text.categoryLabel}
        </label>
        <select
          id={`${id}-category`}
          name="category"
          value={search.category ?? ''}
          onChange={(event) => {
            const category =
              PRODUCT_CATEGORIES.find((chosen) => chosen === event.target.value) ?? null;
            if (category !== search.category) commit({ category });
          }}
          className="select w-full"
        >
          <option value="">{text.allCategories}</option>
          {PRODUCT_CATEGORIES.map((category: ProductCategory) => (
            <option key={category} value={category}>
              {categoryLabels[category]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium">
          {text.sortLabel}
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          value={search.sort ?? ''}
          onChange={(event) => {
            const sort = PRODUCT_SORTS.find((chosen) => chosen === event.target.value) ?? null;
            if (sort !== search.sort) commit({ sort });
          }}
          className="select w-full"
        >
          <option value="">{search.q ? text.bestMatch : text.catalogOrder}</option>
          {PRODUCT_SORTS.map((sort: ProductSort) => (
            <option key={sort} value={sort}>
              {productSortLabels[sort]}
            </option>
          ))}
        </select>
      </div>
      {children}
    </form>
  );
}
