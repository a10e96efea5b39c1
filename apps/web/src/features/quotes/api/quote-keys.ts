import type { QuoteListQuery } from '@shop/shared';

/**
 * Every TanStack Query key of quotes: the caller's list, a shop admin's list, single quotes. A
 * change to any quote invalidates `quoteKeys.all`.
 */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  list: (query: QuoteListQuery = {}) => [...quoteKeys.lists(), query] as const,
  detail: (id: string) => [...quoteKeys.all, 'detail', id] as const,
};
