import type { EndpointBody, EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';
import { productKeys } from '../../catalog/api/product-keys';
import { quoteKeys } from './quote-keys';

/** `PUT /quotes/{id}/offer` (shop admins): the offer's lines with unit prices, expiry, message. */
export function offerQuote({
  quoteId,
  body,
}: {
  quoteId: string;
  body: EndpointBody<'PUT /quotes/:id/offer'>;
}): Promise<EndpointResponse<'PUT /quotes/:id/offer'>> {
  return callApi('PUT /quotes/:id/offer', { params: { id: quoteId }, body });
}

/** `POST /quotes/{id}/accept`: one order at the offered prices. */
export function acceptQuote({
  quoteId,
  body,
}: {
  quoteId: string;
  body: EndpointBody<'POST /quotes/:id/accept'>;
}): Promise<EndpointResponse<'POST /quotes/:id/accept'>> {
  return callApi('POST /quotes/:id/accept', { params: { id: quoteId }, body });
}

/** `POST /quotes/{id}/decline`. */
export function declineQuote(
  quoteId: string,
): Promise<EndpointResponse<'POST /quotes/:id/decline'>> {
  return callApi('POST /quotes/:id/decline', { params: { id: quoteId } });
}

/**
 * `POST /quotes/{id}/request-again`: a new offer asked for, with a message; the quote goes back
 * to requested and its offer into its history.
 */
export function requestQuoteAgain({
  quoteId,
  body,
}: {
  quoteId: string;
  body: EndpointBody<'POST /quotes/:id/request-again'>;
}): Promise<EndpointResponse<'POST /quotes/:id/request-again'>> {
  return callApi('POST /quotes/:id/request-again', { params: { id: quoteId }, body });
}

export function useRequestQuoteAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuoteAgain,
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}

export function useOfferQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerQuote,
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    meta: { ownErrorMessage: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export function useDeclineQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
