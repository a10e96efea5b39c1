import { EMAIL_PASSWORD_PROVIDER } from '@shop/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { nowIso } from '../db/time.js';

/** Better Auth's provider id of an email-and-password account, where it keeps the hash. */
const CREDENTIAL_PROVIDER = 'credential';

export interface ExistingIdentity {
  id: string;
  name: string;
  /** The password hash, or null for an identity without a password (Google only). */
  passwordHash: string | null;
  /** Whether its shop user is an admin already (then nothing is promoted). */
  isAdmin: boolean;
}

/** The SQL of the first-admin bootstrap: who exists, and making an identity the admin. */
export function createBootstrapAdminRepository(db: Db) {
  return {
    /**
     * Runs `work` while no other instance runs it: on PostgreSQL under a transaction-scoped
     * advisory lock, so two instances starting at once on an empty database create one admin.
     * `work` uses its own connections (Better Auth signs up through the pool); the lock holds
     * until it has finished. SQLite is one process and needs none.
     */
    async exclusively<T>(work: () => Promise<T>): Promise<T> {
      if (db.dialect !== 'postgres') return work();
      return db.kysely.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('shop-admin-bootstrap'))`.execute(trx);
        return work();
      });
    },

    async hasAdmin(): Promise<boolean> {
      const admin = await db.kysely
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return admin !== undefined;
    },

    async findIdentity(email: string): Promise<ExistingIdentity | undefined> {
      const identity = await db.kysely
        .selectFrom('auth_user')
        .leftJoin('auth_account', (join) =>
          join
            .onRef('auth_account.userId', '=', 'auth_user.id')
            .on('auth_account.providerId', '=', CREDENTIAL_PROVIDER),
        )
        .leftJoin('users', 'users.uid', 'auth_user.id')
        .select(['auth_user.id', 'auth_user.name', 'auth_account.password', 'users.role'])
        .where('auth_user.email', '=', email)
        .executeTakeFirst();
      if (!identity) return undefined;
      return {
        id: identity.id,
        name: identity.name,
        passwordHash: identity.password ?? null,
        isAdmin: identity.role === 'admin',
      };
    },

    /** Marks the identity's address verified (the operator chose it) and makes its user admin. */
    async promote(identity: { id: string; name: string }, email: string): Promise<void> {
      const now = nowIso();
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('auth_user')
          .set({ emailVerified: db.dialect === 'postgres' ? true : 1 })
          .where('id', '=', identity.id)
          .execute();
        await trx
          .insertInto('users')
          .values({
            id: newId(),
            email,
            uid: identity.id,
            display_name: identity.name,
            provider_id: EMAIL_PASSWORD_PROVIDER,
            role: 'admin',
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('email').doUpdateSet({ role: 'admin', updated_at: now }))
          .execute();
      });
    },
  };
}
