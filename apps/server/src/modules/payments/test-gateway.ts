import { randomBytes } from 'node:crypto';
import { messages, orderHoldMessages } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { GatewayIntent, PaymentGateway } from './gateway.js';
import { createTestGatewayRepository } from './test-gateway.repository.js';

/** Stripe's test cards that the built-in gateway honours; any other number is declined. */
const TEST_CARDS: Record<string, { ok: true } | { ok: false; message: string }> = {
  '4242424242424242': { ok: true },
  '4000000000000002': { ok: false, message: messages.cardDeclined },
  '4000000000009995': { ok: false, message: messages.insufficientFunds },
};

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const declined = (message: string) => new AppError('payment_failed', message);

/**
 * The gateway used when no Stripe keys are set: the same flow as Stripe (intent, client secret,
 * card confirmation, verification by id), kept in its own table as an outside service would.
 * It never charges anything and accepts no real card. `isPayable` is the orders module's answer
 * to "may this order still be paid?" (app.ts passes the orders service's): the gateway never
 * reads the orders table.
 */
export function createTestGateway(
  db: Kysely<Database>,
  isPayable: (orderId: string) => Promise<boolean>,
) {
  const intents = createTestGatewayRepository(db);
  const toIntent = (row: {
    id: string;
    client_secret: string;
    status: string;
    amount_cents: number;
    currency: string;
    order_id: string;
  }): GatewayIntent => ({
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    orderId: row.order_id,
  });

  const gateway: PaymentGateway & {
    confirmCard(
      input: { clientSecret: string; cardNumber: string; expiry: string; cvc: string },
      now?: Date,
    ): Promise<GatewayIntent>;
  } = {
    name: 'test',
    publishableKey: null,

    async createIntent({ orderId, amountCents }) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const row = {
        id,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        order_id: orderId,
        amount_cents: amountCents,
        currency: 'usd',
        status: 'requires_payment_method',
      };
      await intents.insert(row);
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const row = await intents.byId(id);
      return row && toIntent(row);
    },

    /** Like Stripe: a succeeded intent stays succeeded; anything else becomes canceled. */
    async cancelIntent(id) {
      await intents.cancel(id);
      return gateway.retrieveIntent(id);
    },

    /**
     * What Stripe.js does on the customer's side: charge the card for the intent. Unlike Stripe,
     * this gateway lives beside the orders, so it also refuses to charge for an order that is
     * gone, paid or cancelled. An order cancelled between that question and the charge is what
     * Stripe can meet too: the cancellation then finds the intent charged, and the payment flow
     * accounts for it (paid after cancellation, or a refund flagged).
     */
    async confirmCard({ clientSecret, cardNumber, expiry }, now = new Date()) {
      const row = await intents.byClientSecret(clientSecret);
      if (!row) throw new AppError('not_found', 'This payment was not found.');
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status === 'canceled' || !(await isPayable(row.order_id))) {
        throw new AppError('conflict', orderHoldMessages.intentNotPayable);
      }

      if (!passesLuhn(cardNumber)) throw declined('Your card number is invalid.');
      const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
      // A card is valid through the last day of its expiry month.
      const endOfMonth = new Date(Date.UTC(2000 + (year ?? 0), month ?? 0, 1));
      if (endOfMonth.getTime() <= now.getTime()) throw declined(messages.cardExpired);
      const outcome = TEST_CARDS[cardNumber] ?? { ok: false, message: messages.cardDeclined };
      if (!outcome.ok) throw declined(outcome.message);

      if (!(await intents.charge(row.id))) {
        const current = await gateway.retrieveIntent(row.id);
        if (current?.status === 'succeeded') return current;
        throw new AppError('conflict', orderHoldMessages.intentNotPayable);
      }
      return toIntent({ ...row, status: 'succeeded' });
    },
  };
  return gateway;
}

export type TestGateway = ReturnType<typeof createTestGateway>;
