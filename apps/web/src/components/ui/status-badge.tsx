import {
  approvalStatusWords,
  orderStatusWords,
  paymentStatusWords,
  type ApprovalStatus,
  type Order,
} from '@shop/shared';

const TINT: Record<Order['orderStatus'], string> = {
  pending: 'bg-warning/25',
  placed: 'bg-success/20',
  shipped: 'bg-info/15',
  cancelled: 'bg-base-200',
};

const PAYMENT_TINT: Record<Order['paymentStatus'], string> = {
  pending: 'bg-warning/25',
  paid: 'bg-success/20',
  cancelled: 'bg-base-200',
  invoiced: 'bg-info/15',
};

const LABEL = 'badge text-base-content border-transparent font-medium whitespace-nowrap';

/**
 * An order's status as a plain label: a tint and dark text, no border, shadow or pointer, so it
 * never looks like a button beside the real ones. The word is the shared one for the state
 * (`orderStatusWords`: "Paid" once paid, until it ships), as every list, filter and page says it.
 */
export function StatusBadge({ status }: { status: Order['orderStatus'] }) {
  return <span className={`${LABEL} ${TINT[status]}`}>{orderStatusWords[status]}</span>;
}

/** An order's payment as the same kind of label ("Paid", "Unpaid", "Cancelled"). */
export function PaymentBadge({ status }: { status: Order['paymentStatus'] }) {
  return <span className={`${LABEL} ${PAYMENT_TINT[status]}`}>{paymentStatusWords[status]}</span>;
}

const APPROVAL_TINT: Record<ApprovalStatus, string> = {
  not_required: 'bg-base-200',
  awaiting_approval: 'bg-warning/25',
  approved: 'bg-success/20',
  rejected: 'bg-base-200',
};

/** A company order's approval (DESIGN.md section 12) as the same kind of label. */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return <span className={`${LABEL} ${APPROVAL_TINT[status]}`}>{approvalStatusWords[status]}</span>;
}
