import {
  adminListMessages,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  type ListNoun,
} from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import type { ListPage } from '../../lib/api-client';
import { pageCount } from '../../lib/list-query';
import { QueryState } from './query-state';
import { TextField } from './text-field';

interface PagedListProps<T> {
  /** What the list holds: "312 orders", 'Search orders'. */
  noun: ListNoun;
  /** The page being shown, with the total of every match. */
  query: UseQueryResult<ListPage<T>>;
  /** The search as the address holds it. */
  q: string | undefined;
  onSearch: (q: string) => void;
  page: number;
  pageSize: number;
  /** Shows another page; `replace` when it corrects the address rather than a step forward. */
  onPage: (page: number, replace?: boolean) => void;
  /** The filter in force, said in the empty result ('No shipped orders'). */
  filterWord?: string | undefined;
  /** Clears the search and every filter. */
  onClear: () => void;
  /** A line under the search box saying what it finds (Manage Companies: a member's email). */
  searchHint?: string | undefined;
  /** Controls beside the search box: filters, then actions (Export CSV). */
  filters?: ReactNode;
  actions?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/**
 * The search box: a commit waits until typing rests, or Enter. Labelled 'Search orders' from
 * the noun, or by `label` (My Order's, with a `hint` of what it finds).
 */
export function SearchBox({
  noun,
  q,
  onSearch,
  label,
  hint,
}: Pick<PagedListProps<unknown>, 'noun' | 'q' | 'onSearch'> & { label?: string; hint?: string }) {
  const [text, setText] = useState(q ?? '');
  // The address changed under the box (Show all, the Back button): the box follows it.
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    if (text.trim() !== (q ?? '')) setText(q ?? '');
  }

  const commitNow = (value: string) => {
    if (value.trim() !== (q ?? '')) onSearch(value);
  };
  const commit = useEffectEvent(commitNow);

  useEffect(() => {
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      role="search"
      className="w-full sm:w-72"
      onSubmit={(event) => {
        event.preventDefault();
        commitNow(text);
      }}
    >
      <TextField
        label={label ?? adminListMessages.searchLabel(noun)}
        hint={hint}
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

/** Previous, "Page 2 of 14", Next. A button at the end stays focusable (aria-disabled). */
function Pager({
  noun,
  page,
  pages,
  onPage,
}: {
  noun: ListNoun;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const step = (to: number, enabled: boolean, label: string) => (
    <button
      type="button"
      className={`btn btn-sm ${enabled ? '' : 'btn-disabled'}`}
      aria-disabled={!enabled || undefined}
      onClick={() => enabled && onPage(to)}
    >
      {label}
    </button>
  );
  return (
    <nav
      aria-label={adminListMessages.pagerLabel(noun)}
      className="flex items-center justify-center gap-3"
    >
      {step(page - 1, page > 1, adminListMessages.previous)}
      <span className="text-sm" aria-current="page">
        {adminListMessages.pageOf(page, pages)}
      </span>
      {step(page + 1, page < pages, adminListMessages.next)}
    </nav>
  );
}

/**
 * An admin list's search box, filters, total, pages and empty result around its table (Manage
 * Product, Manage Order, Manage Users). The page shown stays on screen, dimmed, while the next
 * one loads; a page past the end (rows deleted, an edited address) goes to the last one.
 */
export function PagedList<T>({
  noun,
  query,
  q,
  onSearch,
  page,
  pageSize,
  onPage,
  filterWord,
  onClear,
  searchHint,
  filters,
  actions,
  children,
}: PagedListProps<T>) {
  const total = query.data?.total;
  const pages = total === undefined ? 1 : pageCount(total, pageSize);
  const pastTheEnd = total !== undefined && !query.isPlaceholderData && page > pages;
  const goToLast = useEffectEvent(() => onPage(pages, true));

  useEffect(() => {
    if (pastTheEnd) goToLast();
  }, [pastTheEnd]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <SearchBox
          key={noun.many}
          noun={noun}
          q={q}
          onSearch={onSearch}
          {...(searchHint ? { hint: searchHint } : {})}
        />
        {filters}
        <div className="flex grow flex-wrap items-center justify-end gap-3 pb-1">
          <p role="status" className="text-base-content/80 text-sm">
            {total !== undefined && adminListMessages.total(total, noun)}
          </p>
          {actions}
        </div>
      </div>
      <QueryState
        query={query}
        what={noun.many}
        isEmpty={({ items }) => items.length === 0 && !q && !filterWord}
      >
        {({ items }) =>
          items.length === 0 ? (
            <div className="py-10 text-center">
              <p className="text-base-content/80">
                {adminListMessages.noMatch(noun, q, filterWord)}
              </p>
              <button type="button" className="btn btn-sm btn-link" onClick={onClear}>
                {adminListMessages.showAll(noun)}
              </button>
            </div>
          ) : (
            <>
              <div
                aria-busy={query.isPlaceholderData || undefined}
                className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
              >
                {children(items)}
              </div>
              {pages > 1 && <Pager noun={noun} page={page} pages={pages} onPage={onPage} />}
            </>
          )
        }
      </QueryState>
    </div>
  );
}
