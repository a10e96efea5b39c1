import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStripeStandIn,
  type StandInIntent,
  type StripeStandIn,
} from '../../test/stripe-stand-in.js';
import type { PaymentGateway } from './gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

const WEBHOOK_SECRET = 'whsec_test_stand_in_webhook_secret';
const ORDER_ID = 'ord_0123456789abcdef';

let standIn: StripeStandIn;
let gateway: PaymentGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = createStripeGateway({
    secretKey: standIn.secretKey,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
  });
});

afterAll(async () => {
  await standIn.close();
});

/** A delivery body as Stripe sends it: a full `event` object, pretty-printed. */
function eventPayload(type: string, object: StandInIntent): string {
  const event = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  return JSON.stringify(event, null, 2);
}

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });

describe('Stripe gateway', () => {
  it('names itself and hands out the publishable key', () => {
    expect(gateway.name).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_stand_in');
  });

  describe('createIntent', () => {
    it('sends amount, currency, card and the order id, and returns the client secret', async () => {
      const intent = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 2599 });

      expect(intent).toEqual({
        id: expect.stringMatching(/^pi_/),
        clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
        status: 'requires_payment_method',
        amountCents: 2599,
        currency: 'usd',
        orderId: ORDER_ID,
      });
      const request = standIn.requests.at(-1)!;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/payment_intents');
      expect(request.params).toEqual({
        amount: '2599',
        currency: 'usd',
        'allowed_payment_method_types[0]': 'card',
        'metadata[orderId]': ORDER_ID,
      });
      // The SDK's own key, which makes its network retries safe.
      expect(request.idempotencyKey).toMatch(/^stripe-node-retry-/);
    });

    it('creates a new intent on each call, so a canceled one can be replaced', async () => {
      const first = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 1000 });
      const second = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 1000 });
      expect(second.id).not.toBe(first.id);
    });

    it('throws when Stripe rejects the secret key', async () => {
      const wrongKey = createStripeGateway({
        secretKey: 'sk_test_wrong_key_0000',
        publishableKey: 'pk_test_stand_in',
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: standIn.url,
      });
      const creating = wrongKey.createIntent({ orderId: ORDER_ID, amountCents: 1000 });
      await expect(creating).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      await expect(creating).rejects.toMatchObject({
        statusCode: 401,
        message: expect.stringContaining('Invalid API Key provided'),
      });

      // A rejected key is an outage, not an unknown payment.
      const { id } = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 1000 });
      await expect(wrongKey.retrieveIntent(id)).rejects.toBeInstanceOf(
        Stripe.errors.StripeAuthenticationError,
      );
    });
  });

  describe('cancelIntent', () => {
    it('cancels an open intent at Stripe', async () => {
      const created = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 1500 });
      const canceled = await gateway.cancelIntent(created.id);
      expect(canceled).toMatchObject({ id: created.id, status: 'canceled' });
      expect(standIn.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: `/v1/payment_intents/${created.id}/cancel`,
      });
      expect(standIn.intents.get(created.id)?.status).toBe('canceled');
    });

    it('answers the intent as succeeded when the card was charged first, so it is not lost', async () => {
      const created = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 1500 });
      standIn.succeed(created.id);
      expect(await gateway.cancelIntent(created.id)).toMatchObject({ status: 'succeeded' });
      // Canceling twice is no error either.
      const other = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 1500 });
      await gateway.cancelIntent(other.id);
      expect(await gateway.cancelIntent(other.id)).toMatchObject({ status: 'canceled' });
    });

    it('returns undefined for an id Stripe does not know, and throws when Stripe is away', async () => {
      expect(await gateway.cancelIntent('pi_madeUp0000000000')).toBeUndefined();
      expect(await gateway.cancelIntent('pi_../../v1/customers')).toBeUndefined();
      const gone = await startStripeStandIn();
      await gone.close();
      const offline = createStripeGateway({
        secretKey: gone.secretKey,
        publishableKey: 'pk_test_stand_in',
        webhookSecret: undefined,
        apiUrl: gone.url,
      });
      await expect(offline.cancelIntent('pi_anything123')).rejects.toThrow();
    });
  });

  describe('retrieveIntent', () => {
    it('maps status, amount and order id from Stripe', async () => {
      const created = await gateway.createIntent({ orderId: ORDER_ID, amountCents: 4200 });
      standIn.succeed(created.id);

      const intent = await gateway.retrieveIntent(created.id);

      expect(intent).toEqual({
        id: created.id,
        clientSecret: created.clientSecret,
        status: 'succeeded',
        amountCents: 4200,
        currency: 'usd',
        orderId: ORDER_ID,
      });
      expect(standIn.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: `/v1/payment_intents/${created.id}`,
      });
    });

    it('returns undefined for an id Stripe does not know', async () => {
      const before = standIn.requests.length;
      expect(await gateway.retrieveIntent('pi_madeUp0000000000')).toBeUndefined();
      expect(standIn.requests.length).toBe(before + 1);
    });

    it('returns undefined without asking Stripe for ids that cannot be intents', async () => {
      const before = standIn.requests.length;
      for (const id of ['', 'ch_123', 'pi_../../v1/customers', 'pi_123?expand[]=customer']) {
        expect(await gateway.retrieveIntent(id)).toBeUndefined();
      }
      expect(standIn.requests.length).toBe(before);
    });
  });

  describe('apiUrl', () => {
    it('accepts only an http(s) origin, since the SDK cannot take a base path', () => {
      const withUrl = (apiUrl: string) => () =>
        createStripeGateway({
          secretKey: standIn.secretKey,
          publishableKey: 'pk_test_stand_in',
          webhookSecret: undefined,
          apiUrl,
        });
      expect(withUrl('http://127.0.0.1:12111/')).not.toThrow();
      expect(withUrl('https://stripe-mock.internal')).not.toThrow();
      expect(withUrl('http://127.0.0.1:12111/v1')).toThrow(/origin only/);
      expect(withUrl('ftp://127.0.0.1:12111')).toThrow(/http/);
    });
  });

  describe('parseWebhook', () => {
    const succeededIntent = (): StandInIntent => ({
      id: 'pi_webhook000000000001',
      object: 'payment_intent',
      amount: 2599,
      amount_received: 2599,
      currency: 'usd',
      status: 'succeeded',
      client_secret: 'pi_webhook000000000001_secret_abc',
      metadata: { orderId: ORDER_ID },
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    });

    it('returns the intent of a signed payment_intent.succeeded event', () => {
      const payload = eventPayload('payment_intent.succeeded', succeededIntent());

      const intent = gateway.parseWebhook!(Buffer.from(payload), sign(payload));

      expect(intent).toEqual({
        id: 'pi_webhook000000000001',
        clientSecret: 'pi_webhook000000000001_secret_abc',
        status: 'succeeded',
        amountCents: 2599,
        currency: 'usd',
        orderId: ORDER_ID,
      });
    });

    it('returns null for other event types', () => {
      for (const type of ['payment_intent.created', 'payment_intent.payment_failed']) {
        const payload = eventPayload(type, {
          ...succeededIntent(),
          status: 'requires_payment_method',
        });
        expect(gateway.parseWebhook!(Buffer.from(payload), sign(payload))).toBeNull();
      }
    });

    it('throws on a signature made with another secret', () => {
      const payload = eventPayload('payment_intent.succeeded', succeededIntent());
      const signature = sign(payload, 'whsec_someone_else');
      expect(() => gateway.parseWebhook!(Buffer.from(payload), signature)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    });

    it('throws on a missing or malformed signature header', () => {
      const payload = Buffer.from(eventPayload('payment_intent.succeeded', succeededIntent()));
      expect(() => gateway.parseWebhook!(payload, '')).toThrow();
      expect(() => gateway.parseWebhook!(payload, 't=123,v1=deadbeef')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    });

    it('throws when the payload was changed after signing', () => {
      const payload = eventPayload('payment_intent.succeeded', succeededIntent());
      const signature = sign(payload);
      const tampered = payload.replace('"amount": 2599', '"amount": 1');
      expect(tampered).not.toBe(payload);
      expect(() => gateway.parseWebhook!(Buffer.from(tampered), signature)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    });

    it('throws on a replayed delivery older than the tolerance', () => {
      const payload = eventPayload('payment_intent.succeeded', succeededIntent());
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
      expect(() =>
        gateway.parseWebhook!(Buffer.from(payload), sign(payload, WEBHOOK_SECRET, tenMinutesAgo)),
      ).toThrow(/tolerance/);
    });

    it('throws when no webhook secret is configured', () => {
      const unsigned = createStripeGateway({
        secretKey: standIn.secretKey,
        publishableKey: 'pk_test_stand_in',
        webhookSecret: undefined,
        apiUrl: standIn.url,
      });
      const payload = eventPayload('payment_intent.succeeded', succeededIntent());
      expect(() => unsigned.parseWebhook!(Buffer.from(payload), sign(payload))).toThrow(
        /STRIPE_WEBHOOK_SECRET/,
      );
    });
  });
});
