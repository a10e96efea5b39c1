/**
 * Approval of a company buyer's order over their limit (DESIGN.md section 12). Free of zod: the
 * web app's buttons and the order state table (orders/order-states.ts) read these.
 */

/**
 * `not_required`: placed within the buyer's limit (or by no company buyer); `awaiting_approval`:
 * over it, waiting for a company admin, not payable; `approved`: an admin let it through, the
 * ordinary hold runs from then; `rejected`: an admin refused it, the order is cancelled.
 */
export const APPROVAL_STATUSES = [
  'not_required',
  'awaiting_approval',
  'approved',
  'rejected',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The approval states in which an order may be paid (the "payable" condition's part). */
export const PAYABLE_APPROVAL_STATUSES = ['not_required', 'approved'] as const;

/** Whether an order in this approval state may be paid. */
export function approvalAllowsPayment(status: ApprovalStatus): boolean {
  return (PAYABLE_APPROVAL_STATUSES as readonly ApprovalStatus[]).includes(status);
}

/** The words a person reads for each approval state. */
export const approvalStatusWords: Record<ApprovalStatus, string> = {
  not_required: 'Not required',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};
