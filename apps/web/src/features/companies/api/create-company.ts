import type { CompanyCreate, EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

/** `POST /companies`: the caller creates a company and becomes its admin. */
export function createCompany(body: CompanyCreate): Promise<EndpointResponse<'POST /companies'>> {
  return callApi('POST /companies', { body });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    // The form shows the refusal under its fields or beside itself.
    meta: { ownErrorMessage: true },
    onSuccess: (created) => queryClient.setQueryData(companyKeys.mine(), created.company),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
