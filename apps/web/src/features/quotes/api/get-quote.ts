import type { Quote } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { quoteKeys } from './quote-keys';

/** `GET /quotes/{id}`: one quote (its buyer, their company's admins, shop admins). */
export function getQuote(id: string): Promise<Quote> {
  return callApi('GET /quotes/:id', { params: { id } });
}

export function quoteQuery(id: string) {
  return queryOptions({ queryKey: quoteKeys.detail(id), queryFn: () => getQuote(id) });
}

export function useQuote(id: string) {
  return useQuery(quoteQuery(id));
}
