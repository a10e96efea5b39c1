import Stripe from 'stripe';
import type { GatewayIntent, PaymentGateway } from './gateway.js';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  /** `whsec_…`; without it every webhook delivery is refused. */
  webhookSecret: string | undefined;
  /** Another origin for Stripe's API (stripe-mock, the tests' stand-in); absent: api.stripe.com. */
  apiUrl?: string | undefined;
}

/**
 * Turns `apiUrl` into the SDK's separate host/port/protocol settings. The SDK has no base-URL
 * option, always requests `/v1/...` paths, and defaults the port to 443 even for http, so the
 * port is spelled out here.
 */
function apiAddress(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_URL must be http:// or https://, got ${url.protocol}`);
  }
  if (url.pathname !== '/' || url.search !== '') {
    // The SDK would silently drop a path, sending requests somewhere other than configured.
    throw new Error('STRIPE_API_URL must be an origin only, e.g. http://localhost:12111');
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // Node's http client wants an IPv6 literal without its URL brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function toGatewayIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    // Null only when read with a publishable key; this adapter always uses the secret key.
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata['orderId'],
  };
}

/** Real PaymentIntent ids are `pi_` and letters/digits; anything else cannot exist at Stripe. */
const INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

/** The payment gateway backed by Stripe's PaymentIntents API (used when its keys are set). */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiUrl ? apiAddress(options.apiUrl) : {}),
    // Retries cover connection errors, 409s and 5xx only, with backoff; 2 rides out a blip
    // while keeping a request that the customer is waiting on well under a minute.
    maxNetworkRetries: 2,
    // The SDK's default (80 s) would hold the customer's checkout request far too long.
    timeout: 20_000,
    appInfo: { name: 'CaseForge shop' },
  });

  const gateway: PaymentGateway = {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent({ orderId, amountCents }) {
      // No idempotency key of our own: the SDK already sends a fresh `Idempotency-Key` with every
      // POST and reuses it on its own retries, so a retried request never creates a second intent.
      // A key derived from the order and amount would be wrong here: Stripe replays a key for 24 h,
      // so after an intent was canceled the order could never get a new one. Reusing the live
      // intent on a page reload is the payments service's job (it retrieves the recorded one).
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency: 'usd',
        // v23 pins API version 2026-10-28.endive, where `payment_method_types` is no longer a
        // create parameter (the response still reports it); this is its replacement.
        allowed_payment_method_types: ['card'],
        metadata: { orderId },
      });
      return toGatewayIntent(intent);
    },

    async retrieveIntent(id) {
      // The id comes from the browser: an empty one would request the list endpoint instead.
      if (!INTENT_ID.test(id)) return undefined;
      try {
        return toGatewayIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        // Only "no such payment_intent" means unknown; a 404 without that code (a wrong
        // STRIPE_API_URL) or any other failure must not look like a missing payment.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.statusCode === 404 &&
          error.code === 'resource_missing'
        ) {
          return undefined;
        }
        throw error;
      }
    },

    async cancelIntent(id) {
      if (!INTENT_ID.test(id)) return undefined;
      try {
        return toGatewayIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // Already succeeded or already canceled: Stripe refuses; what matters is its state now.
          if (error.code === 'payment_intent_unexpected_state') return gateway.retrieveIntent(id);
          if (error.statusCode === 404 && error.code === 'resource_missing') return undefined;
        }
        throw error;
      }
    },

    parseWebhook(payload, signature) {
      if (!options.webhookSecret) {
        throw new Error('STRIPE_WEBHOOK_SECRET is not set; webhook deliveries cannot be verified');
      }
      // Verifies the HMAC over the raw bytes and the timestamp (5 minutes' tolerance) first.
      const event = stripe.webhooks.constructEvent(payload, signature, options.webhookSecret);
      if (event.type !== 'payment_intent.succeeded') return null;
      return toGatewayIntent(event.data.object);
    },
  };
  return gateway;
}
