import type { User } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export function usersQuery() {
  return queryOptions({ queryKey: userKeys.list(), queryFn: () => apiFetch<User[]>('/users') });
}

export function useUsers() {
  return useQuery(usersQuery());
}

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
