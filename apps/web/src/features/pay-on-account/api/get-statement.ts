import type { EndpointResponse, StatementQuery } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export type Statement = EndpointResponse<'GET /companies/:id/statement'>;

/**
 * `GET /companies/{id}/statement`: the company's open invoices, balance and available credit,
 * and its account over `period` (the last 90 days without one): its members and shop admins.
 */
export function getStatement(companyId: string, period: StatementQuery = {}): Promise<Statement> {
  return callApi('GET /companies/:id/statement', {
    params: { id: companyId },
    query: { from: period.from, to: period.to },
  });
}

export function statementQuery(companyId: string, enabled = true, period: StatementQuery = {}) {
  return queryOptions({
    queryKey: [...accountKeys.statement(companyId), period.from ?? '', period.to ?? ''],
    queryFn: () => getStatement(companyId, period),
    enabled: enabled && companyId !== '',
    // A new period keeps the one shown until it arrives (no jump to a spinner).
    placeholderData: keepPreviousData,
  });
}

/** The statement; not asked for without a company (`companyId` empty) or while `enabled` is off. */
export function useStatement(companyId: string, enabled = true, period: StatementQuery = {}) {
  return useQuery(statementQuery(companyId, enabled, period));
}
