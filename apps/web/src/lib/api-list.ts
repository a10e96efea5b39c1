import { TOTAL_COUNT_HEADER } from '@shop/shared';
import { apiRequest } from './api-client';

/** One page of a list the API answers as an array, with the number of matches it reported. */
export interface ApiList<T> {
  items: T[];
  /** Every match, on all pages: the `X-Total-Count` header, or the array's length without it. */
  total: number;
}

/** Calls a paged list of the API (failures as apiFetch) and reads its total from the header. */
export async function apiFetchList<T>(path: string): Promise<ApiList<T>> {
  const response = await apiRequest(path, {}, 'application/json');
  const body: unknown = await response.json().catch(() => undefined);
  const items = Array.isArray(body) ? (body as T[]) : [];
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  const total = Number.isSafeInteger(header) && header >= 0 ? header : items.length;
  return { items, total };
}
