import type { Kysely, Transaction } from 'kysely';
import type { ProfileUpdate, Role } from '@shop/shared';
import type { Dialect } from '../../db/database.js';
import { containsText, readPage, type ListWindow } from '../../db/list-queries.js';
import type { Database, UserRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';

export interface SignInRecord {
  email: string;
  uid: string;
  displayName: string;
  providerId: string;
  /** The role of a user seen for the first time; an existing user keeps theirs. */
  roleIfNew: Role;
}

/**
 * Marks the identity of `email` as confirmed, inside the caller's transaction (ux 2026-11-28 #8):
 * accepting an invitation mailed to that address proves it as the confirmation link does (the
 * invitation's token reached only that mailbox). Only ever sets it.
 */
export async function confirmEmailIn(
  trx: Transaction<Database>,
  email: string,
  dialect: Dialect,
): Promise<void> {
  await trx
    .updateTable('auth_user')
    .set({ emailVerified: dialect === 'postgres' ? true : 1, updatedAt: nowIso() })
    .where('email', '=', email.toLowerCase())
    .execute();
}

export function createUsersRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    /**
     * Manage Users' list, oldest first: the users whose name, email or uid holds `q` (all
     * without it), the rows of `window` (all without one), and how many match.
     */
    listMatching(
      q: string | undefined,
      window: ListWindow | undefined,
    ): Promise<{ rows: UserRow[]; total: number }> {
      let matching = db.selectFrom('users').selectAll();
      if (q) {
        const contains = containsText(q);
        matching = matching.where((eb) =>
          eb.or([
            contains(eb.ref('display_name')),
            contains(eb.ref('email')),
            contains(eb.ref('uid')),
          ]),
        );
      }
      return readPage(matching.orderBy('created_at').orderBy('id'), window);
    },

    /** Creates the user on their first sign-in, or refreshes their identity; role is kept. */
    async upsertOnSignIn(record: SignInRecord): Promise<UserRow> {
      const now = nowIso();
      await db
        .insertInto('users')
        .values({
          id: newId(),
          email: record.email,
          uid: record.uid,
          display_name: record.displayName,
          provider_id: record.providerId,
          role: record.roleIfNew,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({
            uid: record.uid,
            provider_id: record.providerId,
            updated_at: now,
          }),
        )
        .execute();
      const user = await this.findByEmail(record.email);
      if (!user) throw new Error(`user ${record.email} vanished after its upsert`);
      return user;
    },

    /**
     * Writes the filled profile fields. A new name goes to the identity record too (Better
     * Auth's `auth_user`, whose name the identity mails greet with), in the same transaction, so
     * the two never disagree.
     */
    async updateProfile(id: string, fields: ProfileUpdate): Promise<UserRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        await trx
          .updateTable('users')
          .set({
            ...(fields.displayName !== undefined && { display_name: fields.displayName }),
            ...(fields.location !== undefined && { location: fields.location }),
            ...(fields.education !== undefined && { education: fields.education }),
            ...(fields.phone !== undefined && { phone: fields.phone }),
            ...(fields.linkedin !== undefined && { linkedin: fields.linkedin }),
            ...(fields.company !== undefined && { company: fields.company }),
            ...(fields.vatNumber !== undefined && { vat_number: fields.vatNumber }),
            ...(fields.shippingAddress !== undefined && {
              shipping_address: fields.shippingAddress,
            }),
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        const user = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (user?.uid && fields.displayName !== undefined) {
          await trx
            .updateTable('auth_user')
            .set({ name: fields.displayName, updatedAt: now })
            .where('id', '=', user.uid)
            .execute();
        }
        return user;
      });
    },

    /**
     * Sets a user's role. Demoting refuses to leave the shop without an admin: on PostgreSQL
     * every admin row is locked before counting, so two admins demoting each other at once
     * cannot both succeed (SQLite runs one write transaction at a time anyway).
     */
    async setRole(
      email: string,
      role: Role,
    ): Promise<'changed' | 'unchanged' | 'last-admin' | 'missing'> {
      return db.transaction().execute(async (trx) => {
        const admins = await trx
          .selectFrom('users')
          .select('email')
          .where('role', '=', 'admin')
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .execute();
        const user = await trx
          .selectFrom('users')
          .select(['id', 'role'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (!user) return 'missing';
        if (user.role === role) return 'unchanged';
        if (role === 'user' && admins.length <= 1) return 'last-admin';
        await trx
          .updateTable('users')
          .set({ role, updated_at: nowIso() })
          .where('id', '=', user.id)
          .execute();
        return 'changed';
      });
    },

    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The sign-in methods linked to an identity: 'credential', 'google', ... */
    async linkedProviders(authUserId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('auth_account')
        .select('providerId')
        .where('userId', '=', authUserId)
        .execute();
      return rows.map((row) => row.providerId);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
