import type { CompanyOrderListQuery, Order } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage, type ListPage } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

export type CompanyOrderQuery = Partial<CompanyOrderListQuery>;

/**
 * `GET /companies/{id}/orders?q=&status=&approval=&page=&limit=`: one page of the company's
 * orders (every member sees them), with who placed each, and the number of matches.
 */
export function getCompanyOrders(id: string, query: CompanyOrderQuery): Promise<ListPage<Order>> {
  return callApiPage('GET /companies/:id/orders', { params: { id }, query });
}

export function companyOrdersQuery(id: string, query: CompanyOrderQuery) {
  return queryOptions({
    queryKey: orderKeys.company(id, query),
    queryFn: () => getCompanyOrders(id, query),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyOrders(id: string, query: CompanyOrderQuery) {
  return useQuery(companyOrdersQuery(id, query));
}
