import type { ChangeFeed, WatchedTable } from '../db/change-feed.js';
import type { TokenSession } from './sessions.repository.js';

/**
 * How many token sessions one instance keeps. A token is signed, so only real sessions are
 * kept; past this the oldest kept goes first.
 */
export const MAX_CACHED_SESSIONS = 10_000;

/** The tables a token session is read from: a change to any of them drops what was kept. */
const READ_FROM = ['users', 'auth_session', 'auth_user'] as const satisfies readonly WatchedTable[];

interface Entry {
  found: TokenSession;
  /** The generations of READ_FROM the session was read at, in that order. */
  generations: number[];
}

/** The generations of READ_FROM now; undefined when a cached read may not be trusted. */
function generationsOf(feed: ChangeFeed): number[] | undefined {
  const generations: number[] = [];
  for (const table of READ_FROM) {
    const generation = feed.generation(table);
    if (generation === undefined) return undefined;
    generations.push(generation);
  }
  return generations;
}

const same = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  a !== undefined && b !== undefined && a.every((value, index) => value === b[index]);

/**
 * The session and user behind an API token, kept per instance while none of its tables changes.
 * Signing out deletes the session, a role change updates the user, confirming the email updates
 * the identity (`auth_user`): each bumps its table's generation on every instance (ChangeFeed:
 * this process's writes at once, other instances' through PostgreSQL's notifications or
 * SQLite's data_version), and the next call reads the database again. While PostgreSQL's
 * notifications are down nothing is kept. Expiry is judged by the caller on every call, from
 * the kept `expiresAt`.
 */
export function createSessionCache(
  feed: ChangeFeed,
  lookup: (userId: string, sessionId: string) => Promise<TokenSession | undefined>,
) {
  const entries = new Map<string, Entry>();

  return {
    /** How many sessions are kept (for tests). */
    get size(): number {
      return entries.size;
    },

    async find(userId: string, sessionId: string): Promise<TokenSession | undefined> {
      // A space cannot occur in either id (both are generated): no key can pass for another.
      const key = `${userId} ${sessionId}`;
      const generations = generationsOf(feed);
      const hit = entries.get(key);
      if (hit && same(hit.generations, generations)) return hit.found;
      const found = await lookup(userId, sessionId);
      if (hit) entries.delete(key);
      // Kept only when read at generations that still hold: a sign-out that ran during the read
      // must not leave its session behind.
      if (found && generations && same(generationsOf(feed), generations)) {
        if (entries.size >= MAX_CACHED_SESSIONS) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, { found, generations });
      }
      return found;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
