import type { EndpointResponse } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** `GET /sign-in-methods`: whether this shop offers 'Continue With Google' (ux 2026-11-28 #22). */
export function getSignInMethods(): Promise<EndpointResponse<'GET /sign-in-methods'>> {
  return callApi('GET /sign-in-methods');
}

export function signInMethodsQuery() {
  return queryOptions({
    queryKey: accountKeys.signInMethods(),
    queryFn: getSignInMethods,
    // Chosen when the server starts: it does not change while the page is open.
    staleTime: Infinity,
  });
}

export function useSignInMethods() {
  return useQuery(signInMethodsQuery());
}
