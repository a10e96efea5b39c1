import { formatPrice } from '../common/format.js';
/**
 * Companies (DESIGN.md section 12): roles, limits, error codes and the texts a person reads.
 * Free of zod, so the web app may import them anywhere.
 */

/**
 * A member's role in their company; the creator is an `admin`. An `approver` (ux 2026-11-28 #7)
 * sees the company's orders and approves or rejects them, and changes nothing else. Listed from
 * the least privileged: the invite form starts on the first.
 */
export const COMPANY_ROLES = ['buyer', 'approver', 'admin'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The roles that decide on orders awaiting approval (and get the approval-request mail). */
export const APPROVER_ROLES = ['admin', 'approver'] as const satisfies readonly CompanyRole[];

/** Whether a member of this role approves and rejects orders. */
export function mayApprove(role: CompanyRole): boolean {
  return (APPROVER_ROLES as readonly CompanyRole[]).includes(role);
}

export const COMPANY_NAME_MAX_LENGTH = 200;
export const COMPANY_BILLING_ADDRESS_MAX_LENGTH = 500;
export const REJECTION_REASON_MAX_LENGTH = 500;
/** An invitation link is valid this long and usable once. */
export const INVITATION_VALID_DAYS = 7;
/** Invitations one company may send in an hour (all its admins together). */
export const COMPANY_INVITATIONS_PER_HOUR = 20;
/** Pending invitations one company may hold at once. */
export const COMPANY_PENDING_INVITATIONS_MAX = 50;
/**
 * Invitations one account may send in any 24 hours, whatever its company (the server's
 * INVITATIONS_PER_ACCOUNT_PER_DAY; this is its default).
 */
export const INVITATIONS_PER_ACCOUNT_PER_DAY = 40;
/** The largest order limit a member may be given, in dollars (MAX_ORDER_CENTS / 100, rounded down). */
export const MAX_ORDER_LIMIT_DOLLARS = 999_999;

/** The error codes of companies and approvals and their statuses (merged into `errorStatus`). */
export const companyErrorStatus = {
  already_in_company: 409,
  last_company_admin: 409,
  approval_required: 409,
  approval_already_decided: 409,
  invitation_used: 410,
  invitation_expired: 410,
  invitation_for_another_account: 403,
  too_many_invitations: 429,
  too_many_awaiting_approval: 409,
  /** The orders awaiting approval (the buyer's, or the company's) would pass MAX_AWAITING_APPROVAL_VALUE. */
  awaiting_approval_value_exceeded: 409,
  /** An order would await approval, but no admin of the company has confirmed their email. */
  company_admin_unconfirmed: 403,
  /** Paying an order not approved on account would take the buyer past their monthly limit. */
  monthly_limit_exceeded: 409,
} as const;

export const companyMessages = {
  alreadyInCompany: 'This account already belongs to a company. Leave it first.',
  inviteeInCompany: 'This account already belongs to a company.',
  notInCompany: 'You do not belong to a company.',
  companyNotFound: 'There is no such company.',
  notCompanyAdmin: 'Only an admin of this company may do that.',
  notCompanyApprover:
    'Only an admin or an approver of this company may approve or reject its orders.',
  notCompanyMember: 'Only a member of this company may see that.',
  memberNotFound: 'This person is not a member of the company.',
  lastCompanyAdmin: 'A company needs at least one admin: make another member an admin first.',
  invitationNotFound: 'This invitation does not exist. Ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: 'This invitation has expired. Ask the company for a new one.',
  invitationForAnotherAccount: (maskedEmail: string) =>
    `This invitation is for ${maskedEmail}. Sign in with that address to accept it.`,
  tooManyInvitations:
    'Your company has sent many invitations in the last hour. Please try again later.',
  tooManyInvitationsToday:
    'You have sent many invitations in the last day. Please try again tomorrow.',
  inviteNeedsConfirmedEmail:
    'Please confirm your email address before inviting anyone: open the link in the confirmation mail we sent you.',
  tooManyPendingInvitations:
    'Your company has many open invitations. Revoke some before inviting more people.',
  alreadyMember: 'This person is already a member of the company.',
  approvalRequired:
    'This order is over the buyer’s limit and waits for a company admin’s approval before it can be paid.',
  approvalAlreadyDecided: 'This order has already been approved or rejected.',
  tooManyAwaitingApproval: (max: number) =>
    `You already have ${max} orders waiting for a company admin's approval. Ask an admin to decide on them, or delete one, first.`,
  /** `scope`: whose orders awaiting approval met the cap; `max` in dollars. */
  awaitingApprovalValueExceeded: (scope: 'buyer' | 'company', max: number) =>
    scope === 'buyer'
      ? `Your orders waiting for a company admin's approval would be worth more than ${formatPrice(max)} together. Ask an admin to decide on them, or delete one, first.`
      : `Your company's orders waiting for an admin's approval would be worth more than ${formatPrice(max)} together. Ask an admin to decide on them first.`,
  companyAdminUnconfirmed:
    'This order needs a company admin’s approval, but no admin of your company has confirmed their email address yet. An admin must confirm their email first (the link in the mail sent when they registered); then place the order again.',
  /** Paying on account an order that was not approved; amounts in dollars. */
  monthlyLimitExceeded: (limit: number) =>
    `Paying this order on account would take your orders this month past your monthly limit of ${formatPrice(limit)}. Ask a company admin to pay it on account, or pay it by card.`,
  payNotAllowed: 'Only the customer who placed an order or an admin of its company can pay it.',
  deleteNotAllowed:
    'Only the customer who placed an order or an admin of its company can delete it.',
  invitationRevoked: 'This invitation was withdrawn by the company. Ask for a new one.',
  /** ux 2026-11-28 #6: a second invitation to the same address replaced this one. */
  invitationReplaced:
    'This invitation was replaced by a newer one sent to the same address. Open the link in the newest invitation mail.',
  notAwaitingApproval: 'This order does not wait for an approval.',
  nameRequired: 'Company name is required',
  billingAddressRequired: 'Billing address is required',
  reasonRequired: 'Give a reason for the rejection',
  nothingToUpdate: 'Fill in at least one field to update',
  roleInvalid: 'role must be buyer, approver or admin',
  orderLimitInvalid: `Order limit must be an amount in dollars from 0 to ${999_999}, or empty for none`,
  monthlyLimitInvalid: `Monthly limit must be an amount in dollars from 0 to ${999_999}, or empty for none`,
} as const;

/**
 * An email address shown to someone who may not be its owner: the first letter of the local part
 * and the domain (`j***@example.com`).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** The mails of companies and approvals (DESIGN.md section 12). */
export const companyMailMessages = {
  awaitingSubject: (number: string, buyer: string, total: string) =>
    `Order ${number} from ${buyer} awaits your approval: ${total}`,
  awaitingNoLimitIntro: (buyer: string) =>
    `${buyer} has placed an order that needs your approval. It holds its stock until you approve or reject it, or until it expires:`,
  reviewOrder: 'Approve or reject the order',
  placedAwaitingNote:
    'This order is over your order limit: a company admin must approve it before it can be paid. We will mail you their decision.',
  approvedSubject: (number: string, title: string) => `Order ${number} approved: ${title}`,
  approvedIntro: (admin: string) => `${admin} has approved your order. You can pay it now:`,
  /** ux 2026-11-28 #1: the approved order keeps its stock until the buyer pays, until `until`. */
  approvedHoldUntil: (until: string) =>
    `It keeps its stock for you until ${until}. Pay by then; after that, if it is still unpaid, the order is cancelled and its products are released.`,
  /** #14: an approved order placed on account is invoiced at the approval. */
  approvedOnAccountIntro: (admin: string) =>
    `${admin} has approved your order. It is placed on your company's account: the invoice follows in a separate mail.`,
  placedOnAccountNote:
    'This order is placed on your company’s account: the invoice follows in a separate mail, to be paid within your company’s terms.',
  placedAwaitingOnAccountNote:
    'This order is over your order limit: a company admin must approve it. Once approved it is placed on your company’s account and invoiced. We will mail you their decision.',
  rejectedSubject: (number: string, title: string) => `Order ${number} was rejected: ${title}`,
  rejectedIntro: (admin: string) =>
    `${admin} has rejected your order, so it is cancelled and its products are released. You have not been charged.`,
  reason: 'Reason',
  decidedBy: 'Decided by',
  placedBy: 'Placed by',
  /**
   * Fixed: no text a customer chose is in the subject (security report 2026-11-28, finding 5),
   * so the shop's address never carries a stranger's headline.
   */
  invitationSubject: 'You are invited to a company on CaseForge',
  /** The company's name and the inviter's are quoted as a customer gave them, not as the shop's words. */
  invitationIntro: (inviter: string, company: string, role: string) =>
    `A CaseForge customer who gave their name as "${inviter}" has invited you to join their company account, which they named "${company}", as ${role === 'admin' ? 'an admin' : role === 'approver' ? 'an approver' : 'a buyer'}.`,
  invitationQuoted:
    'The names in quotes were typed by that customer; CaseForge has not checked them. CaseForge will never ask you for a password, a payment or a phone call in an invitation.',
  invitationLimit: (limit: string) =>
    `Your order limit: ${limit} per order (a company admin approves larger orders).`,
  invitationValid: (until: string) =>
    `The invitation can be used once, until ${until}. Sign in (or create an account) with this email address to accept it.`,
  acceptInvitation: 'Open the invitation',
  invitationIgnore: 'If you do not know this company, you can ignore this mail.',
} as const;
