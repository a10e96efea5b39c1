import type { CompanyListQuery, EndpointResponse } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage, type ListPage } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

type CompanyRow = EndpointResponse<'GET /companies'>[number];

/** `GET /companies?q=&page=&limit=`: one page of the companies that match (shop admins). */
export function getCompanies(query: CompanyListQuery): Promise<ListPage<CompanyRow>> {
  return callApiPage('GET /companies', { query });
}

export function companiesQuery(query: CompanyListQuery) {
  return queryOptions({
    queryKey: companyKeys.list(query),
    queryFn: () => getCompanies(query),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: CompanyListQuery) {
  return useQuery(companiesQuery(query));
}

/** `GET /companies/{id}`: one company with its members (shop admins and its members). */
export function getCompany(id: string): Promise<EndpointResponse<'GET /companies/:id'>> {
  return callApi('GET /companies/:id', { params: { id } });
}

export function companyQuery(id: string) {
  return queryOptions({ queryKey: companyKeys.detail(id), queryFn: () => getCompany(id) });
}

export function useCompany(id: string) {
  return useQuery(companyQuery(id));
}
