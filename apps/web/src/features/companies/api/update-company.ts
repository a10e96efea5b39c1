import type { CompanyUpdate, EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

/** `PATCH /companies/{id}`: a company admin (or a shop admin) edits the details. */
export function updateCompany(
  id: string,
  body: CompanyUpdate,
): Promise<EndpointResponse<'PATCH /companies/:id'>> {
  return callApi('PATCH /companies/:id', { params: { id }, body });
}

export function useUpdateCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdate) => updateCompany(id, body),
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
