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

export function statementQuery(companyId: string, enabled = true) {
  return queryOptions({
    queryKey: accountKeys.statement(companyId),
    queryFn: () => getStatement(companyId),
    enabled: enabled && companyId !== '',
  });
}

/** The statement; not asked for without a company (`companyId` empty) or while `enabled` is off. */
export function useStatement(companyId: string, enabled = true) {
  return useQuery(statementQuery(companyId, enabled));
}
