import type { EndpointResponse } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export type Statement = EndpointResponse<'GET /companies/:id/statement'>;

/**
 * `GET /companies/{id}/statement`: the company's open invoices, balance and available credit
 * (its members and shop admins).
 */
export function getStatement(companyId: string): Promise<Statement> {
  return callApi('GET /companies/:id/statement', { params: { id: companyId } });
}

export function statementQuery(companyId: string) {
  return queryOptions({
    queryKey: accountKeys.statement(companyId),
    queryFn: () => getStatement(companyId),
  });
}

export function useStatement(companyId: string) {
  return useQuery(statementQuery(companyId));
}
