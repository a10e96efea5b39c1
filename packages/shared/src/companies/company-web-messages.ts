/**
 * What the web pages of companies say (DESIGN.md section 12): the company page, the invitation
 * page, Approvals, Company orders and the shop admin's Manage Companies. Free of zod, so any
 * page may import it; the refusals themselves are the server's (company-messages.ts).
 */
import type { ListNoun } from '../lists/admin-lists.js';
import type { CompanyRole } from './company-messages.js';

/** The words a person reads for a member's role. */
export const companyRoleWords: Record<CompanyRole, string> = {
  buyer: 'Buyer',
  approver: 'Approver',
  admin: 'Company admin',
};

/** "$2,500.00" or "No limit": a member's order limit as the pages say it. */
const limitText = (orderLimit: number | null, format: (dollars: number) => string) =>
  orderLimit === null ? 'No limit' : format(orderLimit);

export const companyMenuLabels = {
  company: 'My Company',
  companyOrders: 'Company orders',
  approvals: 'Approvals',
  manageCompanies: 'Manage Companies',
} as const;

export const companyPageMessages = {
  title: 'My Company',
  /** A customer in no company. */
  noCompanyTitle: 'Buy as a company',
  noCompanyText:
    'Create a company to order together with your colleagues: invite buyers, give each an order limit, and approve the orders over it. You become the company’s admin.',
  noCompanyInvited:
    'Invited to a company? Open the link in the invitation mail to join it instead.',
  createTitle: 'Create your company',
  create: 'Create company',
  created: (name: string) => `${name} is created. You are its admin.`,
  nameLabel: 'Company name',
  vatIdLabel: 'VAT ID (optional)',
  vatIdHint: 'As on your invoices, e.g. DE123456789.',
  billingAddressLabel: 'Billing address',
  billingAddressHint: 'The address your invoices are made out to.',
  detailsTitle: 'Company details',
  noVatId: 'None',
  createdOn: 'Created',
  yourRole: 'Your role',
  edit: 'Edit details',
  save: 'Save details',
  cancelEdit: 'Cancel',
  saved: 'The company details are saved.',
  membersTitle: 'Members',
  membersLabel: 'Members of the company',
  columns: {
    name: 'Name',
    email: 'Email',
    role: 'Role',
    orderLimit: 'Order limit',
    monthlyLimit: 'Monthly limit',
    action: 'Action',
  },
  you: 'you',
  adminLimitNote: 'Approves orders',
  limitText,
  change: 'Change',
  changeLabel: (name: string) => `Change role or limit: ${name}`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove: ${name}`,
  leave: 'Leave company',
  changeTitle: (name: string) => `Change ${name}`,
  changeText:
    'A buyer’s order over the order limit, or that takes their orders this month past the monthly limit, waits for a company admin’s approval.',
  changeConfirm: 'Save',
  roleLabel: 'Role',
  orderLimitLabel: 'Order limit in dollars (empty: no limit)',
  monthlyLimitLabel: 'Monthly limit in dollars (empty: no limit)',
  memberChanged: (name: string) => `${name} is changed.`,
  removeTitle: 'Remove this member?',
  removeText: (name: string, email: string) =>
    `${name} (${email}) will no longer see the company’s orders or order for it.`,
  removeConfirm: 'Yes, remove',
  removed: (name: string) => `${name} is no longer a member.`,
  leaveTitle: 'Leave the company?',
  leaveText: (company: string) =>
    `You will no longer see ${company}’s orders or order for it. Your own orders stay yours.`,
  leaveConfirm: 'Yes, leave',
  left: (company: string) => `You have left ${company}.`,
  inviteTitle: 'Invite a colleague',
  inviteText:
    'We mail them a link to join the company; it works once, within 7 days, for that address only. You can invite once you have confirmed your own email address.',
  inviteEmailLabel: 'Email',
  invite: 'Send invitation',
  invited: (email: string) => `An invitation is on its way to ${email}.`,
  invitationsTitle: 'Pending invitations',
  invitationsLabel: 'Invitations waiting for an answer',
  noInvitations: 'No invitation is waiting for an answer.',
  invitationColumns: {
    email: 'Email',
    role: 'Role',
    orderLimit: 'Order limit',
    expires: 'Expires',
    action: 'Action',
  },
  revoke: 'Revoke',
  revokeLabel: (email: string) => `Revoke the invitation to ${email}`,
  revokeTitle: 'Revoke this invitation?',
  revokeText: (email: string) => `The link mailed to ${email} will no longer work.`,
  revokeConfirm: 'Yes, revoke',
  revoked: (email: string) => `The invitation to ${email} is revoked.`,
  /** Where a section of another topic renders (paying on account, issue 24). */
  sectionsLabel: 'More about the company',
} as const;

/**
 * The invitation mail's link carries the invited address in its fragment (`#email=…`), which no
 * browser sends to a server: the signed-out page prefills Register and Log in with it, and the
 * API tells the link's holder nothing but the company's name (ux 2026-11-28 #29).
 */
export const INVITATION_EMAIL_FRAGMENT = 'email';

export const invitationPageMessages = {
  title: 'Company invitation',
  heading: (company: string) => `Join ${company}`,
  invitedAs: (role: string) => `You are invited as: ${role}`,
  orderLimit: 'Order limit',
  validUntil: 'Valid until',
  invitedAddress: 'For the address',
  signedOutText: 'You have been invited to order for a company at CaseForge.',
  signedOutCompany: (company: string) =>
    `You have been invited to order for ${company} at CaseForge.`,
  signInFirst:
    'Log in with the invited address, or register with it, to accept. You come back here afterwards.',
  logIn: 'Log in to accept',
  register: 'Register with this address',
  accept: 'Accept invitation',
  accepted: (company: string) => `Welcome to ${company}.`,
  toCompany: 'Go to my company',
  wrongAccountTitle: 'This invitation is for another address',
  wrongAccount: (email: string) =>
    `You are logged in with another address. Log out and log in (or register) with ${email} to accept it.`,
  inCompanyTitle: 'You already belong to a company',
  usedTitle: 'This invitation has been used',
  expiredTitle: 'This invitation has expired',
  unknownTitle: 'There is no such invitation',
  askAgain: 'Ask the company’s admin to invite you again.',
  home: 'Go to the home page',
} as const;

export const approvalMessages = {
  title: 'Approvals',
  intro:
    'Orders over their buyer’s limit wait here. Approve one and the buyer can pay it; reject it and it is cancelled, its stock released.',
  none: 'No order waits for your approval.',
  label: 'Orders awaiting approval',
  columns: {
    order: 'Order',
    placedBy: 'Placed by',
    total: 'Total',
    products: 'Products',
    po: 'PO',
    limit: 'Buyer’s limit',
    holds: 'Holds stock',
    action: 'Action',
  },
  /**
   * The buyer's limit beside an order awaiting approval, and how far the order is over it (ux
   * 2026-11-28 #12): the limit as it is now, which is what an approver weighs.
   */
  noLimit: 'No order limit',
  overBy: (amount: string) => `over by ${amount}`,
  monthlyLimit: (amount: string) => `Monthly limit ${amount}`,
  approve: 'Approve',
  approveLabel: (orderNumber: string) => `Approve ${orderNumber}`,
  reject: 'Reject',
  rejectLabel: (orderNumber: string) => `Reject ${orderNumber}`,
  approveTitle: (orderNumber: string) => `Approve ${orderNumber}?`,
  approveText: (name: string, total: string) =>
    `${name} may then pay this order of ${total}. Its stock stays held while it is paid.`,
  approveConfirm: 'Yes, approve',
  approved: (orderNumber: string) => `${orderNumber} is approved. The buyer is told by mail.`,
  rejectTitle: (orderNumber: string) => `Reject ${orderNumber}?`,
  rejectText: (name: string, total: string) =>
    `The order of ${total} by ${name} is cancelled and its stock released. The buyer reads your reason in a mail.`,
  reasonLabel: 'Reason',
  rejectConfirm: 'Yes, reject',
  rejected: (orderNumber: string) => `${orderNumber} is rejected. The buyer is told by mail.`,
  holdsFor: (left: string) => `for ${left}`,
} as const;

/** What an order's page and lists say about its approval (DESIGN.md section 12). */
export const orderApprovalMessages = {
  term: 'Approval',
  placedBy: 'Placed by',
  awaitingBuyer:
    'This order is over your order limit: it waits for a company admin’s approval. You can pay it once it is approved; we mail you the decision.',
  awaitingAdmin:
    'This order is over its buyer’s order limit and waits for your approval. Until then it cannot be paid.',
  awaitingOther:
    'This order is over its buyer’s order limit and waits for a company admin’s approval.',
  /** ux 2026-11-28 #9: instead of the amount to pay and a countdown. */
  awaitingTotal: 'Total, once approved',
  /** #14: an order placed on account awaiting approval. */
  awaitingBuyerOnAccount:
    'This order is over your order limit: it waits for a company admin’s approval. Once approved it is placed on your company’s account and invoiced; there is nothing to pay now.',
  /** #1: an approved order keeps its stock until `until` (a date and time, UTC). */
  approvedPayBy: (until: string) =>
    `Approved: its stock is kept for you until ${until}. Pay by then, or the order is cancelled and its stock released.`,
  approvedBy: (name: string) => `Approved by ${name}`,
  rejectedBy: (name: string) => `Rejected by ${name}`,
  reason: 'Reason',
  backToCompanyOrders: 'Back to Company orders',
} as const;

export const companyOrdersMessages = {
  title: 'Company orders',
  label: 'Orders of the company',
  approvalLabel: 'Approval',
  allApprovals: 'All',
  toCompany: 'Go to My Company',
} as const;

export const manageCompaniesMessages = {
  title: 'Manage Companies',
  label: 'Companies',
  columns: {
    name: 'Company',
    vatId: 'VAT ID',
    members: 'Members',
    terms: 'Terms',
    balance: 'Balance',
    hold: 'Hold',
    created: 'Created',
    action: 'Action',
  },
  /** ux 2026-11-28 #28: a caller is found by their address. */
  searchHint: 'Name, VAT ID or a member’s email',
  noTerms: 'Card only',
  termsValue: (days: number, creditLimit: string) => `Net ${days} days, up to ${creditLimit}`,
  notOnHold: 'No',
  heldByShop: 'On hold (by the shop)',
  heldOverdue: 'On hold (overdue invoice)',
  open: 'Open',
  openLabel: (name: string) => `Open ${name}`,
  ordersTitle: 'Orders',
  back: 'Back to Manage Companies',
} as const;

/** What the company lists hold, for their search, totals and pages. */
export const companyListNouns = {
  companies: { one: 'company', many: 'companies' },
} as const satisfies Record<string, ListNoun>;
