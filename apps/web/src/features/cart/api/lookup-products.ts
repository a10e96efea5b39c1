import type { EndpointBody, EndpointResponse } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `POST /products/lookup`: each line checked against its product as the catalog is now. */
export function lookupProducts(
  body: EndpointBody<'POST /products/lookup'>,
): Promise<EndpointResponse<'POST /products/lookup'>> {
  return callApi('POST /products/lookup', { body });
}

export function useLookupProducts() {
  return useMutation({
    mutationFn: lookupProducts,
    // The quick order page says a failure beside its button.
    meta: { ownErrorMessage: true },
  });
}
