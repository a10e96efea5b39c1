import type { EndpointResponse, TermsInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from '../../companies/api/company-keys';
import { accountKeys } from './account-keys';

/**
 * `PUT /companies/{id}/terms {days, creditLimit}` (shop admins): grants or changes the terms;
 * both null remove them.
 */
export function setTerms(
  companyId: string,
  terms: TermsInput,
): Promise<EndpointResponse<'PUT /companies/:id/terms'>> {
  return callApi('PUT /companies/:id/terms', { params: { id: companyId }, body: terms });
}

/** `onChanged` refreshes what shows the company (its page's own query keys). */
export function useSetTerms(companyId: string, onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: TermsInput) => setTerms(companyId, terms),
    // The terms form shows a refusal under its fields.
    meta: { ownErrorMessage: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        onChanged?.(),
      ]),
  });
}
