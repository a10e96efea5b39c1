import type { EndpointBody, EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { quoteKeys } from './quote-keys';

/** `POST /quotes`: lines (beyond the stock or the minimum allowed) and a note. */
export function requestQuote(
  body: EndpointBody<'POST /quotes'>,
): Promise<EndpointResponse<'POST /quotes'>> {
  return callApi('POST /quotes', { body });
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
