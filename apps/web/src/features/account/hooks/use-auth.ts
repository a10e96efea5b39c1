import type { User } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeToAccessToken } from '../../../lib/access-token';
import { meQuery } from '../api/get-me';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: User };

/**
 * Who is signed in: nobody without a token (no request made), otherwise the user the token
 * belongs to, with the role and profile as the server has them now.
 */
export function useAuth(): AuthState {
  const token = useSyncExternalStore(subscribeToAccessToken, getAccessToken, () => null);
  const me = useQuery({ ...meQuery(token), enabled: token !== null });
  if (token === null) return { status: 'signed-out', user: null };
  if (me.isPending) return { status: 'loading', user: null };
  if (me.data) return { status: 'signed-in', user: me.data };
  return { status: 'signed-out', user: null };
}
