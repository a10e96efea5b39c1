import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** Promote (`admin`) or demote (`user`): the spec's PUT /user/admin|user/{email}. */
export function setRole(email: string, role: 'admin' | 'user') {
  return apiFetch<{ modifiedCount: number }>(`/user/${role}/${encodeURIComponent(email)}`, {
    method: 'PUT',
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
