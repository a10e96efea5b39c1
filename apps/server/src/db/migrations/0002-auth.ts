import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Better Auth's tables (users' identities, sessions, linked accounts, verification tokens), as
 * its own schema generator emits them for each dialect. They are created here, in a versioned
 * and locked migration, instead of by Better Auth's diffing migrator at start, so several
 * instances can start at once. A test checks Better Auth finds nothing left to migrate.
 */
export function auth(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'timestamptz' : 'date';
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  const now = dialect === 'postgres' ? 'default CURRENT_TIMESTAMP ' : '';
  const statements = [
    `create table "auth_user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" ${bool} not null, "image" text, "createdAt" ${time} ${now}not null, "updatedAt" ${time} ${now}not null)`,
    `create table "auth_session" ("id" text not null primary key, "expiresAt" ${time} not null, "token" text not null unique, "createdAt" ${time} ${now}not null, "updatedAt" ${time} not null, "ipAddress" text, "userAgent" text, "userId" text not null references "auth_user" ("id") on delete cascade)`,
    `create table "auth_account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "auth_user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" ${time}, "refreshTokenExpiresAt" ${time}, "scope" text, "password" text, "createdAt" ${time} ${now}not null, "updatedAt" ${time} not null)`,
    `create table "auth_verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" ${time} not null, "createdAt" ${time} ${now}not null, "updatedAt" ${time} ${now}not null)`,
    `create index "auth_session_userId_idx" on "auth_session" ("userId")`,
    `create index "auth_account_userId_idx" on "auth_account" ("userId")`,
    `create index "auth_verification_identifier_idx" on "auth_verification" ("identifier")`,
  ];

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['auth_verification', 'auth_account', 'auth_session', 'auth_user']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
