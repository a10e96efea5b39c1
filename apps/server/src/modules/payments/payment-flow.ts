import { canApply, messages, orderHoldMessages } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../auth/guard.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { OrdersRepository } from '../orders/orders.repository.js';
import { refusedAction, type OrdersService } from '../orders/orders.service.js';
import type { GatewayIntent, PaymentGateway } from './gateway.js';
import type { PaymentsRepository, SucceededPayment } from './payments.repository.js';

export interface PaymentFlowDeps {
  /** The orders module's moves that paying makes (each records the payment in its transaction). */
  orders: Pick<OrdersRepository, 'findById' | 'markPaid' | 'markPaidAfterCancel' | 'flagRefund'>;
  /** Who may see an order, and how the API shows it. */
  ordersService: Pick<OrdersService, 'visibleOrder' | 'presentOne'>;
  payments: Pick<
    PaymentsRepository,
    'recordSuccess' | 'openIntents' | 'setIntentStatus' | 'latestPayment' | 'recordIntent'
  >;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

/**
 * Where paying meets ordering (DESIGN.md section 11), in one place, as Medusa's workflows do: "a
 * gateway success arrived" and "cancel this order's intents". Payments depends on orders here
 * and only here (an ESLint rule holds it: eslint-rules/orders-payments-boundary.js); the orders
 * module reaches this flow only through what app.ts hands it (`OrderIntents`).
 */
export function createPaymentFlow({
  orders,
  ordersService,
  payments,
  gateway,
  log,
}: PaymentFlowDeps) {
  /**
   * The one branch of a succeeded payment for `order`: an unpaid order is marked paid; a
   * cancelled one is paid after its cancellation (it takes its stock again, or is flagged for a
   * refund); a paid one changes nothing (`changed` false). The payment row is written in the
   * transaction that changes the order.
   */
  async function settle(
    order: OrderRow,
    payment: SucceededPayment,
  ): Promise<{ changed: boolean; order: OrderRow | undefined }> {
    const record = (trx: Parameters<PaymentsRepository['recordSuccess']>[0]) =>
      payments.recordSuccess(trx, order.id, payment);
    if (canApply('paidAfterCancel', order)) {
      return orders.markPaidAfterCancel(order.id, payment.intentId, record);
    }
    return orders.markPaid(order.id, payment.intentId, record);
  }

  return {
    /**
     * The caller's order that they may pay now: visible to them, theirs, and unpaid; otherwise
     * the coded refusal.
     */
    async orderToPay(caller: CurrentUser, orderId: string): Promise<OrderRow> {
      // Its buyer, or an admin of its company (orders/order-access.ts).
      const order = await ordersService.visibleOrder(caller, orderId, 'pay');
      if (!canApply('markPaid', order)) throw refusedAction('markPaid', order);
      return order;
    },

    /**
     * After an intent was made: the order must still be payable (cancelled or deleted
     * meanwhile: the intent is cancelled at the gateway by the caller, and this is the refusal).
     */
    async refusalIfNotPayable(orderId: string): Promise<AppError | undefined> {
      const after = await orders.findById(orderId);
      if (!after) return AppError.notFound('Order');
      return canApply('markPaid', after) ? undefined : refusedAction('markPaid', after);
    },

    /** The order as the caller may see it (a 404 or 403 otherwise). */
    visibleOrder: (caller: CurrentUser, orderId: string) =>
      ordersService.visibleOrder(caller, orderId),

    /**
     * A payment report for an order that awaits a company admin's approval is refused before the
     * gateway is asked (409 `approval_required`): no payment can exist for it.
     */
    refuseUnapproved(order: OrderRow): void {
      if (order.approval_status === 'awaiting_approval') throw refusedAction('markPaid', order);
    },

    /**
     * A gateway success reported for an order (the payment page, or the webhook): marks the
     * order paid when the gateway says this intent succeeded, for this order and this amount.
     * Idempotent: the same intent reported again (page and webhook) changes nothing.
     */
    async applySucceededIntent(orderId: string, intent: GatewayIntent) {
      const order = await orders.findById(orderId);
      if (!order) throw AppError.notFound('Order');
      if (
        intent.orderId !== order.id ||
        intent.amountCents !== order.price_cents ||
        intent.currency !== 'usd'
      ) {
        throw new AppError('conflict', messages.paymentMismatch);
      }
      if (intent.status !== 'succeeded') {
        if (order.payment_status === 'cancelled') throw refusedAction('markPaid', order);
        throw new AppError('conflict', messages.paymentNotSucceeded);
      }
      // A success confirmed after the order was cancelled (a late webhook): the money is taken,
      // so the order is paid, and flagged for a refund when its stock is gone (DESIGN.md 11).
      const result = await settle(order, {
        intentId: intent.id,
        gateway: gateway.name,
        amountCents: intent.amountCents,
      });
      const now = result.order;
      if (!now) throw AppError.notFound('Order');
      if (!result.changed && now.transaction_id !== intent.id) {
        throw new AppError('order_already_paid', messages.orderAlreadyPaid);
      }
      return {
        modifiedCount: result.changed ? 1 : 0,
        order: await ordersService.presentOne(now),
      };
    },

    /**
     * Cancels at the gateway every intent of this order that could still be charged, so no card
     * is charged for an order that is gone, cancelled or paid another way. An intent the gateway
     * reports as already charged is accounted for, never dropped: it pays the order when it still
     * can, and otherwise flags the order for a refund (or logs the refund when the order is gone).
     * Answers whether such a charge was found. Throws when the gateway cannot be reached.
     */
    async cancelOpenIntents(orderId: string): Promise<boolean> {
      let charged = false;
      for (const open of await payments.openIntents(orderId)) {
        const intent = await gateway.cancelIntent(open.intentId);
        const status = intent?.status ?? 'canceled';
        await payments.setIntentStatus(open.intentId, status);
        if (status !== 'succeeded') continue;
        charged = true;
        const order = await orders.findById(orderId);
        if (!order) {
          log.error(
            { orderId, intent: open.intentId, amountCents: open.amountCents },
            orderHoldMessages.chargedForDeletedOrder,
          );
          continue;
        }
        const result = await settle(order, {
          intentId: open.intentId,
          gateway: gateway.name,
          amountCents: open.amountCents,
        });
        if (!result.changed && result.order && result.order.transaction_id !== open.intentId) {
          await orders.flagRefund(orderId);
          log.error(
            { orderId, intent: open.intentId },
            'an order was paid twice: refund one payment at the payment gateway',
          );
        }
      }
      return charged;
    },
  };
}

export type PaymentFlow = ReturnType<typeof createPaymentFlow>;
