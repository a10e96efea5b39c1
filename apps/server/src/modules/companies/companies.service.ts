import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_INVITATIONS_PER_HOUR,
  COMPANY_PENDING_INVITATIONS_MAX,
  companyMessages,
  INVITATIONS_PER_ACCOUNT_PER_DAY,
  ID_PATTERN,
  INVITATION_VALID_DAYS,
  maskEmail,
  mayApprove,
  type Company,
  type CompanyListQuery,
  type CompanyMember,
  type CompanyWithMembers,
  type Invitation,
  type InvitationPreview,
} from '@shop/shared';
import type { CompanyAccount } from '@shop/shared';
import type { z } from 'zod';
import type {
  companyCreateSchema,
  companyUpdateSchema,
  invitationCreateSchema,
  memberUpdateSchema,
} from '@shop/shared';
import type { CurrentUser } from '../../auth/guard.js';
import { listWindow } from '../../db/list-queries.js';
import type { CompanyInvitationRow, CompanyRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
import { invitationMailRow } from '../mail/outbox.repository.js';
import { companyAccountOf } from '../on-account/company-credit.js';
import type { CompaniesRepository, MemberRow } from './companies.repository.js';

type CompanyCreateInput = z.output<typeof companyCreateSchema>;
type CompanyUpdateInput = z.output<typeof companyUpdateSchema>;
type InvitationCreateInput = z.output<typeof invitationCreateSchema>;
type MemberUpdateInput = z.output<typeof memberUpdateSchema>;

const companyNotFound = () => new AppError('not_found', companyMessages.companyNotFound);
const notAdmin = () => new AppError('forbidden', companyMessages.notCompanyAdmin);
const notMember = () => new AppError('forbidden', companyMessages.notCompanyMember);
const lastAdmin = () => new AppError('last_company_admin', companyMessages.lastCompanyAdmin);
const alreadyInCompany = () => new AppError('already_in_company', companyMessages.alreadyInCompany);

/** Dollars to cents, exactly (the schema allows at most 2 decimals). */
const centsOf = (dollars: number | null | undefined): number | null =>
  dollars === null || dollars === undefined ? null : Math.round(dollars * 100);
const dollarsOf = (cents: number | string | null): number | null =>
  cents === null ? null : Number(cents) / 100;

/** The SHA-256 (hex) of an invitation token: what the table keeps. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token as a link carries it: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A company's account without its id (the company carries its own). */
function creditFieldsOf(row: CompanyRow): Omit<CompanyAccount, '_id'> {
  const { terms, onHold, hold, balance, availableCredit } = companyAccountOf(row);
  return { terms, onHold, hold, balance, availableCredit };
}

export function toCompany(row: CompanyRow): Company {
  return {
    _id: row.id,
    name: row.name,
    vatId: row.vat_id,
    billingAddress: row.billing_address,
    // Paying on account's fields (DESIGN.md section 13): terms, onHold, balance, availableCredit.
    ...creditFieldsOf(row),
    createdAt: toIso(row.created_at),
  };
}

export function toMember(row: MemberRow): CompanyMember {
  return {
    userId: row.user_id,
    name: row.display_name,
    email: row.email,
    role: row.role,
    orderLimit: dollarsOf(row.order_limit_cents),
    monthlyLimit: dollarsOf(row.monthly_limit_cents ?? null),
  };
}

function toInvitation(row: CompanyInvitationRow): Invitation {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    orderLimit: dollarsOf(row.order_limit_cents),
    invitedBy: row.invited_by_name,
    createdAt: toIso(row.created_at),
    expiresAt: toIso(row.expires_at),
  };
}

export interface CompaniesServiceOptions {
  /** The clock invitations expire by; tests move it forward. */
  now?: () => Date;
  /** Invitations one company may send in an hour, and hold open at once. */
  invitationsPerHour?: number;
  pendingInvitationsMax?: number;
  /** Invitations one company admin may send in any 24 hours (INVITATIONS_PER_ACCOUNT_PER_DAY). */
  invitationsPerAccountPerDay?: number;
}

/**
 * Companies, members and invitations (DESIGN.md section 12). Who may do what: a member reads
 * their company; a company admin changes it, its members and invitations; a shop admin may do
 * all of that for any company; the last company admin stays, whoever asks.
 */
export function createCompaniesService(
  companies: CompaniesRepository,
  {
    now = () => new Date(),
    invitationsPerHour = COMPANY_INVITATIONS_PER_HOUR,
    pendingInvitationsMax = COMPANY_PENDING_INVITATIONS_MAX,
    invitationsPerAccountPerDay = INVITATIONS_PER_ACCOUNT_PER_DAY,
  }: CompaniesServiceOptions = {},
) {
  /** The company with its members. */
  async function withMembers(row: CompanyRow): Promise<CompanyWithMembers> {
    return { ...toCompany(row), members: (await companies.members(row.id)).map(toMember) };
  }

  /**
   * The company `id` if the caller may act on it as `need` asks: a member (or admin) of it, or a
   * shop admin; 404 when there is none, 403 otherwise.
   */
  async function companyFor(
    caller: CurrentUser,
    id: string,
    need: 'member' | 'admin',
  ): Promise<CompanyRow> {
    const row = ID_PATTERN.test(id) ? await companies.find(id) : undefined;
    if (!row) throw companyNotFound();
    if (caller.role === 'admin') return row;
    const membership = await companies.membershipOf(caller.id);
    if (!membership || membership.companyId !== id) {
      throw need === 'admin' ? notAdmin() : notMember();
    }
    if (need === 'admin' && membership.role !== 'admin') throw notAdmin();
    return row;
  }

  /** The invitation of a link's token, or the refusal: 404 unknown, 410 used or expired. */
  async function openInvitation(token: string) {
    const found = TOKEN_PATTERN.test(token)
      ? await companies.invitationByHash(hashToken(token))
      : undefined;
    if (!found) throw new AppError('not_found', companyMessages.invitationNotFound);
    if (found.used_at !== null)
      throw new AppError('invitation_used', companyMessages.invitationUsed);
    if (found.replaced_at !== null) {
      throw new AppError('invitation_used', companyMessages.invitationReplaced);
    }
    if (found.revoked_at !== null) {
      throw new AppError('invitation_used', companyMessages.invitationRevoked);
    }
    if (new Date(found.expires_at).getTime() <= now().getTime()) {
      throw new AppError('invitation_expired', companyMessages.invitationExpired);
    }
    return found;
  }

  return {
    /** `POST /api/companies`: the caller's new company, with them as its admin. */
    async create(caller: CurrentUser, input: CompanyCreateInput) {
      const created = await companies.create(caller.id, {
        name: input.name,
        vatId: input.vatId ?? null,
        billingAddress: input.billingAddress,
      });
      if (created === 'already-in-company') throw alreadyInCompany();
      return { insertedId: created.id, company: await withMembers(created) };
    },

    /** `GET /api/companies/mine`. */
    async mine(caller: CurrentUser): Promise<CompanyWithMembers> {
      const found = await companies.companyOf(caller.id);
      if (!found) throw new AppError('not_found', companyMessages.notInCompany);
      return withMembers(found.company);
    },

    /** Manage Companies (shop admins): newest first, `q` in the name or VAT id, in pages. */
    async list({ q, ...page }: CompanyListQuery) {
      const { rows, total } = await companies.listMatching(q, listWindow(page));
      return {
        items: rows.map((row) => ({ ...toCompany(row), memberCount: Number(row.member_count) })),
        total,
      };
    },

    /** `GET /api/companies/{id}`: its members and shop admins. */
    async get(caller: CurrentUser, id: string) {
      return withMembers(await companyFor(caller, id, 'member'));
    },

    /** `PATCH /api/companies/{id}`: a company admin or a shop admin. */
    async update(caller: CurrentUser, id: string, input: CompanyUpdateInput) {
      await companyFor(caller, id, 'admin');
      const updated = await companies.update(id, input);
      if (!updated) throw companyNotFound();
      return { modifiedCount: 1, company: await withMembers(updated) };
    },

    /**
     * `PATCH /api/companies/{id}/members/{userId}`: a company admin or a shop admin changes a
     * member's role, order limit or monthly limit; never demotes the last admin (409).
     */
    async updateMember(caller: CurrentUser, id: string, userId: string, input: MemberUpdateInput) {
      await companyFor(caller, id, 'admin');
      const result = await companies.updateMember(id, userId, {
        ...(input.role !== undefined && { role: input.role }),
        ...(input.orderLimit !== undefined && { orderLimitCents: centsOf(input.orderLimit) }),
        ...(input.monthlyLimit !== undefined && {
          monthlyLimitCents: centsOf(input.monthlyLimit),
        }),
      });
      if (result === 'last-admin') throw lastAdmin();
      if (result === 'missing') throw new AppError('not_found', companyMessages.memberNotFound);
      const member = await companies.member(id, userId);
      if (!member) throw new AppError('not_found', companyMessages.memberNotFound);
      return { modifiedCount: 1, member: toMember(member) };
    },

    /**
     * `DELETE /api/companies/{id}/members/{userId}`: a company admin, a shop admin, or the
     * member themselves; never the last admin (409).
     */
    async removeMember(caller: CurrentUser, id: string, userId: string) {
      if (caller.id !== userId) await companyFor(caller, id, 'admin');
      else if (!ID_PATTERN.test(id) || !(await companies.find(id))) throw companyNotFound();
      const result = await companies.removeMember(id, userId);
      if (result === 'last-admin') throw lastAdmin();
      if (result === 'missing') throw new AppError('not_found', companyMessages.memberNotFound);
      return { deletedCount: 1 };
    },

    /**
     * `POST /api/companies/{id}/invitations`: an invitation by mail, valid INVITATION_VALID_DAYS
     * and once, within the company's hourly allowance, its number of open invitations and the
     * inviter's daily allowance. Only an account whose owner confirmed its email address may
     * invite (security report 2026-11-28, finding 5: unconfirmed accounts made the shop mail
     * strangers), in every environment, whatever ORDER_REQUIRES_CONFIRMED_EMAIL says; shop admins
     * are held to neither.
     */
    async invite(caller: CurrentUser, id: string, input: InvitationCreateInput) {
      const company = await companyFor(caller, id, 'admin');
      const shopAdmin = caller.role === 'admin';
      if (!shopAdmin && !caller.emailVerified) {
        throw new AppError('email_not_confirmed', companyMessages.inviteNeedsConfirmedEmail);
      }
      const email = input.email.toLowerCase();
      const members = await companies.members(id);
      if (members.some((member) => member.email.toLowerCase() === email)) {
        throw new AppError('conflict', companyMessages.alreadyMember);
      }
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(
        at.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60_000,
      ).toISOString();
      // Those who approve have no limit (their orders need no approval).
      const orderLimitCents = mayApprove(input.role) ? null : centsOf(input.orderLimit);
      const created = await companies.createInvitation(
        {
          companyId: id,
          email,
          role: input.role,
          orderLimitCents,
          invitedBy: caller.id,
          invitedByName: caller.displayName,
          tokenHash: hashToken(token),
          expiresAt,
          now: at.toISOString(),
        },
        {
          perHour: invitationsPerHour,
          maxPending: pendingInvitationsMax,
          perAccountPerDay: shopAdmin ? null : invitationsPerAccountPerDay,
        },
        () =>
          invitationMailRow(email, {
            companyName: company.name,
            invitedByName: caller.displayName,
            role: input.role,
            orderLimit: dollarsOf(orderLimitCents),
            path: `/invitations/${token}`,
            expiresAt,
          }),
      );
      if (created === 'too-many') {
        throw new AppError('too_many_invitations', companyMessages.tooManyInvitations);
      }
      if (created === 'too-many-from-account') {
        throw new AppError('too_many_invitations', companyMessages.tooManyInvitationsToday);
      }
      if (created === 'too-many-pending') {
        throw new AppError('too_many_invitations', companyMessages.tooManyPendingInvitations);
      }
      return { insertedId: created.id, invitation: toInvitation(created) };
    },

    /** `GET /api/companies/{id}/invitations`: the open ones, for the company page. */
    async invitations(caller: CurrentUser, id: string): Promise<Invitation[]> {
      await companyFor(caller, id, 'admin');
      return (await companies.pendingInvitations(id, now().toISOString())).map(toInvitation);
    },

    /** `DELETE /api/companies/{id}/invitations/{invitationId}`: withdraws an open invitation. */
    async revokeInvitation(caller: CurrentUser, id: string, invitationId: string) {
      await companyFor(caller, id, 'admin');
      const revoked = ID_PATTERN.test(invitationId)
        ? await companies.revokeInvitation(id, invitationId, now().toISOString())
        : 0;
      if (revoked === 0) throw new AppError('not_found', companyMessages.invitationNotFound);
      return { deletedCount: revoked };
    },

    /**
     * `GET /api/invitations/{token}`: what the invitation page shows. The invited address is
     * shown whole to its owner only; anyone else holding the link sees it masked.
     */
    async preview(caller: CurrentUser, token: string): Promise<InvitationPreview> {
      const found = await openInvitation(token);
      const forYou = found.email.toLowerCase() === caller.email.toLowerCase();
      return {
        companyName: found.company_name,
        role: found.role,
        orderLimit: mayApprove(found.role) ? null : dollarsOf(found.order_limit_cents),
        email: forYou ? found.email : maskEmail(found.email),
        expiresAt: toIso(found.expires_at),
        forYou,
      };
    },

    /**
     * `GET /api/invitations/{token}/company`: the company's name for whoever holds the link,
     * signed in or not (the signed-out invitation page names it, ux 2026-11-28 #29). The role,
     * limit and address stay for signed-in accounts (`preview`).
     */
    async invitationCompany(token: string): Promise<{ companyName: string }> {
      const found = await openInvitation(token);
      return { companyName: found.company_name };
    },

    /**
     * `POST /api/invitations/{token}/accept`: the caller joins the company, if the invitation is
     * theirs (403 otherwise), open (404 unknown, 410 used or expired), and they are in no
     * company yet (409).
     */
    async accept(caller: CurrentUser, token: string) {
      if (!TOKEN_PATTERN.test(token)) {
        throw new AppError('not_found', companyMessages.invitationNotFound);
      }
      const outcome = await companies.acceptInvitation(
        hashToken(token),
        { id: caller.id, email: caller.email },
        now().toISOString(),
      );
      switch (outcome.kind) {
        case 'joined': {
          const company = await companies.find(outcome.companyId);
          if (!company) throw companyNotFound();
          return { company: await withMembers(company) };
        }
        case 'unknown':
          throw new AppError('not_found', companyMessages.invitationNotFound);
        case 'used':
          throw new AppError('invitation_used', companyMessages.invitationUsed);
        case 'revoked':
          throw new AppError('invitation_used', companyMessages.invitationRevoked);
        case 'replaced':
          throw new AppError('invitation_used', companyMessages.invitationReplaced);
        case 'expired':
          throw new AppError('invitation_expired', companyMessages.invitationExpired);
        case 'other-account': {
          const found = await companies.invitationByHash(hashToken(token));
          throw new AppError(
            'invitation_for_another_account',
            companyMessages.invitationForAnotherAccount(maskEmail(found?.email ?? '')),
          );
        }
        case 'already-in-company':
          throw new AppError('already_in_company', companyMessages.inviteeInCompany);
      }
    },

    /** For the orders module: the admins and approvers mailed when an order awaits approval. */
    approversOf: (companyId: string) => companies.approvers(companyId),
    /** For the orders module: whether an admin of the company has confirmed their email. */
    hasConfirmedAdmin: (companyId: string) => companies.hasConfirmedAdmin(companyId),
    membershipOf: (userId: string) => companies.membershipOf(userId),
    /** For the orders module: whom the company's invoices are made out to (ux 2026-11-28 #2). */
    async billingOf(
      companyId: string,
    ): Promise<{ name: string; vatId: string | null; billingAddress: string } | undefined> {
      const row = await companies.find(companyId);
      return row && { name: row.name, vatId: row.vat_id, billingAddress: row.billing_address };
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
