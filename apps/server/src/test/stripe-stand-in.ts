import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The part of Stripe's PaymentIntent object the shop reads, in Stripe's own field names. */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  created: number;
  livemode: false;
}

export interface StandInRequest {
  method: string;
  /** Without the query string, e.g. `/v1/payment_intents/pi_123`. */
  path: string;
  /** The form-encoded body as sent, keys in Stripe's bracket notation (`metadata[orderId]`). */
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  /** Origin to give the adapter as `apiUrl`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  secretKey: string;
  intents: Map<string, StandInIntent>;
  requests: StandInRequest[];
  /** What Stripe does once Stripe.js confirmed the customer's card for this intent. */
  succeed(id: string): StandInIntent;
  /** What Stripe does when the intent is canceled (by the shop or after expiry). */
  cancel(id: string): StandInIntent;
  close(): Promise<void>;
}

interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
}

const DEFAULT_SECRET_KEY = 'sk_test_stand_in_secret_key';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${token(10)}`,
  });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, error: StripeErrorBody) {
  send(res, status, { error });
}

/** Stripe's answer for an intent id it does not know. */
function noSuchIntent(res: ServerResponse, id: string) {
  sendError(res, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such payment_intent: '${id}'`,
    param: 'intent',
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe masks all but the last four characters of a rejected key in its message. */
const maskKey = (key: string) => `${key.slice(0, 8)}${'*'.repeat(12)}${key.slice(-4)}`;

/**
 * A local stand-in for the two Stripe endpoints the payment adapter calls, answering with
 * Stripe's response and error shapes, so tests exercise the real SDK without the network.
 */
export async function startStripeStandIn(
  options: { secretKey?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const intents = new Map<string, StandInIntent>();
  const requests: StandInRequest[] = [];
  // Stripe replays the stored response for a repeated Idempotency-Key with the same parameters.
  const replays = new Map<string, { body: string; status: number; response: unknown }>();

  /** A 400 in Stripe's shape for a bad parameter. */
  const invalid = (code: string, message: string, param: string): [number, unknown] => [
    400,
    { error: { type: 'invalid_request_error', code, message, param } },
  ];

  function createIntent(params: Record<string, string>): [number, unknown] {
    // Stripe rejects parameters it does not know, so the adapter cannot send misspelled ones;
    // these are the ones of the API version the SDK pins (which has no `payment_method_types`).
    const known =
      /^(amount|currency|description|allowed_payment_method_types\[\d+\]|metadata\[.+\])$/;
    for (const key of Object.keys(params)) {
      if (!known.test(key)) {
        const param = key.replace(/\[.*$/, '');
        return invalid('parameter_unknown', `Received unknown parameter: ${param}`, param);
      }
    }
    for (const name of ['amount', 'currency']) {
      if (params[name] === undefined) {
        return invalid('parameter_missing', `Missing required param: ${name}.`, name);
      }
    }
    const amountText = params['amount'] ?? '';
    if (!/^\d+$/.test(amountText)) {
      return invalid('parameter_invalid_integer', `Invalid integer: ${amountText}`, 'amount');
    }
    const amount = Number(amountText);
    const currency = (params['currency'] ?? '').toLowerCase();
    if (currency === 'usd' && amount < 50) {
      return invalid('amount_too_small', 'Amount must be at least $0.50 usd', 'amount');
    }

    const metadata: Record<string, string> = {};
    const paymentMethodTypes: string[] = [];
    for (const [key, value] of Object.entries(params)) {
      const meta = /^metadata\[([^\]]+)\]$/.exec(key);
      if (meta?.[1]) metadata[meta[1]] = value;
      if (key.startsWith('allowed_payment_method_types[')) paymentMethodTypes.push(value);
    }
    const id = `pi_${token(18)}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token(18)}`,
      metadata,
      allowed_payment_method_types: paymentMethodTypes,
      payment_method_types: paymentMethodTypes.length > 0 ? paymentMethodTypes : ['card'],
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return [200, intent];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body = await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(body));
    const idempotencyKey = req.headers['idempotency-key'];
    requests.push({
      method,
      path,
      params,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });

    const authorization = req.headers.authorization ?? '';
    if (!authorization.startsWith('Bearer ')) {
      return sendError(res, 401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = authorization.slice('Bearer '.length);
    if (key !== secretKey) {
      return sendError(res, 401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      });
    }

    if (method === 'POST' && path === '/v1/payment_intents') {
      if (typeof idempotencyKey === 'string') {
        const previous = replays.get(idempotencyKey);
        if (previous && previous.body !== body) {
          return sendError(res, 400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        if (previous) {
          res.setHeader('idempotent-replayed', 'true');
          return send(res, previous.status, previous.response);
        }
      }
      const [status, response] = createIntent(params);
      if (typeof idempotencyKey === 'string') {
        replays.set(idempotencyKey, { body, status, response });
      }
      return send(res, status, response);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const id = decodeURIComponent(retrieve[1]);
      const intent = intents.get(id);
      if (!intent) return noSuchIntent(res, id);
      return send(res, 200, intent);
    }

    // Like Stripe: only an intent that has not succeeded or been canceled can be canceled.
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel?.[1]) {
      const id = decodeURIComponent(cancel[1]);
      const intent = intents.get(id);
      if (!intent) return noSuchIntent(res, id);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return sendError(res, 400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_reconfirmation, requires_confirmation, requires_action, processing.`,
        });
      }
      intent.status = 'canceled';
      return send(res, 200, intent);
    }

    return sendError(res, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, {
        error: { type: 'api_error', message: error instanceof Error ? error.message : 'error' },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  function setStatus(id: string, status: string): StandInIntent {
    const intent = intents.get(id);
    if (!intent) throw new Error(`Stripe stand-in: no such payment_intent ${id}`);
    intent.status = status;
    if (status === 'succeeded') intent.amount_received = intent.amount;
    return intent;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    requests,
    succeed: (id) => setStatus(id, 'succeeded'),
    cancel: (id) => setStatus(id, 'canceled'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; without this close() would wait for them to idle out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
