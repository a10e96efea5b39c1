import type { AdminUserListQuery, User } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage, type ListPage } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** `GET /users?q=&page=&limit=`: one page of the users that match, for admins, and their number. */
export function getUsers({ q, page, limit }: AdminUserListQuery): Promise<ListPage<User>> {
  return callApiPage('GET /users', { query: { q, page, limit } });
}

/** The page on screen stays while the next one loads (a new search, the next page). */
export function usersQuery(query: AdminUserListQuery) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: AdminUserListQuery) {
  return useQuery(usersQuery(query));
}
