import {
  approvalMessages as text,
  canApplyTo,
  formatPrice,
  orderRejectSchema,
  type Order,
  type OrderReject,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { confirmAction } from '../../../components/ui/confirm';
import { confirmWithFields, type DialogValidation } from '../../../components/ui/confirm-form';
import { useDecideOrder } from '../api/decide-order';
import { useMyMembership } from '../api/get-my-company';

/** Who placed it, as the dialogs name them. */
const placer = (order: Order) => order.placedBy?.name ?? order.userName;

function checkReason(values: Record<string, string>): DialogValidation<OrderReject> {
  const parsed = orderRejectSchema.safeParse({ reason: values['reason'] ?? '' });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: { reason: parsed.error.issues[0]?.message ?? '' } };
}

/**
 * A company admin's decision on an order awaiting approval, each after a dialog naming the
 * order, its buyer and total: Approve, or Reject with a reason. A second decision (another admin
 * was quicker) is refused by the server (409) and toasted by the app.
 */
export function useApprovalActions() {
  const decide = useDecideOrder();
  return {
    busy: decide.isPending,
    async approve(order: Order) {
      const confirmed = await confirmAction({
        title: text.approveTitle(order.orderNumber),
        text: text.approveText(placer(order), formatPrice(order.orderPrice)),
        confirmText: text.approveConfirm,
      });
      if (!confirmed) return;
      try {
        await decide.mutateAsync({ id: order._id });
        toast.success(text.approved(order.orderNumber));
      } catch {
        // The app's error toast says why (lib/query-client.ts).
      }
    },
    async reject(order: Order) {
      const reject = await confirmWithFields({
        title: text.rejectTitle(order.orderNumber),
        text: text.rejectText(placer(order), formatPrice(order.orderPrice)),
        confirmText: text.rejectConfirm,
        tone: 'danger',
        fields: [{ name: 'reason', label: text.reasonLabel, maxLength: 500 }],
        validate: checkReason,
      });
      if (!reject) return;
      try {
        await decide.mutateAsync({ id: order._id, reject });
        toast.success(text.rejected(order.orderNumber));
      } catch {
        // The app's error toast says why (lib/query-client.ts).
      }
    },
  };
}

export type ApprovalActions = ReturnType<typeof useApprovalActions>;

/** Approve and Reject for an order the state machine lets a company admin decide. */
export function ApprovalButtons({
  order,
  actions,
  size = 'sm',
}: {
  order: Order;
  actions: ApprovalActions;
  size?: 'sm' | 'md';
}) {
  if (!canApplyTo('approve', order)) return null;
  const small = size === 'sm' ? 'btn-sm' : '';
  return (
    <>
      <button
        type="button"
        className={`btn ${small} btn-primary`}
        disabled={actions.busy}
        aria-label={text.approveLabel(order.orderNumber)}
        onClick={() => void actions.approve(order)}
      >
        {text.approve}
      </button>
      <button
        type="button"
        className={`btn ${small} btn-error btn-outline`}
        disabled={actions.busy}
        aria-label={text.rejectLabel(order.orderNumber)}
        onClick={() => void actions.reject(order)}
      >
        {text.reject}
      </button>
    </>
  );
}

/**
 * The order page's Approve / Reject, for an admin of the order's company only (the route page
 * passes it to the orders feature's page).
 */
export function OrderApprovalActions({ order, email }: { order: Order; email: string }) {
  const { company, mayApprove } = useMyMembership(email);
  const actions = useApprovalActions();
  if (!company || !mayApprove || company._id !== order.companyId) return null;
  return <ApprovalButtons order={order} actions={actions} size="md" />;
}
