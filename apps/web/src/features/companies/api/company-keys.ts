import type { CompanyListQuery } from '@shop/shared';

/**
 * Every TanStack Query key of companies: the caller's company, a company by id (shop admins),
 * the shop admin's list, a company's invitations and orders, an invitation by its token. A
 * change to a company, its members or invitations invalidates `companyKeys.all`; a decision on
 * an order invalidates the orders' keys (a company's orders are `orderKeys.company`).
 */
export const companyKeys = {
  all: ['companies'] as const,
  mine: () => [...companyKeys.all, 'mine'] as const,
  detail: (id: string) => [...companyKeys.all, 'detail', id] as const,
  list: (query: CompanyListQuery) => [...companyKeys.all, 'list', query] as const,
  invitations: (id: string) => [...companyKeys.all, 'invitations', id] as const,
  invitation: (token: string) => [...companyKeys.all, 'invitation', token] as const,
};
