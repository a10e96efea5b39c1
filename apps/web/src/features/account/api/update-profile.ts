import type { EndpointResponse, ProfileUpdate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function updateProfile(
  email: string,
  fields: ProfileUpdate,
): Promise<EndpointResponse<'PUT /profile/:email'>> {
  return callApi('PUT /profile/:email', { params: { email }, body: fields });
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ProfileUpdate) => updateProfile(email, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
