import type { AdminOrderListQuery, CompanyOrderListQuery } from '@shop/shared';

/**
 * Every TanStack Query key of orders comes from here: the customer's list, the admin's list and
 * a company's and single orders. A change to any order invalidates `orderKeys.all`.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  mine: (email: string) => [...orderKeys.lists(), 'mine', email] as const,
  everyone: (query: AdminOrderListQuery = {}) => [...orderKeys.lists(), 'everyone', query] as const,
  /** A company's orders (its members, shop admins): Company orders, Approvals, the admin's page. */
  company: (companyId: string, query: Partial<CompanyOrderListQuery> = {}) =>
    [...orderKeys.lists(), 'company', companyId, query] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};
