import type { AdminUserListQuery } from '@shop/shared';

/** Every TanStack Query key of users comes from here; a role change invalidates `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: AdminUserListQuery = {}) => [...userKeys.all, 'list', query] as const,
};
