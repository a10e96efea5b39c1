import { apiErrorSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { uniqueEmail } from '../test/factories.js';
import { startFakeGoogle, type FakeGoogle } from '../../../../e2e/support/fake-google.js';

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await testDatabases[0]!.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('answers 404 so the web app can say Google is not configured', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/login?google=1' },
    });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
  });
});

/** Cookies of one client, as a browser would keep them per site (paths ignored: none clash). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookie: string[] | string | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') {
        this.cookies.delete(name);
      } else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe.each(testDatabases)('Google sign-in and account linking on $name', (kind) => {
  const publicUrl = 'http://localhost:3000';
  let db: TestDb;
  let app: FastifyInstance;
  let google: FakeGoogle;
  const admin = { email: uniqueEmail('owner'), name: 'Shop Owner' };
  const verifiedCustomer = { email: uniqueEmail('verified'), name: 'Vera Verified' };
  const unverifiedCustomer = { email: uniqueEmail('unverified'), name: 'Una Unverified' };
  const newcomer = { email: uniqueEmail('newcomer'), name: 'Nick Newcomer' };

  beforeAll(async () => {
    db = await kind.open();
    google = await startFakeGoogle({
      redirectUri: `${publicUrl}/api/auth/callback/google`,
      accounts: [
        // An attacker's Google-style account claiming the admin's address, unverified.
        { ...admin, name: 'Mallory', emailVerified: false },
        verifiedCustomer,
        unverifiedCustomer,
        newcomer,
      ],
    });
    app = await buildTestApp(db, {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.issuer,
    });
  });
  afterAll(async () => {
    await app.close();
    await google.close();
    await db.drop();
  });

  /** A local account with a password, its email confirmed or not; answers its sign-in's cookies. */
  async function localAccount(email: string, name: string, emailVerified: boolean) {
    const remoteAddress = `10.60.0.${Math.floor(Math.random() * 250) + 1}`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      payload: { email, password: 'local-password-1', name },
    });
    expect(signUp.statusCode).toBe(200);
    // Sign-up never signs in (finding 8): the customer signs in with the password, as the
    // Register page does right after it.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      payload: { email, password: 'local-password-1' },
    });
    expect(signIn.statusCode).toBe(200);
    await db.kysely
      .updateTable('auth_user')
      .set({ emailVerified: emailVerified ? 1 : 0 } as never)
      .where('email', '=', email)
      .execute();
    return signIn.headers['set-cookie'];
  }

  /**
   * Walks the provider's login page as the given Google account and brings the browser back to
   * the shop's callback; answers the shop's reply to that callback.
   */
  async function throughGoogle(start: { url: string; cookies: CookieJar }, email: string) {
    const atGoogle = new CookieJar();
    const visit = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as object), cookie: atGoogle.header() },
      });
      atGoogle.take(res.headers.getSetCookie());
      return res;
    };
    let res = await visit(start.url);
    const interaction = new URL(res.headers.get('location')!, google.issuer).toString();
    res = await visit(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
    let next = new URL(res.headers.get('location')!, google.issuer);
    while (next.origin === google.issuer) {
      res = await visit(next.toString());
      next = new URL(res.headers.get('location')!, google.issuer);
    }
    expect(next.pathname).toBe('/api/auth/callback/google');
    const back = await app.inject({
      method: 'GET',
      url: `${next.pathname}${next.search}`,
      headers: { cookie: start.cookies.header() },
    });
    start.cookies.take(back.headers['set-cookie']);
    return { status: back.statusCode, location: String(back.headers['location'] ?? '') };
  }

  async function startSignIn() {
    const cookies = new CookieJar();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: {
        provider: 'google',
        callbackURL: '/login?google=1',
        errorCallbackURL: '/login?error=google',
      },
    });
    expect(res.statusCode).toBe(200);
    cookies.take(res.headers['set-cookie']);
    return { url: (res.json() as { url: string }).url, cookies };
  }

  const googleAccountsOf = async (email: string) =>
    db.kysely
      .selectFrom('auth_account')
      .innerJoin('auth_user', 'auth_user.id', 'auth_account.userId')
      .select('auth_account.providerId')
      .where('auth_user.email', '=', email)
      .where('auth_account.providerId', '=', 'google')
      .execute();

  const signedInAs = async (cookies: CookieJar) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookies.header() },
    });
    return (res.json() as { user?: { email: string } } | null)?.user?.email;
  };

  it('does not let an unverified Google email take over a verified account (the admin)', async () => {
    await localAccount(admin.email, admin.name, true);
    const start = await startSignIn();
    const back = await throughGoogle(start, admin.email);
    expect(back.status).toBe(302);
    expect(back.location).toMatch(/^\/login\?error=google&error=account_not_linked/);
    expect(await signedInAs(start.cookies)).toBeUndefined();
    expect(await googleAccountsOf(admin.email)).toEqual([]);
  });

  it('joins a verified Google email to an account whose email is confirmed', async () => {
    await localAccount(verifiedCustomer.email, verifiedCustomer.name, true);
    const start = await startSignIn();
    const back = await throughGoogle(start, verifiedCustomer.email);
    expect(back.location).toBe('/login?google=1');
    expect(await signedInAs(start.cookies)).toBe(verifiedCustomer.email);
    expect(await googleAccountsOf(verifiedCustomer.email)).toHaveLength(1);
  });

  it('sends a customer whose email is unconfirmed back with account_not_linked, then links once signed in', async () => {
    const cookie = await localAccount(unverifiedCustomer.email, unverifiedCustomer.name, false);
    const start = await startSignIn();
    const back = await throughGoogle(start, unverifiedCustomer.email);
    expect(back.location).toMatch(/error=account_not_linked/);
    expect(await googleAccountsOf(unverifiedCustomer.email)).toEqual([]);

    // Signed in with the password, the customer links Google to the account.
    const link = new CookieJar();
    link.take(cookie);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/link-social',
      headers: { cookie: link.header(), origin: publicUrl },
      payload: { provider: 'google', callbackURL: '/profile' },
    });
    expect(res.statusCode).toBe(200);
    link.take(res.headers['set-cookie']);
    const linked = await throughGoogle(
      { url: (res.json() as { url: string }).url, cookies: link },
      unverifiedCustomer.email,
    );
    expect(linked.location).toBe('/profile');
    expect(await googleAccountsOf(unverifiedCustomer.email)).toHaveLength(1);

    // From then on, Continue With Google signs into it.
    const again = await startSignIn();
    expect((await throughGoogle(again, unverifiedCustomer.email)).location).toBe('/login?google=1');
    expect(await signedInAs(again.cookies)).toBe(unverifiedCustomer.email);
  });

  it("finding 3: an errorCallbackURL that parses to another host never reaches Google's flow", async () => {
    // The report: this errorCallbackURL, then a login that fails, answered
    // `Location: //evil.example/err?error=account_not_linked`.
    for (const field of ['errorCallbackURL', 'callbackURL', 'newUserCallbackURL']) {
      for (const target of [
        '/.//evil.example/err',
        '/..//evil.example/phish',
        '/%2e//evil.example',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          payload: {
            provider: 'google',
            callbackURL: '/login?google=1',
            errorCallbackURL: '/login?error=google',
            [field]: target,
          },
        });
        expect(res.statusCode, `${field}=${target}`).toBe(400);
        expect(apiErrorSchema.parse(res.json()).error.code).toBe('unsafe_redirect');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    // The shop's own targets still start the flow, and a failure comes back to the shop.
    const start = await startSignIn();
    const back = await throughGoogle(start, admin.email);
    expect(back.location).toMatch(/^\/login\?error=google&error=account_not_linked/);
  });

  it('creates an account for a Google email the shop has not seen', async () => {
    const start = await startSignIn();
    expect((await throughGoogle(start, newcomer.email)).location).toBe('/login?google=1');
    expect(await signedInAs(start.cookies)).toBe(newcomer.email);
  });
});
