import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Transaction,
} from 'kysely';
import { APPROVER_ROLES, type CompanyRole } from '@shop/shared';
import { confirmEmailIn } from '../users/users.repository.js';
import type { Dialect } from '../../db/database.js';
import { containsText, readPage, type ListWindow } from '../../db/list-queries.js';
import type {
  CompanyInvitationRow,
  CompanyMemberRow,
  CompanyRow,
  Database,
  MailOutboxTable,
} from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';
import { insertOrderMail, orderMailEnqueued } from '../mail/outbox.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A user's place in their company, as every access rule reads it. */
export interface Membership {
  companyId: string;
  userId: string;
  role: CompanyRole;
  /** Null: no limit. */
  orderLimitCents: number | null;
  /** Null: no monthly limit (migration 0024). */
  monthlyLimitCents: number | null;
}

/** A member with the name and address the company page shows. */
export interface MemberRow extends CompanyMemberRow {
  display_name: string;
  email: string;
}

const centsOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

export const membershipOfRow = (row: CompanyMemberRow): Membership => ({
  companyId: row.company_id,
  userId: row.user_id,
  role: row.role,
  orderLimitCents: centsOrNull(row.order_limit_cents),
  monthlyLimitCents: centsOrNull(row.monthly_limit_cents ?? null),
});

/**
 * The membership of one user (at most one: `user_id` is the primary key), read with any
 * executor so a placement or an access check may read it inside its own transaction.
 */
export async function membershipOf(q: Executor, userId: string): Promise<Membership | undefined> {
  const row = await q
    .selectFrom('company_members')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? membershipOfRow(row) : undefined;
}

/**
 * The companies module's tables (`companies`, `company_members`, `company_invitations`): every
 * statement on them is here (DESIGN.md section 12).
 */
export function createCompaniesRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    dialect,

    /** The membership of `userId`, or undefined when they are in no company. */
    membershipOf(userId: string): Promise<Membership | undefined> {
      return membershipOf(db, userId);
    },

    /** The company `userId` belongs to, with their membership; undefined when in none. */
    async companyOf(
      userId: string,
    ): Promise<{ company: CompanyRow; membership: Membership } | undefined> {
      const membership = await membershipOf(db, userId);
      if (!membership) return undefined;
      const company = await this.find(membership.companyId);
      return company ? { company, membership } : undefined;
    },

    find(id: string): Promise<CompanyRow | undefined> {
      return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A company's members, admins first, then by name. */
    members(companyId: string): Promise<MemberRow[]> {
      return db
        .selectFrom('company_members')
        .innerJoin('users', 'users.id', 'company_members.user_id')
        .selectAll('company_members')
        .select(['users.display_name', 'users.email'])
        .where('company_members.company_id', '=', companyId)
        .orderBy('company_members.role')
        .orderBy('users.display_name')
        .orderBy('users.id')
        .execute();
    },

    /**
     * Creates a company with `creatorId` as its admin, in one transaction. The membership's
     * primary key refuses a user already in a company: 'already-in-company', nothing written.
     */
    async create(
      creatorId: string,
      fields: { name: string; vatId: string | null; billingAddress: string },
    ): Promise<CompanyRow | 'already-in-company'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const now = nowIso();
          const id = newId();
          await trx
            .insertInto('companies')
            .values({
              id,
              name: fields.name,
              vat_id: fields.vatId,
              billing_address: fields.billingAddress,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await trx
            .insertInto('company_members')
            .values({
              user_id: creatorId,
              company_id: id,
              role: 'admin',
              order_limit_cents: null,
              created_at: now,
            })
            .execute();
          return trx
            .selectFrom('companies')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
        });
      } catch (error) {
        if (isMemberConflict(error)) return 'already-in-company';
        throw error;
      }
    },

    /**
     * Manage Companies, newest first: those whose name or VAT id holds `q`, or with a member
     * whose email holds it (ux 2026-11-28 #28: a caller is known by their address); all
     * without it. The rows of `window`, how many match; each with its number of members. The
     * member test is one EXISTS per company over its members (`company_members_company_idx`),
     * `q` at most SEARCH_MAX_LENGTH characters, a page at most MAX_LIST_LIMIT rows.
     */
    listMatching(
      q: string | undefined,
      window: ListWindow | undefined,
    ): Promise<{ rows: CompanyListRow[]; total: number }> {
      let matching = db
        .selectFrom('companies')
        .selectAll('companies')
        .select((eb) =>
          eb
            .selectFrom('company_members')
            .select((inner) => inner.fn.countAll<number | string>().as('n'))
            .whereRef('company_members.company_id', '=', 'companies.id')
            .as('member_count'),
        );
      if (q) {
        const contains = containsText(q);
        matching = matching.where((eb) =>
          eb.or([
            contains(eb.ref('companies.name')),
            contains(eb.ref('companies.vat_id')),
            eb.exists(
              eb
                .selectFrom('company_members')
                .innerJoin('users', 'users.id', 'company_members.user_id')
                .select('company_members.user_id')
                .whereRef('company_members.company_id', '=', 'companies.id')
                .where((inner) => contains(inner.ref('users.email'))),
            ),
          ]),
        );
      }
      return readPage(
        matching.orderBy('companies.created_at', 'desc').orderBy('companies.id', 'desc'),
        window,
      ) as Promise<{ rows: CompanyListRow[]; total: number }>;
    },

    /** Writes the given fields; the company after, or undefined when there is none. */
    async update(
      id: string,
      fields: { name?: string; vatId?: string | null; billingAddress?: string },
    ): Promise<CompanyRow | undefined> {
      return db
        .updateTable('companies')
        .set({
          ...(fields.name !== undefined && { name: fields.name }),
          ...(fields.vatId !== undefined && { vat_id: fields.vatId }),
          ...(fields.billingAddress !== undefined && { billing_address: fields.billingAddress }),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** One member of a company with their name and address. */
    member(companyId: string, userId: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('company_members')
        .innerJoin('users', 'users.id', 'company_members.user_id')
        .selectAll('company_members')
        .select(['users.display_name', 'users.email'])
        .where('company_members.company_id', '=', companyId)
        .where('company_members.user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Whether at least one admin of the company has confirmed their email (Better Auth's
     * `emailVerified`; both tables keep addresses in lower case): security 2026-11-28 #1.
     */
    async hasConfirmedAdmin(companyId: string): Promise<boolean> {
      const row = await db
        .selectFrom('company_members')
        .innerJoin('users', 'users.id', 'company_members.user_id')
        .innerJoin('auth_user', 'auth_user.email', 'users.email')
        .select('company_members.user_id')
        .where('company_members.company_id', '=', companyId)
        .where('company_members.role', 'in', APPROVER_ROLES)
        .where('auth_user.emailVerified', '=', dialect === 'postgres' ? true : 1)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The addresses and names of a company's admins and approvers (ux 2026-11-28 #7, #8): each
     * gets the approval-request mail (the outbox sends it to a confirmed address only).
     */
    async approvers(companyId: string): Promise<{ email: string; name: string }[]> {
      const rows = await db
        .selectFrom('company_members')
        .innerJoin('users', 'users.id', 'company_members.user_id')
        .select(['users.email', 'users.display_name'])
        .where('company_members.company_id', '=', companyId)
        .where('company_members.role', 'in', APPROVER_ROLES)
        .orderBy('users.email')
        .execute();
      return rows.map((row) => ({ email: row.email, name: row.display_name }));
    },

    /**
     * Changes a member's role or order limit. The last admin is never demoted: the company's
     * row is locked first (PostgreSQL: FOR UPDATE; SQLite runs one write transaction at a time),
     * so two admins demoting each other at once are taken one after the other, and the second
     * UPDATE's condition, read after the first committed, keeps one admin.
     */
    updateMember(
      companyId: string,
      userId: string,
      change: {
        role?: CompanyRole;
        orderLimitCents?: number | null;
        monthlyLimitCents?: number | null;
      },
    ): Promise<CompanyMemberRow | MemberRefusal> {
      return db.transaction().execute(async (trx) => {
        await lockCompany(trx, companyId, dialect);
        const updated = await trx
          .updateTable('company_members')
          .set({
            ...(change.role !== undefined && { role: change.role }),
            ...(change.orderLimitCents !== undefined && {
              order_limit_cents: change.orderLimitCents,
            }),
            ...(change.monthlyLimitCents !== undefined && {
              monthly_limit_cents: change.monthlyLimitCents,
            }),
          })
          .where('company_id', '=', companyId)
          .where('user_id', '=', userId)
          // A demotion applies to a member who is no admin, or while another admin stays.
          .$if(change.role !== undefined && change.role !== 'admin', (qb) =>
            qb.where((eb) =>
              eb.or([eb('role', '!=', 'admin'), otherAdmins(eb, companyId, userId)]),
            ),
          )
          .returningAll()
          .executeTakeFirst();
        if (updated) return updated;
        return (await membershipOf(trx, userId))?.companyId === companyId
          ? 'last-admin'
          : 'missing';
      });
    },

    /**
     * Removes a member (by an admin, or themselves); never the last admin, under the same lock
     * as `updateMember`.
     */
    removeMember(companyId: string, userId: string): Promise<'removed' | MemberRefusal> {
      return db.transaction().execute(async (trx) => {
        await lockCompany(trx, companyId, dialect);
        const removed = await trx
          .deleteFrom('company_members')
          .where('company_id', '=', companyId)
          .where('user_id', '=', userId)
          .where((eb) => eb.or([eb('role', '!=', 'admin'), otherAdmins(eb, companyId, userId)]))
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 1) return 'removed';
        return (await membershipOf(trx, userId))?.companyId === companyId
          ? 'last-admin'
          : 'missing';
      });
    },

    /**
     * Writes an invitation and its mail in one transaction, within the company's allowance: at
     * most `perHour` invitations sent in the last hour and `maxPending` still open. The company's
     * row is locked first, so instances inviting at once count one after the other.
     */
    createInvitation(
      invitation: {
        companyId: string;
        email: string;
        role: CompanyRole;
        orderLimitCents: number | null;
        invitedBy: string;
        invitedByName: string;
        tokenHash: string;
        expiresAt: string;
        now: string;
      },
      limits: {
        perHour: number;
        maxPending: number;
        /** Invitations the inviting account may send in any 24 hours; null: no such limit. */
        perAccountPerDay: number | null;
      },
      mail: (row: CompanyInvitationRow) => Insertable<MailOutboxTable>,
    ): Promise<CompanyInvitationRow | 'too-many' | 'too-many-pending' | 'too-many-from-account'> {
      return db
        .transaction()
        .execute(async (trx) => {
          await lockCompany(trx, invitation.companyId, dialect);
          // A second invitation to the same address replaces the first (ux 2026-11-28 #6): one
          // open invitation per address and company, the newest; the older link says so.
          // Under the company's lock, so two invitations at once leave one open.
          await trx
            .updateTable('company_invitations')
            .set({ revoked_at: invitation.now, replaced_at: invitation.now })
            .where('company_id', '=', invitation.companyId)
            .where(sql<boolean>`lower(email) = ${invitation.email.toLowerCase()}`)
            .where('used_at', 'is', null)
            .where('revoked_at', 'is', null)
            .execute();
          const since = new Date(Date.parse(invitation.now) - 60 * 60_000).toISOString();
          const counts = await trx
            .selectFrom('company_invitations')
            .select((eb) => [
              eb.fn
                .sum<number | string | null>(
                  eb.case().when('created_at', '>', since).then(1).else(0).end(),
                )
                .as('last_hour'),
              eb.fn
                .sum<number | string | null>(
                  eb
                    .case()
                    .when(
                      eb.and([
                        eb('used_at', 'is', null),
                        eb('revoked_at', 'is', null),
                        eb('expires_at', '>', invitation.now),
                      ]),
                    )
                    .then(1)
                    .else(0)
                    .end(),
                )
                .as('open_invitations'),
            ])
            .where('company_id', '=', invitation.companyId)
            .executeTakeFirst();
          if (Number(counts?.last_hour ?? 0) >= limits.perHour) return 'too-many' as const;
          if (Number(counts?.open_invitations ?? 0) >= limits.maxPending)
            return 'too-many-pending' as const;
          if (limits.perAccountPerDay !== null) {
            // Counted under the company's lock: an account is a member of one company at a
            // time, so its invitations of the day are written under this one lock.
            const dayAgo = new Date(Date.parse(invitation.now) - 24 * 60 * 60_000).toISOString();
            const sent = await trx
              .selectFrom('company_invitations')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('invited_by', '=', invitation.invitedBy)
              .where('created_at', '>', dayAgo)
              .executeTakeFirst();
            if (Number(sent?.n ?? 0) >= limits.perAccountPerDay) {
              return 'too-many-from-account' as const;
            }
          }
          const row = await trx
            .insertInto('company_invitations')
            .values({
              id: newId(),
              company_id: invitation.companyId,
              token_hash: invitation.tokenHash,
              email: invitation.email,
              role: invitation.role,
              order_limit_cents: invitation.orderLimitCents,
              invited_by: invitation.invitedBy,
              invited_by_name: invitation.invitedByName,
              expires_at: invitation.expiresAt,
              created_at: invitation.now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await insertOrderMail(trx, mail(row)).execute();
          return row;
        })
        .then((result) => {
          if (typeof result !== 'string') orderMailEnqueued();
          return result;
        });
    },

    /** A company's open invitations (not used, withdrawn or expired), newest first. */
    pendingInvitations(companyId: string, now: string): Promise<CompanyInvitationRow[]> {
      return db
        .selectFrom('company_invitations')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Withdraws an open invitation of the company; answers how many (0 or 1). */
    async revokeInvitation(companyId: string, invitationId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('company_invitations')
        .set({ revoked_at: now })
        .where('id', '=', invitationId)
        .where('company_id', '=', companyId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The invitation of a token's hash, with its company's name. */
    invitationByHash(
      tokenHash: string,
    ): Promise<(CompanyInvitationRow & { company_name: string }) | undefined> {
      return db
        .selectFrom('company_invitations')
        .innerJoin('companies', 'companies.id', 'company_invitations.company_id')
        .selectAll('company_invitations')
        .select('companies.name as company_name')
        .where('company_invitations.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Accepts an invitation for `user`, once: the invitation is claimed by a conditional UPDATE
     * (unused, not withdrawn, not expired, for this address), and the membership inserted in the
     * same transaction; a user already in a company (the primary key) rolls both back. Of two
     * accepts at once only one claims it.
     */
    async acceptInvitation(
      tokenHash: string,
      user: { id: string; email: string },
      now: string,
    ): Promise<AcceptOutcome> {
      try {
        return await db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
          const claimed = await trx
            .updateTable('company_invitations')
            .set({ used_at: now, used_by: user.id })
            .where('token_hash', '=', tokenHash)
            .where('used_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .where(sql<boolean>`lower(email) = ${user.email.toLowerCase()}`)
            .returningAll()
            .executeTakeFirst();
          if (!claimed) {
            const found = await trx
              .selectFrom('company_invitations')
              .selectAll()
              .where('token_hash', '=', tokenHash)
              .executeTakeFirst();
            return { kind: refusalOf(found, user.email, now) };
          }
          await trx
            .insertInto('company_members')
            .values({
              user_id: user.id,
              company_id: claimed.company_id,
              role: claimed.role,
              order_limit_cents: centsOrNull(claimed.order_limit_cents),
              created_at: now,
            })
            .execute();
          // The invitation's token reached this address only: joining confirms it (#8).
          await confirmEmailIn(trx, user.email, dialect);
          return { kind: 'joined', companyId: claimed.company_id };
        });
      } catch (error) {
        if (isMemberConflict(error)) return { kind: 'already-in-company' };
        throw error;
      }
    },
  };
}

/** Why an invitation could not be claimed, from its row as it is now. */
function refusalOf(
  found: CompanyInvitationRow | undefined,
  email: string,
  now: string,
): 'unknown' | 'used' | 'expired' | 'revoked' | 'replaced' | 'other-account' {
  if (!found) return 'unknown';
  if (found.used_at !== null) return 'used';
  if (found.replaced_at !== null) return 'replaced';
  if (found.revoked_at !== null) return 'revoked';
  if (new Date(found.expires_at).getTime() <= Date.parse(now)) return 'expired';
  if (found.email.toLowerCase() !== email.toLowerCase()) return 'other-account';
  return 'used';
}

/**
 * Locks the company's row until the transaction ends (PostgreSQL: FOR UPDATE); SQLite's write
 * transactions run one at a time already. Every change that counts members or invitations takes
 * it first.
 */
async function lockCompany(
  trx: Transaction<Database>,
  companyId: string,
  dialect: Dialect,
): Promise<void> {
  await trx
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .execute();
}

/** "Another admin of the company than `userId` exists", for the last-admin rule. */
function otherAdmins(
  eb: ExpressionBuilder<Database, 'company_members'>,
  companyId: string,
  userId: string,
) {
  return eb.exists(
    eb
      .selectFrom('company_members as other')
      .select('other.user_id')
      .where('other.company_id', '=', companyId)
      .where('other.role', '=', 'admin')
      .where('other.user_id', '!=', userId),
  );
}

/** A second membership of one user: the primary key of `company_members` refused it. */
export function isMemberConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code === '23505') return constraint === 'company_members_pkey';
  return (
    (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') &&
    typeof message === 'string' &&
    message.includes('company_members.user_id')
  );
}

/** Why a member's change or removal did not happen. */
export type MemberRefusal = 'missing' | 'last-admin';

/** What accepting an invitation answers. */
export type AcceptOutcome =
  | { kind: 'joined'; companyId: string }
  | {
      kind:
        | 'unknown'
        | 'used'
        | 'expired'
        | 'revoked'
        | 'replaced'
        | 'other-account'
        | 'already-in-company';
    };

/** A company row with how many members it has (Manage Companies). */
export type CompanyListRow = CompanyRow & { member_count: number | string };

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
