import {
  type AdminUserListQuery,
  EMAIL_PASSWORD_PROVIDER,
  messages,
  type ProfileUpdate,
  type User,
  type UserSignIn,
} from '@shop/shared';
import type { AccessTokens } from '../../auth/access-token.js';
import type { CurrentSession, CurrentUser } from '../../auth/guard.js';
import { listWindow } from '../../db/list-queries.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { UsersRepository } from './users.repository.js';

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    uid: row.uid,
    displayName: row.display_name,
    providerId: row.provider_id,
    role: row.role,
    location: row.location,
    education: row.education,
    phone: row.phone,
    linkedin: row.linkedin,
    company: row.company,
    vatNumber: row.vat_number,
    shippingAddress: row.shipping_address,
  };
}

/** The display names of sign-in methods, as the spec's `providerId` holds them. */
const PROVIDER_NAMES: Record<string, string> = {
  credential: EMAIL_PASSWORD_PROVIDER,
  google: 'Google',
};

const forbidden = () => new AppError('forbidden', messages.noPermission);
const notFound = () => AppError.notFound('User');

export function createUsersService(
  users: UsersRepository,
  tokens: AccessTokens,
  options: { adminEmail: string | undefined },
) {
  async function mustFind(email: string): Promise<UserRow> {
    const user = await users.findByEmail(email.toLowerCase());
    if (!user) throw notFound();
    return user;
  }

  return {
    /**
     * After a sign-in: records the user (role kept) and issues their API token. Only for the
     * identity that is signed in, whatever email the path or body claims.
     */
    async signIn(session: CurrentSession, email: string, input: UserSignIn): Promise<string> {
      const claimed = email.toLowerCase();
      if (claimed !== session.email || input.email.toLowerCase() !== session.email) {
        throw new AppError('forbidden', 'You can only sign in as yourself.');
      }
      const linked = await users.linkedProviders(session.authUserId);
      // The provider the client names counts only if it really is linked to this identity.
      const named = Object.entries(PROVIDER_NAMES).find(
        ([id, name]) =>
          linked.includes(id) && (input.providerId === name || input.providerId === id),
      );
      const provider = named?.[0] ?? linked.find((id) => id in PROVIDER_NAMES) ?? 'credential';
      const user = await users.upsertOnSignIn({
        email: session.email,
        uid: session.authUserId,
        displayName: session.name || input.displayName || session.email.split('@')[0] || '',
        providerId: PROVIDER_NAMES[provider] ?? provider,
        roleIfNew: session.email === options.adminEmail?.toLowerCase() ? 'admin' : 'user',
      });
      return tokens.issue({ userId: user.id, sessionId: session.sessionId, email: user.email });
    },

    /** A user's record and profile: themself or an admin. */
    async get(caller: CurrentUser, email: string): Promise<User> {
      if (caller.role !== 'admin' && caller.email !== email.toLowerCase()) throw forbidden();
      return toUser(await mustFind(email));
    },

    /** Updates the caller's own profile with the fields they filled in. */
    async updateProfile(caller: CurrentUser, email: string, fields: ProfileUpdate) {
      if (caller.email !== email.toLowerCase()) throw forbidden();
      const updated = await users.updateProfile(caller.id, fields);
      if (!updated) throw notFound();
      // `insertedId` is what the spec's client checks; `modifiedCount` is what it means.
      return { insertedId: updated.id, modifiedCount: 1, user: toUser(updated) };
    },

    /**
     * Manage Users (admins): every user, oldest first, or those matching `q`, one page of them
     * with `page` or `limit`, and how many match.
     */
    async listForAdmin({
      q,
      ...page
    }: AdminUserListQuery): Promise<{ items: User[]; total: number }> {
      const { rows, total } = await users.listMatching(q, listWindow(page));
      return { items: rows.map(toUser), total };
    },

    async promote(email: string): Promise<{ modifiedCount: number }> {
      const result = await users.setRole(email.toLowerCase(), 'admin');
      if (result === 'missing') throw notFound();
      return { modifiedCount: result === 'changed' ? 1 : 0 };
    },

    async demote(caller: CurrentUser, email: string): Promise<{ modifiedCount: number }> {
      if (caller.email === email.toLowerCase()) {
        throw new AppError('conflict', messages.cannotDemoteSelf);
      }
      const result = await users.setRole(email.toLowerCase(), 'user');
      if (result === 'missing') throw notFound();
      if (result === 'last-admin') throw new AppError('conflict', messages.lastAdmin);
      return { modifiedCount: result === 'changed' ? 1 : 0 };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
