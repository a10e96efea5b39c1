import { mayApprove, type EndpointResponse } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

export type MyCompany = EndpointResponse<'GET /companies/mine'>;

/** `GET /companies/mine`: the caller's company with its members, or null when in none (404). */
export async function getMyCompany(): Promise<MyCompany | null> {
  try {
    return await callApi('GET /companies/mine');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function myCompanyQuery(enabled = true) {
  return queryOptions({ queryKey: companyKeys.mine(), queryFn: getMyCompany, enabled });
}

/** The signed-in customer's company (null: in none); off for shop admins (`enabled`). */
export function useMyCompany(enabled = true) {
  return useQuery(myCompanyQuery(enabled));
}

/**
 * The terms a member's company pays on account by, with its name, for the checkout's and Order
 * Now's payment choice (ux 2026-11-28 #14); null outside a company with terms.
 */
export function usePaymentTerms(enabled = true): { days: number; companyName: string } | null {
  const company = useMyCompany(enabled).data;
  return company?.terms ? { days: company.terms.days, companyName: company.name } : null;
}

/**
 * The viewer's place in their company: the company (null: in none, undefined: not known yet)
 * and their role in it, found by their address among its members.
 */
export function useMyMembership(email: string | undefined, enabled = true) {
  const query = useMyCompany(enabled && email !== undefined);
  const company = query.data;
  const role = company?.members.find((member) => member.email === email)?.role;
  return {
    query,
    company,
    role,
    isCompanyAdmin: role === 'admin',
    // Decides on approvals: a company admin or an approver (ux 2026-11-28 #7).
    mayApprove: role !== undefined && mayApprove(role),
  };
}
