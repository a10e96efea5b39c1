import {
  ID_PATTERN,
  messages,
  orderHoldMessages,
  stockMessages,
  type Order,
  type OrderCreate,
} from '@shop/shared';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../auth/guard.js';
import type { Mailer } from '../../auth/mailer.js';
import type { OrderRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
import type { PaymentGateway } from '../payments/gateway.js';
import { MAX_ORDER_CENTS, type OrdersRepository } from './orders.repository.js';

/** A stored order in the API's shape: the spec's names and the payment page's names. */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    orderProduct: row.product_id,
    orderPName: row.product_name,
    userName: row.user_name,
    userEmail: row.user_email,
    customerName: row.user_name,
    customerEmail: row.user_email,
    phone: row.phone,
    address: row.address,
    orderQty: row.quantity,
    orderPrice: row.price_cents / 100,
    unitPrice: row.unit_price_cents / 100,
    paid: row.payment_status === 'paid',
    paymentStatus: row.payment_status,
    orderStatus: row.order_status,
    transactionId: row.transaction_id,
    trxId: row.transaction_id,
    createdAt: toIso(row.created_at),
    expiresAt: row.expires_at === null ? null : toIso(row.expires_at),
    refundNeeded: Boolean(row.refund_needed),
  };
}

const notFound = () => AppError.notFound('Order');
const forbidden = () => new AppError('forbidden', messages.noPermission);
export const orderCancelled = () =>
  new AppError('order_cancelled', orderHoldMessages.orderCancelled);
const gatewayDown = () =>
  new AppError(
    'unavailable',
    'The payment service cannot be reached. Please try again in a minute.',
  );

export interface OrderHoldRules {
  /** ORDER_HOLD_MINUTES: how long an unpaid order holds its stock. */
  holdMinutes: number;
  /** MAX_UNPAID_ORDERS: unpaid orders one customer may hold (admins are not limited). */
  maxUnpaidOrders: number;
}

export interface OrdersServiceDeps {
  orders: OrdersRepository;
  gateway: PaymentGateway;
  mailer: Mailer;
  log: FastifyBaseLogger;
  rules: OrderHoldRules;
}

/** Why an order was cancelled, for the customer's mail. */
export type CancelReason = 'expired' | 'product-removed';

export function createOrdersService({ orders, gateway, mailer, log, rules }: OrdersServiceDeps) {
  /** The order, if the caller owns it or is an admin; 404 when it does not exist. */
  async function visibleOrder(caller: CurrentUser, id: string): Promise<OrderRow> {
    const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
    if (!row) throw notFound();
    if (row.user_id !== caller.id && caller.role !== 'admin') throw forbidden();
    return row;
  }

  /**
   * Cancels at the gateway every intent of this order that could still be charged, so no card
   * is charged for an order that is gone, cancelled or paid another way. An intent the gateway
   * reports as already charged is accounted for, never dropped: it pays the order when it still
   * can, and otherwise flags the order for a refund (or logs the refund when the order is gone).
   * Answers whether such a charge was found. Throws when the gateway cannot be reached.
   */
  async function cancelOpenIntents(orderId: string): Promise<boolean> {
    let charged = false;
    for (const open of await orders.openIntents(orderId)) {
      const intent = await gateway.cancelIntent(open.intentId);
      const status = intent?.status ?? 'canceled';
      await orders.setIntentStatus(open.intentId, status);
      if (status !== 'succeeded') continue;
      charged = true;
      const payment = {
        intentId: open.intentId,
        gateway: gateway.name,
        amountCents: open.amountCents,
      };
      const order = await orders.findById(orderId);
      if (!order) {
        log.error(
          { orderId, intent: open.intentId, amountCents: open.amountCents },
          orderHoldMessages.chargedForDeletedOrder,
        );
      } else if (order.payment_status === 'pending') {
        await orders.markPaid(orderId, open.intentId, payment);
      } else if (order.payment_status === 'cancelled') {
        await orders.markPaidAfterCancel(orderId, payment);
      } else if (order.transaction_id !== open.intentId) {
        await orders.flagRefund(orderId);
        log.error(
          { orderId, intent: open.intentId },
          'an order was paid twice: refund one payment at the payment gateway',
        );
      }
    }
    return charged;
  }

  /** Tells the customer their order was cancelled. Best effort: the cancellation stands. */
  async function mailCancellation(order: OrderRow, reason: CancelReason): Promise<void> {
    try {
      await mailer.send({
        to: order.user_email,
        subject: orderHoldMessages.cancelledMailSubject,
        text: orderHoldMessages.cancelledMailText(order.product_name, order.quantity, reason),
      });
    } catch (error) {
      log.warn({ err: error, orderId: order.id }, 'cancellation mail not sent');
    }
  }

  /**
   * What follows a committed cancellation: the order's intents are cancelled at the gateway and
   * the customer gets a mail. A gateway failure is logged; a payment that still arrives later
   * is handled as a late confirmation (DESIGN.md section 11).
   */
  async function afterCancel(cancelled: OrderRow[], reason: CancelReason): Promise<void> {
    for (const order of cancelled) {
      try {
        await cancelOpenIntents(order.id);
      } catch (error) {
        log.warn({ err: error, orderId: order.id }, 'intents of a cancelled order not cancelled');
      }
      await mailCancellation(order, reason);
    }
  }

  return {
    visibleOrder,
    afterCancel,

    /** `idempotency`: the request's claimed Idempotency-Key, kept on the order it places. */
    async place(
      caller: CurrentUser,
      input: OrderCreate,
      idempotency?: { tag: string; since: string },
    ) {
      if (!ID_PATTERN.test(input.orderProduct)) throw AppError.notFound('Product');
      const result = await orders.place(
        {
          productId: input.orderProduct,
          quantity: input.orderQty,
          userId: caller.id,
          userEmail: caller.email,
          userName: caller.displayName,
          phone: input.phone,
          address: input.address,
          idempotency,
        },
        {
          holdMinutes: rules.holdMinutes,
          maxUnpaid: caller.role === 'admin' ? undefined : rules.maxUnpaidOrders,
        },
      );
      switch (result.kind) {
        case 'no-product':
          throw AppError.notFound('Product');
        case 'below-minimum':
          throw new AppError('validation_failed', messages.orderMinimum(result.minimum), {
            orderQty: messages.orderMinimum(result.minimum),
          });
        case 'out-of-stock-for-minimum':
          throw new AppError(
            'out_of_stock_for_minimum',
            stockMessages.notEnoughForMinimum(result.minimum),
            { orderQty: stockMessages.notEnoughForMinimum(result.minimum) },
          );
        case 'too-expensive':
          throw new AppError(
            'validation_failed',
            `One order can total at most $${(MAX_ORDER_CENTS / 100).toLocaleString('en-US')}; please split it or contact us.`,
            { orderQty: 'Quantity is too large for one order' },
          );
        case 'out-of-stock':
          // Stock is a state that changes under the customer's feet: a conflict, not a typo.
          throw new AppError('conflict', messages.orderMaximum(result.available), {
            orderQty: messages.orderMaximum(result.available),
          });
        case 'too-many-unpaid':
          throw new AppError(
            'too_many_unpaid_orders',
            orderHoldMessages.tooManyUnpaidOrders(result.max),
          );
        case 'placed':
          return { insertedId: result.order.id, order: toOrder(result.order) };
      }
    },

    /** `GET /api/order?userEmail=`: the user's own orders (an admin may ask for anyone's). */
    async listFor(caller: CurrentUser, userEmail: string): Promise<Order[]> {
      const email = userEmail.toLowerCase();
      if (email !== caller.email && caller.role !== 'admin') throw forbidden();
      return (await orders.listForEmail(email)).map(toOrder);
    },

    async get(caller: CurrentUser, id: string): Promise<Order> {
      return toOrder(await visibleOrder(caller, id));
    },

    async listAll(): Promise<Order[]> {
      return (await orders.listAll()).map(toOrder);
    },

    /**
     * An admin marks an order paid by hand (cash, bank transfer): its transaction id is ours.
     * The customer's open card payments are cancelled first, so the card is not charged too;
     * if the card was charged meanwhile, that payment counts and the admin is told.
     */
    async markPaidByAdmin(id: string) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      if (row.payment_status === 'cancelled') throw orderCancelled();
      if (row.payment_status !== 'pending')
        throw new AppError('conflict', messages.orderAlreadyPaid);
      const chargedMeanwhile = await cancelOpenIntents(id).catch(() => {
        throw gatewayDown();
      });
      if (chargedMeanwhile) throw new AppError('conflict', orderHoldMessages.paidByCardMeanwhile);
      const { changed, order } = await orders.markPaid(
        id,
        `manual_${randomBytes(8).toString('hex')}`,
      );
      if (!changed || !order) {
        if (order?.payment_status === 'cancelled') throw orderCancelled();
        throw new AppError('conflict', messages.orderAlreadyPaid);
      }
      // An intent made while this ran: cancelled too (a charge there is flagged for a refund).
      await cancelOpenIntents(id).catch((error: unknown) =>
        log.warn({ err: error, orderId: id }, 'intents of an order paid by hand not cancelled'),
      );
      return { modifiedCount: 1, order: toOrder((await orders.findById(id)) ?? order) };
    },

    async ship(id: string) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      if (row.order_status === 'cancelled') throw orderCancelled();
      const { changed, order } = await orders.ship(id);
      if (!changed || !order) throw new AppError('conflict', messages.orderNotPlaced);
      return { modifiedCount: 1, order: toOrder(order) };
    },

    /**
     * Deletes an unpaid order (its owner or an admin). Its open card payments are cancelled
     * first, so none can be charged for an order that no longer exists; a card charged meanwhile
     * pays the order instead, and the order stays.
     */
    async delete(caller: CurrentUser, id: string) {
      const row = await visibleOrder(caller, id);
      if (row.payment_status === 'cancelled') throw orderCancelled();
      if (row.payment_status !== 'pending')
        throw new AppError('conflict', messages.orderNotPending);
      const chargedMeanwhile = await cancelOpenIntents(id).catch(() => {
        throw gatewayDown();
      });
      if (chargedMeanwhile) throw new AppError('conflict', messages.orderAlreadyPaid);
      if (!(await orders.delete(id))) throw new AppError('conflict', messages.orderNotPending);
      // An intent made while this ran: cancelled too (a charge there is logged for a refund).
      await cancelOpenIntents(id).catch((error: unknown) =>
        log.warn({ err: error, orderId: id }, 'intents of a deleted order not cancelled'),
      );
      return { deletedCount: 1 };
    },

    /**
     * Cancels every unpaid order whose hold ran out by `now`; each one exactly once, whichever
     * instance gets there first. Answers how many this call cancelled.
     */
    async expireDue(now: Date = new Date(), batch = 100): Promise<number> {
      const nowIso = now.toISOString();
      let count = 0;
      for (;;) {
        const due = await orders.dueForExpiry(nowIso, batch);
        const cancelled: OrderRow[] = [];
        for (const id of due) {
          const order = await orders.cancel(id, nowIso);
          if (order) cancelled.push(order);
        }
        count += cancelled.length;
        await afterCancel(cancelled, 'expired');
        if (due.length < batch) return count;
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
