import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from '../../companies/api/company-keys';
import { accountKeys } from './account-keys';

/** `PUT /companies/{id}/hold {onHold}` (shop admins): sets or lifts the credit hold by hand. */
export function setHold(
  companyId: string,
  onHold: boolean,
): Promise<EndpointResponse<'PUT /companies/:id/hold'>> {
  return callApi('PUT /companies/:id/hold', { params: { id: companyId }, body: { onHold } });
}

/** `onChanged` refreshes what shows the company (its page's own query keys). */
export function useSetHold(companyId: string, onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onHold: boolean) => setHold(companyId, onHold),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        onChanged?.(),
      ]),
  });
}
