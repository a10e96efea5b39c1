import type { ChangeFeed } from '../db/change-feed.js';
import type { TokenSession } from './sessions.repository.js';

/**
 * How many token sessions one instance keeps. A token is signed, so only real sessions are
 * kept; past this the oldest kept goes first.
 */
export const MAX_CACHED_SESSIONS = 10_000;

interface Entry {
  found: TokenSession;
  /** The generations of `users` and `auth_session` the session was read at. */
  users: number;
  sessions: number;
}

/**
 * The session and user behind an API token, kept per instance while neither table changes.
 * Signing out deletes the session and a role change updates the user: either bumps its table's
 * generation on every instance (ChangeFeed: this process's writes at once, other instances'
 * through PostgreSQL's notifications or SQLite's data_version), and the next call reads the
 * database again. While PostgreSQL's notifications are down nothing is kept. Expiry is judged
 * by the caller on every call, from the kept `expiresAt`.
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
      const users = feed.generation('users');
      const sessions = feed.generation('auth_session');
      const hit = entries.get(key);
      if (hit && hit.users === users && hit.sessions === sessions) return hit.found;
      const found = await lookup(userId, sessionId);
      if (hit) entries.delete(key);
      // Kept only when read at generations that still hold: a sign-out that ran during the read
      // must not leave its session behind.
      if (
        found &&
        users !== undefined &&
        sessions !== undefined &&
        feed.generation('users') === users &&
        feed.generation('auth_session') === sessions
      ) {
        if (entries.size >= MAX_CACHED_SESSIONS) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, { found, users, sessions });
      }
      return found;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
