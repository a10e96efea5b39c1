import type { EndpointResponse, InvitationCreate } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

/** `GET /companies/{id}/invitations`: the pending invitations (company admins). */
export function getInvitations(
  id: string,
): Promise<EndpointResponse<'GET /companies/:id/invitations'>> {
  return callApi('GET /companies/:id/invitations', { params: { id } });
}

export function invitationsQuery(id: string) {
  return queryOptions({ queryKey: companyKeys.invitations(id), queryFn: () => getInvitations(id) });
}

export function useInvitations(id: string) {
  return useQuery(invitationsQuery(id));
}

/** `POST /companies/{id}/invitations`: mails the invitee a link (through the outbox). */
export function createInvitation(
  id: string,
  body: InvitationCreate,
): Promise<EndpointResponse<'POST /companies/:id/invitations'>> {
  return callApi('POST /companies/:id/invitations', { params: { id }, body });
}

export function useCreateInvitation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreate) => createInvitation(id, body),
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(id) }),
  });
}

/** `DELETE /companies/{id}/invitations/{invitationId}`: the link stops working. */
export function revokeInvitation(
  id: string,
  invitationId: string,
): Promise<EndpointResponse<'DELETE /companies/:id/invitations/:invitationId'>> {
  return callApi('DELETE /companies/:id/invitations/:invitationId', {
    params: { id, invitationId },
  });
}

export function useRevokeInvitation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(id, invitationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(id) }),
  });
}
