import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** Promote (`admin`) or demote (`user`): the spec's PUT /user/admin|user/{email}. */
export function setRole(
  email: string,
  role: 'admin' | 'user',
): Promise<EndpointResponse<'PUT /user/admin/:email' | 'PUT /user/user/:email'>> {
  return callApi(role === 'admin' ? 'PUT /user/admin/:email' : 'PUT /user/user/:email', {
    params: { email },
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: 'admin' | 'user' }) =>
      setRole(email, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
