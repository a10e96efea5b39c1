import {
  accountPageMessages,
  canApplyTo,
  formatPrice,
  messages,
  orderPageMessages,
  type Order,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useEditShipment } from '../api/edit-shipment';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { useRecordInvoicePayment } from '../api/record-invoice-payment';
import { useShipOrder } from '../api/ship-order';
import { askToEditTracking, askToMarkPaid, askToShip } from './order-confirmations';
import { askToRecordPayment } from './record-payment-dialog';

/** A refusal's first field message (the amount's own words), else its message. */
const fieldOrMessage = (error: unknown): string =>
  (error instanceof ApiRequestError ? Object.values(error.fields)[0] : undefined) ??
  errorMessage(error);

/**
 * The admin's actions on one order, each after its dialog naming the order: mark paid, ship
 * (with the carrier and tracking number) and, once shipped, edit the tracking. Manage Order's
 * rows and the admin's order page both use these, so the two never differ.
 */
export function useOrderAdminActions() {
  const markPaid = useMarkOrderPaid();
  const ship = useShipOrder();
  const editShipment = useEditShipment();
  const recordPayment = useRecordInvoicePayment();

  /** Runs an action the admin has confirmed and says how it went. */
  const update = async (act: () => Promise<{ modifiedCount: number }>, done: string) => {
    try {
      const { modifiedCount } = await act();
      if (!modifiedCount) {
        toast.error(messages.noPermission);
        return;
      }
      toast.success(done);
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };

  return {
    busy: markPaid.isPending || ship.isPending || editShipment.isPending || recordPayment.isPending,
    /** Paid by a bank transfer: its amount, reference and day received (ux 2026-11-28 #15). */
    async markPaid(order: Order) {
      const transfer = await askToMarkPaid(order);
      if (!transfer) return;
      try {
        const { modifiedCount } = await markPaid.mutateAsync({ id: order._id, transfer });
        if (modifiedCount) toast.success(orderPageMessages.markedPaid);
        else toast.error(messages.noPermission);
      } catch (error) {
        // An amount or date refused is said in the field's own words.
        toast.error(fieldOrMessage(error));
      }
    },
    async ship(order: Order) {
      const details = await askToShip(order);
      if (!details) return;
      await update(
        () => ship.mutateAsync({ id: order._id, details }),
        orderPageMessages.orderShipped,
      );
    },
    async editTracking(order: Order) {
      const details = await askToEditTracking(order);
      if (!details) return;
      await update(
        () => editShipment.mutateAsync({ id: order._id, details }),
        orderPageMessages.trackingUpdated,
      );
    },
    /** Money received for an invoice (DESIGN.md section 13): part of what is due, or all of it. */
    async recordPayment(order: Order) {
      const payment = await askToRecordPayment(order);
      if (!payment) return;
      try {
        const { order: now } = await recordPayment.mutateAsync({ id: order._id, payment });
        toast.success(
          now.paid
            ? accountPageMessages.invoiceSettled
            : accountPageMessages.paymentRecorded(formatPrice(now.invoice?.amountDue ?? 0)),
        );
      } catch (error) {
        // A refused amount (more than is due by now) is said in the field's own words.
        toast.error(fieldOrMessage(error));
      }
    },
  };
}

export type OrderAdminActions = ReturnType<typeof useOrderAdminActions>;

/**
 * The buttons of the actions the shared state machine allows on this order (`canApplyTo`):
 * Mark Paid, Ship Order, Record payment (an invoice paid on account), Edit tracking. `what` names the order in each button's accessible name: its number
 * (ux 2026-11-28 #32).
 */
export function OrderAdminButtons({
  order,
  what,
  actions,
  disabled = false,
  size = 'sm',
}: {
  order: Order;
  what: string;
  actions: OrderAdminActions;
  /** Another action of the page is running. */
  disabled?: boolean;
  size?: 'sm' | 'md';
}) {
  const small = size === 'sm' ? 'btn-sm' : '';
  const off = disabled || actions.busy;
  return (
    <>
      {canApplyTo('markPaid', order) && (
        <button
          type="button"
          className={`btn ${small} btn-primary`}
          disabled={off}
          aria-label={`Mark Paid: ${what}`}
          onClick={() => void actions.markPaid(order)}
        >
          Mark Paid
        </button>
      )}
      {canApplyTo('ship', order) && (
        <button
          type="button"
          className={`btn ${small} btn-neutral whitespace-nowrap`}
          disabled={off}
          aria-label={`Ship Order: ${what}`}
          onClick={() => void actions.ship(order)}
        >
          Ship Order
        </button>
      )}
      {canApplyTo('recordInvoicePayment', order) && (
        <button
          type="button"
          className={`btn ${small} btn-primary whitespace-nowrap`}
          disabled={off}
          aria-label={accountPageMessages.recordPaymentLabel(what)}
          onClick={() => void actions.recordPayment(order)}
        >
          {accountPageMessages.recordPayment}
        </button>
      )}
      {canApplyTo('editShipment', order) && (
        <button
          type="button"
          className={`btn ${small} btn-outline whitespace-nowrap`}
          disabled={off}
          aria-label={`${orderPageMessages.editTracking}: ${what}`}
          onClick={() => void actions.editTracking(order)}
        >
          {orderPageMessages.editTracking}
        </button>
      )}
    </>
  );
}

/** The admin's order page: the same actions as Manage Order's row, for this order. */
export function OrderPageAdminActions({ order }: { order: Order }) {
  const actions = useOrderAdminActions();
  return <OrderAdminButtons order={order} what={order.orderNumber} actions={actions} size="md" />;
}
