import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The element the server puts the page's data in: JSON, which no script policy blocks. */
export const SERVER_PAGE_DATA_ID = 'server-page';

/**
 * What the server sends beside a page it drew (entry-server.tsx), for the browser to take the
 * page over with the same data: the answers the page was drawn from, the router's loader data,
 * and the address the page's tags were written with.
 */
export interface ServerPageData {
  origin: string;
  /** Each answer's query key, data and when it was read. */
  queries: [QueryKey, unknown, number][];
  hydration: HydrationState;
}

/** The data of a page the server drew; null for a page the browser draws. */
export function readServerPage(): ServerPageData | null {
  // Written by the server with jsonForScript: always JSON.
  const text = document.getElementById(SERVER_PAGE_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerPageData) : null;
}

/** Puts the server's answers in the browser's cache, as read when the server drew the page. */
export function restoreQueries(queryClient: QueryClient, page: ServerPageData): void {
  for (const [queryKey, data, updatedAt] of page.queries) {
    queryClient.setQueryData(queryKey, data, { updatedAt });
  }
}
