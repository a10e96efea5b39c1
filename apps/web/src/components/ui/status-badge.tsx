import {
  approvalStatusWords,
  orderStatusWord,
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
 * (`orderStatusWord`: "Paid" once paid, until it ships; "Invoiced" while it is placed on account
 * and not yet paid, when its `paymentStatus` is given), as every list, filter and page says it.
 */
export function StatusBadge({
  status,
  paymentStatus,
}: {
  status: Order['orderStatus'];
  paymentStatus?: Order['paymentStatus'];
}) {
  const invoiced = status === 'placed' && paymentStatus === 'invoiced';
  return (
    <span className={`${LABEL} ${invoiced ? PAYMENT_TINT.invoiced : TINT[status]}`}>
      {orderStatusWord(
        paymentStatus ? { orderStatus: status, paymentStatus } : { orderStatus: status },
      )}
    </span>
  );
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
