import type { ChangeFeed, WatchedTable } from '../db/change-feed.js';

/**
 * A change feed whose generations the test moves by hand: `bump` one table (or every one), or
 * take the feed down (`generation` undefined: not listening, so nothing may be kept).
 */
export function fakeFeed() {
  const generations = new Map<WatchedTable, number>();
  let down = false;
  const feed: ChangeFeed = {
    generation: (table) => (down ? undefined : (generations.get(table) ?? 0)),
    plugin: { transformQuery: ({ node }) => node, transformResult: async ({ result }) => result },
    wrote: () => undefined,
    setLog: () => undefined,
    close: async () => undefined,
  };
  const tables: readonly WatchedTable[] = [
    'products',
    'reviews',
    'users',
    'auth_session',
    'auth_user',
  ];
  return {
    feed,
    bump: (table?: WatchedTable) => {
      for (const one of table ? [table] : tables) {
        generations.set(one, (generations.get(one) ?? 0) + 1);
      }
    },
    setDown: (value: boolean) => {
      down = value;
    },
  };
}
