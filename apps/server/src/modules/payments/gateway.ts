import type { Gateway } from '@shop/shared';

/** A card payment as a gateway reports it (Stripe's PaymentIntent, or the built-in one's). */
export interface GatewayIntent {
  id: string;
  clientSecret: string;
  /** 'succeeded' once the card was charged; anything else is not paid. */
  status: string;
  amountCents: number;
  currency: string;
  /** The order id the intent was created for (its metadata). */
  orderId: string | undefined;
}

/** The one interface both payment adapters implement; chosen at start from the config. */
export interface PaymentGateway {
  readonly name: Gateway;
  /** Stripe's publishable key for the web app; null for the built-in gateway. */
  readonly publishableKey: string | null;
  createIntent(input: { orderId: string; amountCents: number }): Promise<GatewayIntent>;
  /** The intent, or undefined when the gateway does not know that id. */
  retrieveIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * Cancels an intent so it can no longer be charged. Answers the intent as it is afterwards:
   * `canceled`, or `succeeded` when the card was charged first (then the money is taken and
   * the caller must account for it); undefined when the gateway does not know that id.
   */
  cancelIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * Reads a signed webhook delivery: the intent of a `payment_intent.succeeded` event, null for
   * other events. Throws when the signature does not verify.
   */
  parseWebhook?(payload: Buffer, signature: string): GatewayIntent | null;
}
