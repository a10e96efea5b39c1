import type { Quote, QuoteListQuery } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage, type ListPage } from '../../../lib/api-client';
import { quoteKeys } from './quote-keys';

/**
 * `GET /quotes?status=&q=&page=&limit=`: the caller's quotes (a company admin's: their
 * company's too; a shop admin's: all), one page and the number of matches.
 */
export function getQuotes({ q, status, page, limit }: QuoteListQuery): Promise<ListPage<Quote>> {
  return callApiPage('GET /quotes', { query: { q, status, page, limit } });
}

export function quotesQuery(query: QuoteListQuery) {
  return queryOptions({
    queryKey: quoteKeys.list(query),
    queryFn: () => getQuotes(query),
    placeholderData: keepPreviousData,
  });
}

export function useQuotes(query: QuoteListQuery) {
  return useQuery(quotesQuery(query));
}
