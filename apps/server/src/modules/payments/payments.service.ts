import { orderHoldMessages, type PaymentsConfig } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../auth/guard.js';
import { AppError } from '../../http/app-error.js';
import type { GatewayIntent, PaymentGateway } from './gateway.js';
import type { PaymentFlow } from './payment-flow.js';
import type { PaymentsRepository } from './payments.repository.js';

/**
 * The payment routes' service: the gateway's side of paying. Whatever it asks of an order, or
 * does to one, goes through the payment flow (payment-flow.ts), never the orders module itself.
 */
export function createPaymentsService(
  gateway: PaymentGateway,
  payments: PaymentsRepository,
  flow: PaymentFlow,
  log: FastifyBaseLogger,
) {
  /** A gateway that cannot be reached is the customer's 503, not our 500; the log keeps why. */
  async function askGateway<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      log.error({ err: error }, 'payment gateway request failed');
      throw new AppError(
        'unavailable',
        'The payment service cannot be reached. Please try again in a minute.',
      );
    }
  }

  return {
    config(): PaymentsConfig {
      return {
        gateway: gateway.name,
        publishableKey: gateway.publishableKey,
        testMode: gateway.name === 'test',
      };
    },

    /** A client secret to pay the caller's unpaid order, for the amount stored on the order. */
    async createIntent(caller: CurrentUser, orderId: string) {
      const order = await flow.orderToPay(caller, orderId);

      // A reload of the payment page reuses the intent it already has.
      const previous = await payments.latestPayment(order.id);
      if (previous?.client_secret && previous.amount_cents === order.price_cents) {
        const intent = await askGateway(() => gateway.retrieveIntent(previous.intent_id));
        if (intent && intent.status !== 'canceled') {
          return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
        }
      }
      const intent = await askGateway(() =>
        gateway.createIntent({ orderId: order.id, amountCents: order.price_cents }),
      );
      await payments.recordIntent({
        orderId: order.id,
        gateway: gateway.name,
        intentId: intent.id,
        amountCents: intent.amountCents,
        status: intent.status,
        clientSecret: intent.clientSecret,
      });
      // Cancelled or deleted while the intent was made: it must not be payable.
      const refusal = await flow.refusalIfNotPayable(order.id);
      if (refusal) {
        await askGateway(() => gateway.cancelIntent(intent.id));
        await payments.setIntentStatus(intent.id, 'canceled');
        throw refusal;
      }
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
    },

    /** `PATCH /api/order/{id}`: the page reports a payment; the gateway is asked, not trusted. */
    async confirm(caller: CurrentUser, orderId: string, transactionId: string) {
      flow.refuseUnapproved(await flow.visibleOrder(caller, orderId));
      const intent = await askGateway(() => gateway.retrieveIntent(transactionId));
      if (!intent)
        throw new AppError(
          'validation_failed',
          'This transaction id is not known to the payment gateway.',
          { transactionId: 'Unknown transaction id' },
        );
      return flow.applySucceededIntent(orderId, intent);
    },

    /** A signed gateway notification, so a closed tab loses no payment. */
    async webhook(payload: Buffer, signature: string) {
      if (!gateway.parseWebhook) throw AppError.notFound('Webhook');
      let intent: GatewayIntent | null;
      try {
        intent = gateway.parseWebhook(payload, signature);
      } catch {
        throw new AppError('bad_request', 'The webhook signature is invalid.');
      }
      if (!intent?.orderId) return { received: true };
      try {
        await flow.applySucceededIntent(intent.orderId, intent);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') {
          // The order was deleted, yet the card was charged: the operator must refund it.
          log.error(
            { intent: intent.id, orderId: intent.orderId, amountCents: intent.amountCents },
            orderHoldMessages.chargedForDeletedOrder,
          );
          return { received: true };
        }
        // Acknowledge anyway: a retry would fail the same way. The log tells the operator.
        log.warn({ err: error, intent: intent.id }, 'webhook payment not applied');
      }
      return { received: true };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
