import type { EndpointResponse, HoldInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from '../../companies/api/company-keys';
import { accountKeys } from './account-keys';

/**
 * `PUT /companies/{id}/hold {onHold, reason?}` (shop admins): sets the credit hold by hand, with
 * the reason the members read, or lifts it.
 */
export function setHold(
  companyId: string,
  hold: HoldInput,
): Promise<EndpointResponse<'PUT /companies/:id/hold'>> {
  return callApi('PUT /companies/:id/hold', { params: { id: companyId }, body: hold });
}

/** `onChanged` refreshes what shows the company (its page's own query keys). */
export function useSetHold(companyId: string, onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hold: HoldInput) => setHold(companyId, hold),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        onChanged?.(),
      ]),
  });
}
