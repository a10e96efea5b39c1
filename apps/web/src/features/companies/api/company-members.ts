import type { EndpointResponse, MemberUpdate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';
import { companyKeys } from './company-keys';

interface MemberRef {
  companyId: string;
  userId: string;
}

/** `PATCH /companies/{id}/members/{userId}`: a company admin changes a role or an order limit. */
export function updateMember(
  { companyId, userId }: MemberRef,
  body: MemberUpdate,
): Promise<EndpointResponse<'PATCH /companies/:id/members/:userId'>> {
  return callApi('PATCH /companies/:id/members/:userId', {
    params: { id: companyId, userId },
    body,
  });
}

/** `DELETE /companies/{id}/members/{userId}`: a company admin removes a member, or one leaves. */
export function removeMember({
  companyId,
  userId,
}: MemberRef): Promise<EndpointResponse<'DELETE /companies/:id/members/:userId'>> {
  return callApi('DELETE /companies/:id/members/:userId', { params: { id: companyId, userId } });
}

/** A failure is toasted by the app (409 last_company_admin says why in the server's words). */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ...member }: MemberRef & { body: MemberUpdate }) =>
      updateMember(member, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    // Leaving a company changes which orders the member sees.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
