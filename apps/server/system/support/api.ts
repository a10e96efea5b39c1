import { randomBytes } from 'node:crypto';
import {
  apiErrorSchema,
  EMAIL_PASSWORD_PROVIDER,
  orderCreatedSchema,
  productListSchema,
  productSchema,
  type ApiError,
  type Product,
} from '@shop/shared';
import { SYSTEM_ADMIN } from './shop.js';

export interface Account {
  email: string;
  token: string;
  /** The identity session's cookie, to sign out with (new customers only). */
  cookie?: string;
}

/** The `cookie` header a browser would send back after this response. */
function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function expectOk(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** Asks for the API token of a signed-in identity, as the web app does after every sign-in. */
async function tokenFor(baseUrl: string, cookie: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ email, providerId: EMAIL_PASSWORD_PROVIDER }),
  });
  const body = (await expectOk(res, `token for ${email}`)) as { token: string };
  return body.token;
}

/**
 * Signs up a new customer over HTTP, then signs in (sign-up never does: finding 8), as the
 * Register page does, and gets their API token.
 */
export async function signUp(baseUrl: string, label = 'customer'): Promise<Account> {
  const email = `${label}-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'correct-horse-battery';
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name: `System ${label}` }),
  });
  await expectOk(res, `sign-up of ${email}`);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  await expectOk(signIn, `sign-in of ${email}`);
  const cookie = cookieFrom(signIn);
  return { email, token: await tokenFor(baseUrl, cookie, email), cookie };
}

/** Signs in as the admin the server was started with (ADMIN_EMAIL/ADMIN_PASSWORD). */
export async function signInAdmin(baseUrl: string): Promise<Account> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    // The identity service checks a browser's Origin on sign-in; the shop's own page sends it.
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(SYSTEM_ADMIN),
  });
  await expectOk(res, 'admin sign-in');
  return {
    email: SYSTEM_ADMIN.email,
    token: await tokenFor(baseUrl, cookieFrom(res), SYSTEM_ADMIN.email),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createProduct(
  baseUrl: string,
  admin: Account,
  { stock, minimum = 1, price = 12.5 }: { stock: number; minimum?: number; price?: number },
): Promise<Product> {
  const res = await fetch(`${baseUrl}/api/product`, {
    method: 'POST',
    headers: { ...bearer(admin.token), 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `System Case ${randomBytes(3).toString('hex')}`,
      description: 'A case made by the system tests',
      imgURL: '/images/products/vortex-rgb-gaming.svg',
      price,
      aqty: stock,
      minquantity: minimum,
    }),
  });
  const body = (await expectOk(res, 'create product')) as { product: unknown };
  return productSchema.parse(body.product);
}

export async function listProducts(baseUrl: string): Promise<Product[]> {
  return productListSchema.parse(
    await expectOk(await fetch(`${baseUrl}/api/products`), 'products'),
  );
}

/**
 * What one call came back with: a status and its parsed body, or the network error when no
 * answer came (the server was killed, the connection refused).
 */
export type Outcome =
  | { kind: 'answer'; status: number; body: unknown; orderId?: string; error?: ApiError['error'] }
  | { kind: 'no-answer'; error: string };

/** One call, never throwing: the outcome says what happened. */
export async function call(url: string, init: RequestInit = {}): Promise<Outcome> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, init);
    text = await res.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'no-answer', error: cause?.code ?? cause?.message ?? String(error) };
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  const outcome: Outcome = { kind: 'answer', status: res.status, body };
  const created = orderCreatedSchema.safeParse(body);
  if (created.success) outcome.orderId = created.data.insertedId;
  const error = apiErrorSchema.safeParse(body);
  if (error.success) outcome.error = error.data.error;
  return outcome;
}

export interface OrderRequest {
  productId: string;
  quantity: number;
}

/** `POST /api/order` as a customer. */
export function placeOrder(
  baseUrl: string,
  account: Account,
  { productId, quantity }: OrderRequest,
  init: RequestInit = {},
): Promise<Outcome> {
  return call(`${baseUrl}/api/order`, {
    ...init,
    method: 'POST',
    headers: { ...bearer(account.token), 'content-type': 'application/json' },
    body: JSON.stringify(orderBody(productId, quantity)),
  });
}

export function orderBody(productId: string, quantity: number) {
  return {
    orderProduct: productId,
    phone: '+1 555 0100',
    address: '1 Load Test Way, Springfield',
    orderQty: quantity,
  };
}

/** Runs `task` for 0..total-1 with at most `concurrency` calls in flight. */
export async function runBounded(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
}

/** A short summary of outcomes by status ("200×123, 409×877"), for failure messages. */
export function summarize(outcomes: readonly Outcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = outcome.kind === 'answer' ? String(outcome.status) : `no answer (${outcome.error})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key}×${count}`).join(', ');
}
