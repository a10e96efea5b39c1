import type { EndpointResponse } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';
import { companyKeys } from './company-keys';

/**
 * `GET /invitations/{token}`: what the invitation page shows; `forYou` when the caller is signed
 * in with the invited address. The signed-in state is part of the key: the answer differs.
 */
export function getInvitation(token: string): Promise<EndpointResponse<'GET /invitations/:token'>> {
  return callApi('GET /invitations/:token', { params: { token } });
}

export function invitationQuery(token: string, signedIn: boolean) {
  return queryOptions({
    queryKey: [...companyKeys.invitation(token), signedIn],
    queryFn: () => getInvitation(token),
    retry: false,
  });
}

export function useInvitation(token: string, signedIn: boolean, enabled = true) {
  return useQuery({ ...invitationQuery(token, signedIn), enabled });
}

/**
 * `GET /invitations/{token}/company`: the invited company's name, for anyone holding the link
 * (the signed-out page names it; ux 2026-11-28 #29).
 */
export function invitationCompanyQuery(token: string) {
  return queryOptions({
    queryKey: [...companyKeys.invitation(token), 'company'],
    queryFn: () => callApi('GET /invitations/:token/company', { params: { token } }),
    retry: false,
  });
}

export function useInvitationCompany(token: string, enabled: boolean) {
  return useQuery({ ...invitationCompanyQuery(token), enabled });
}

/** `POST /invitations/{token}/accept`: the signed-in invitee joins the company. */
export function acceptInvitation(
  token: string,
): Promise<EndpointResponse<'POST /invitations/:token/accept'>> {
  return callApi('POST /invitations/:token/accept', { params: { token } });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    // The page explains a refusal in its own words (used, expired, another account).
    meta: { ownErrorMessage: true },
    onSuccess: (accepted) => queryClient.setQueryData(companyKeys.mine(), accepted.company),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
