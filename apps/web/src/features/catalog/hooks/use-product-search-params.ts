import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import {
  productSearchHref,
  productSearchParams,
  readProductSearch,
  type ProductSearch,
} from '../product-search';

/**
 * How a change of the search reaches the address. `typing`: the search box's text after a pause;
 * the first such change adds a history entry (Back returns to the search before it), the ones
 * after it while typing goes on replace that entry, so Back does not walk through every word.
 * `commit`: Enter, a filter, Clear search: always an entry of its own.
 */
export type SearchChange = 'typing' | 'commit';

/** The history state of an entry that typing made, which later typing may replace. */
const TYPED = { productSearchTyped: true } as const;

const isTyped = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'productSearchTyped' in state;

/** The search /products shows, read from its address, and the way to change it. */
export function useProductSearchParams() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const search = useMemo(() => readProductSearch(params), [params]);
  // Back and Forward land on an entry that belongs to history now: typing starts a new one.
  const typedEntry = isTyped(state) && navigationType !== 'POP';

  const setSearch = useCallback(
    (next: ProductSearch, how: SearchChange) => {
      const unchanged =
        productSearchParams(next).toString() === productSearchParams(search).toString();
      if (how === 'typing' && unchanged) return;
      void navigate(productSearchHref(next), {
        // Committing what is already shown (Enter after the results followed the typing) adds
        // no second entry; it only ends the typing, so the next words start an entry of their own.
        replace: how === 'typing' ? typedEntry : unchanged,
        state: how === 'typing' ? TYPED : null,
        // The page stays where the reader is: the results are right below the search.
        preventScrollReset: true,
      });
    },
    [navigate, search, typedEntry],
  );

  return {
    search,
    setSearch,
    /** Whether the address changed under the search box (Back, Clear search), not by its typing. */
    changedElsewhere: navigationType === 'POP' || !isTyped(state),
  };
}
