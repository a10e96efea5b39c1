import { EXPORT_PAGE_SIZE } from '@shop/shared';
import type { ListPage } from './api-client';

/** How many pages `total` rows fill, at least one (an empty list is page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Every match of a list, asked page by page at the biggest size the API gives. */
export async function fetchAllPages<T>(
  fetchPage: (page: number, limit: number) => Promise<ListPage<T>>,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const { items: more, total } = await fetchPage(page, EXPORT_PAGE_SIZE);
    items.push(...more);
    // A short page is the last one, whatever the total said when the export began.
    if (more.length < EXPORT_PAGE_SIZE || items.length >= total) return { items, total };
  }
}
