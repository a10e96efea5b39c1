import type { Role } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The shop user behind an API token, and when the identity session it was issued for ends. */
export interface TokenSession {
  /** `emailVerified`: the identity's address is confirmed (Better Auth's `auth_user`). */
  user: { id: string; email: string; displayName: string; role: Role; emailVerified: boolean };
  expiresAt: Date | string | number;
}

/** The SQL of the guard: the API token's user, looked up through its identity session. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    /**
     * The user `userId` if the session `sessionId` is still in the table and belongs to it;
     * undefined once signing out has deleted the session. Expiry is the guard's to judge.
     */
    async findTokenSession(userId: string, sessionId: string): Promise<TokenSession | undefined> {
      const row = await db
        .selectFrom('users')
        .innerJoin('auth_session', 'auth_session.userId', 'users.uid')
        .innerJoin('auth_user', 'auth_user.id', 'auth_session.userId')
        .select([
          'users.id',
          'users.email',
          'users.display_name',
          'users.role',
          'auth_user.emailVerified',
          'auth_session.expiresAt',
        ])
        .where('users.id', '=', userId)
        .where('auth_session.id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        user: {
          id: row.id,
          email: row.email,
          displayName: row.display_name,
          role: row.role,
          // SQLite keeps booleans as 0 and 1.
          emailVerified: Boolean(row.emailVerified),
        },
        expiresAt: row.expiresAt,
      };
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
