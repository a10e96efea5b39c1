import type { ProfileUpdate, User } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export interface ProfileUpdated {
  insertedId: string;
  modifiedCount: number;
  user: User;
}

export function updateProfile(email: string, fields: ProfileUpdate): Promise<ProfileUpdated> {
  return apiFetch<ProfileUpdated>(`/profile/${encodeURIComponent(email)}`, {
    method: 'PUT',
    json: fields,
  });
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ProfileUpdate) => updateProfile(email, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
