import type { Kysely, Transaction } from 'kysely';
import type { CompanyRole } from '@shop/shared';
import type { Dialect } from '../../db/database.js';
import type { CompanyMemberRow, CompanyRow, Database } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A user's place in their company, as every access rule reads it. */
export interface Membership {
  companyId: string;
  userId: string;
  role: CompanyRole;
  /** Null: no limit. */
  orderLimitCents: number | null;
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
  };
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

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
