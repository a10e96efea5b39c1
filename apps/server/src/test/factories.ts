import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { nowIso } from '../db/time.js';
import type { NewOrder } from '../modules/orders/place-order.repository.js';
import { searchColumns } from '../modules/products/products.repository.js';

let counter = 0;

export interface TestAccount {
  email: string;
  password: string;
  name: string;
  /** The identity session cookie, as a `cookie` request header. */
  cookie: string;
  /** The API access token from `PUT /api/user/{email}`. */
  token: string;
}

/** A unique address per call, so tests in one database never collide. */
export function uniqueEmail(label = 'customer'): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** The `cookie` header a browser would send back after this response. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * The session cookie of a password sign-in, as the web app signs in after Register (sign-up
 * itself never signs in: finding 8). Through Better Auth's own API rather than the HTTP route,
 * so the account's sign-in attempts stay the test's own: the limit tests count them from zero.
 */
export async function signInCookie(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const { headers } = await app.shopAuth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = cookieFrom(headers.getSetCookie());
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return cookie;
}

/** Registers with email and password, signs in, then asks for the API token as the web app does. */
export async function registerAccount(
  app: FastifyInstance,
  { label = 'customer', name = 'Test Customer' } = {},
): Promise<TestAccount> {
  const email = uniqueEmail(label);
  const password = 'correct-horse-battery';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    // Each account comes from its own address, so the per-address limit stays out of the way.
    remoteAddress: `10.${counter % 250}.${Math.floor(counter / 250) % 250}.7`,
    payload: { email, password, name },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const cookie = await signInCookie(app, email, password);
  const token = await issueToken(app, cookie, email);
  return { email, password, name, cookie, token };
}

export async function issueToken(
  app: FastifyInstance,
  cookie: string,
  email: string,
): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie },
    payload: { email, providerId: 'Email & Password' },
  });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/**
 * Marks an account's address confirmed, as following the confirmation mail's link does. Order
 * mail goes only to confirmed addresses (security report 2026-11-26, finding 4): a test that
 * expects order mail confirms its customer first.
 */
export async function confirmAddress(db: Db, email: string): Promise<void> {
  const result = await db.kysely
    .updateTable('auth_user')
    .set({ emailVerified: db.dialect === 'postgres' ? true : 1 })
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`no identity for ${email}`);
}

/**
 * An identity (Better Auth's `auth_user`) for an address, confirmed or not, without an account
 * to sign in with: for tests that write order mail straight into the outbox.
 */
export async function insertIdentity(
  db: Db,
  email: string,
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<void> {
  const now = nowIso();
  const verified = db.dialect === 'postgres' ? confirmed : Number(confirmed);
  // Better Auth's own columns, beyond the few the shop's schema types.
  await sql`insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt")
    values (${newId()}, 'Test Buyer', ${email.toLowerCase()}, ${verified}, ${now}, ${now})`.execute(
    db.kysely,
  );
}

/** A registered account made admin directly in the database. */
export async function registerAdmin(app: FastifyInstance, db: Db): Promise<TestAccount> {
  const account = await registerAccount(app, { label: 'admin', name: 'Test Admin' });
  await db.kysely
    .updateTable('users')
    .set({ role: 'admin' })
    .where('email', '=', account.email)
    .execute();
  return account;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token of this account whose lifetime ended two days ago, signed with the real key. */
export async function expiredToken(db: Db, account: TestAccount, secret: string): Promise<string> {
  const { createAccessTokens } = await import('../auth/access-token.js');
  const user = await db.kysely
    .selectFrom('users')
    .select(['id', 'uid', 'email'])
    .where('email', '=', account.email)
    .executeTakeFirstOrThrow();
  const session = await db.kysely
    .selectFrom('auth_session')
    .select('id')
    .where('userId', '=', user.uid ?? '')
    .executeTakeFirstOrThrow();
  return createAccessTokens(secret).issue(
    { userId: user.id, sessionId: session.id, email: user.email },
    Date.now() - 2 * 24 * 60 * 60 * 1000,
  );
}

/** The same claims as a real token of this account, signed with a key the shop never had. */
export async function forgedToken(account: TestAccount): Promise<string> {
  const { createAccessTokens } = await import('../auth/access-token.js');
  const payload = account.token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    sub: string;
    sid: string;
    email: string;
  };
  return createAccessTokens('an-attacker-key-that-is-long-enough-to-use').issue({
    userId: claims.sub,
    sessionId: claims.sid,
    email: claims.email,
  });
}

/** A customer stored directly (no account to sign in with), for repository tests; answers its id. */
export async function insertCustomer(db: Db): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db.kysely
    .insertInto('users')
    .values({
      id,
      email: `buyer-${id}@example.com`,
      uid: null,
      display_name: 'Test Buyer',
      provider_id: 'Email & Password',
      role: 'user',
      location: null,
      education: null,
      phone: null,
      linkedin: null,
      company: null,
      vat_number: null,
      shipping_address: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A one-line order of `quantity` units for the repository's `place` (test buyer details). */
export function oneLineOrder(userId: string, productId: string, quantity: number): NewOrder {
  return {
    lines: [{ productId, quantity }],
    userId,
    userEmail: `${userId}@example.com`,
    userName: 'Test Buyer',
    phone: '+1 555 0100',
    address: '1 Test Street',
  };
}

/** A product made for one test, so tests never share stock. */
export async function insertProduct(
  db: Db,
  { stock = 100, minimum = 2, priceCents = 4_850 } = {},
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db.kysely
    .insertInto('products')
    .values({
      id,
      name: `Test Case ${id.slice(-6)}`,
      description: 'A case for tests',
      ...searchColumns({
        name: `Test Case ${id.slice(-6)}`,
        description: 'A case for tests',
        sku: null,
        specs: [],
        category: 'cases',
      }),
      img_url: '/images/products/vortex-rgb-gaming.svg',
      price_cents: priceCents,
      aqty: stock,
      minquantity: minimum,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A product's stock as the database holds it now. */
export async function stockIn(db: Db, productId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select('aqty')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.aqty;
}

/** How many unpaid orders the counter of migration 0013 holds for a customer (0 without a row). */
export async function unpaidOrdersOf(db: Db, userId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('unpaid_order_counts')
    .select('unpaid')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.unpaid ?? 0;
}

/** What the customer's unpaid orders are worth by the counter of migration 0014, in cents. */
export async function unpaidValueOf(db: Db, userId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('unpaid_order_counts')
    .select('unpaid_cents')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.unpaid_cents ?? 0);
}

/** The shop user id of a registered account. */
export async function userIdOf(db: Db, account: Pick<TestAccount, 'email'>): Promise<string> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', account.email)
    .executeTakeFirstOrThrow();
  return row.id;
}
