import type { User } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** The email inside our own API token (read, not verified: the server verifies it). */
export function emailOfToken(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : undefined;
  } catch {
    return undefined;
  }
}

export function meQuery(token: string | null) {
  return queryOptions({
    queryKey: accountKeys.me(token),
    queryFn: async (): Promise<User | null> => {
      const email = token ? emailOfToken(token) : undefined;
      if (!email) return null;
      return callApi('GET /user/:email', { params: { email } });
    },
    staleTime: 60_000,
    retry: false,
  });
}
