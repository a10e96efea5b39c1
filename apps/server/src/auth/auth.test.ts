import { apiErrorSchema, EMAIL_CONFIRMED_PATH, messages } from '@shop/shared';
import { getMigrations } from 'better-auth/db/migration';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, testConfig } from '../test/build-app.js';
import { testDatabases } from '../test/databases.js';
import { withShop } from '../test/shop.js';
import { bearer, cookieFrom, issueToken, registerAccount, uniqueEmail } from '../test/factories.js';
import { createAccessTokens } from './access-token.js';
import { authOptions, confirmationLink, trustedOrigins } from './auth.js';
import { bootstrapAdmin } from './bootstrap-admin.js';
import type { Mail } from './mailer.js';

const SECRET = 'test-secret-that-is-long-enough-for-the-shop';

describe.each(testDatabases)('identity on $name', (kind) => {
  const shop = withShop(kind, {
    deps: { mailer: { send: async (mail) => void outbox.push(mail) } },
  });
  const outbox: Mail[] = [];

  const myUser = (token: string, email: string) =>
    shop.app.inject({ method: 'GET', url: `/api/user/${email}`, headers: bearer(token) });

  it('leaves Better Auth nothing to migrate: our migration made its tables', async () => {
    const options = authOptions({
      config: testConfig(),
      db: shop.db,
      secret: SECRET,
      mailer: { send: async () => undefined },
      log: shop.app.log,
    });
    const { toBeCreated, toBeAdded } = await getMigrations(options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });

  describe('sign-up and sign-in with email and password', () => {
    it('registers, issues an API token, and signs in again later', async () => {
      const account = await registerAccount(shop.app, { name: 'Mei Lin' });
      const me = await myUser(account.token, account.email);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        email: account.email,
        displayName: 'Mei Lin',
        providerId: 'Email & Password',
        role: 'user',
      });

      const signIn = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: account.email.toUpperCase(), password: account.password },
      });
      expect(signIn.statusCode).toBe(200);
      const token = await issueToken(
        shop.app,
        cookieFrom(signIn.headers['set-cookie']),
        account.email,
      );
      expect((await myUser(token, account.email)).statusCode).toBe(200);
    });

    it('sends a confirmation mail on sign-up', async () => {
      const account = await registerAccount(shop.app);
      const mail = outbox.find((m) => m.to === account.email);
      expect(mail?.subject).toMatch(/confirm/i);
      expect(mail?.text).toContain('/api/auth/verify-email?token=');
    });

    it('sends the confirmation link through the confirmation page, with where to go next', async () => {
      const account = await registerAccount(shop.app);
      const mail = outbox.find((m) => m.to === account.email);
      const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      const url = new URL(link ?? '');
      expect(url.searchParams.get('callbackURL')).toBe(`${EMAIL_CONFIRMED_PATH}?next=%2F`);
      const confirmed = await shop.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
      });
      expect(confirmed.statusCode).toBe(302);
      expect(confirmed.headers.location).toBe(`${EMAIL_CONFIRMED_PATH}?next=%2F`);

      // A forged token lands on the same page, told why.
      url.searchParams.set('token', 'not-a-token');
      const refused = await shop.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
      });
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe(`${EMAIL_CONFIRMED_PATH}?next=%2F&error=INVALID_TOKEN`);
    });

    it('keeps a callbackURL that already is the confirmation page', () => {
      const link = `http://shop.test/api/auth/verify-email?token=t&callbackURL=${encodeURIComponent(
        `${EMAIL_CONFIRMED_PATH}?next=/checkout`,
      )}`;
      expect(confirmationLink(link)).toBe(link);
      expect(
        new URL(
          confirmationLink(
            'http://shop.test/api/auth/verify-email?token=t&callbackURL=%2Fcheckout',
          ),
        ).searchParams.get('callbackURL'),
      ).toBe(`${EMAIL_CONFIRMED_PATH}?next=%2Fcheckout`);
    });

    it('refuses a wrong password with the provider message in our error shape', async () => {
      const account = await registerAccount(shop.app);
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: account.email, password: 'not-the-password' },
      });
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).error.message).toMatch(/invalid email or password/i);
    });

    it('refuses a password shorter than 8; answers an existing email as a new one (finding 8)', async () => {
      const short = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: uniqueEmail(), password: 'short', name: 'X' },
      });
      expect(short.statusCode).toBe(400);
      expect(apiErrorSchema.parse(short.json()).error.message).toMatch(/password/i);

      const account = await registerAccount(shop.app);
      const again = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: account.email, password: 'another-long-one', name: 'X' },
      });
      // sign-up.test.ts shows the two answers are the same; this one signs nobody in.
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ token: null, user: { email: account.email } });
      expect(again.headers['set-cookie']).toBeUndefined();
    });

    it("applies the shop's register rules: a name of spaces only is no name", async () => {
      const email = uniqueEmail();
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: 'long-enough-1', name: ' \t\n ' },
      });
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({
        name: messages.nameRequired,
      });
      const stored = await shop.db.kysely
        .selectFrom('auth_user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
    });

    it('sends a reset link that sets a new password and ends old sessions', async () => {
      const account = await registerAccount(shop.app);
      const ask = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: account.email, redirectTo: '/reset-password' },
      });
      expect(ask.statusCode).toBe(200);
      // Mail leaves after the answer.
      const mail = await vi.waitFor(() => {
        const sent = outbox.find((m) => m.to === account.email && /reset/i.test(m.subject));
        if (!sent) throw new Error('no reset mail yet');
        return sent;
      });
      const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      const token = new URL(link!).pathname.split('/').pop()!;

      const reset = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'a-brand-new-password' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await myUser(account.token, account.email)).statusCode).toBe(401);
      const signIn = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: account.email, password: 'a-brand-new-password' },
      });
      expect(signIn.statusCode).toBe(200);
    });
  });

  describe('browser origins', () => {
    const signUpFrom = (origin: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin },
        remoteAddress: '10.77.0.1',
        payload: { email: uniqueEmail(), password: 'long-enough-password', name: 'Origin' },
      });

    it('accepts the shop opened at any loopback spelling of its local address', async () => {
      for (const origin of [
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'http://[::1]:3000',
      ]) {
        expect((await signUpFrom(origin)).statusCode).toBe(200);
      }
    });

    it('refuses another site', async () => {
      for (const origin of ['https://evil.example.com', 'http://localhost:4000']) {
        const res = await signUpFrom(origin);
        expect(res.statusCode).toBe(403);
        expect(apiErrorSchema.parse(res.json()).error.message).toMatch(/origin/i);
      }
    });
  });

  describe('PUT /api/user/{email}', () => {
    it('needs a signed-in identity', async () => {
      const email = uniqueEmail();
      const res = await shop.app.inject({
        method: 'PUT',
        url: `/api/user/${email}`,
        payload: { email },
      });
      expect(res.statusCode).toBe(401);
    });

    it('issues a token only for the identity that is signed in', async () => {
      const me = await registerAccount(shop.app);
      const other = await registerAccount(shop.app);
      for (const [path, body] of [
        [other.email, other.email],
        [me.email, other.email],
        [other.email, me.email],
      ]) {
        const res = await shop.app.inject({
          method: 'PUT',
          url: `/api/user/${path}`,
          headers: { cookie: me.cookie },
          payload: { email: body },
        });
        expect(res.statusCode).toBe(403);
      }
    });

    it('validates its body', async () => {
      const me = await registerAccount(shop.app);
      const res = await shop.app.inject({
        method: 'PUT',
        url: `/api/user/${me.email}`,
        headers: { cookie: me.cookie },
        payload: { email: 'not-an-email', displayName: 'x'.repeat(500) },
      });
      expect(res.statusCode).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.fields).toMatchObject({ email: messages.emailInvalid });
    });

    it('keeps the role and the profile when the user signs in again', async () => {
      const me = await registerAccount(shop.app);
      await shop.db.kysely
        .updateTable('users')
        .set({ role: 'admin', location: 'Dhaka' })
        .where('email', '=', me.email)
        .execute();
      const token = await issueToken(shop.app, me.cookie, me.email);
      expect((await myUser(token, me.email)).json()).toMatchObject({
        role: 'admin',
        location: 'Dhaka',
      });
    });

    it('does not let a client claim Google for an email-and-password identity', async () => {
      const me = await registerAccount(shop.app);
      await shop.app.inject({
        method: 'PUT',
        url: `/api/user/${me.email}`,
        headers: { cookie: me.cookie },
        payload: { email: me.email, providerId: 'Google' },
      });
      expect((await myUser(me.token, me.email)).json()).toMatchObject({
        providerId: 'Email & Password',
      });
    });
  });

  describe('API tokens', () => {
    it('refuses an expired token', async () => {
      const me = await registerAccount(shop.app);
      const row = await shop.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', me.email)
        .executeTakeFirstOrThrow();
      const session = await shop.db.kysely
        .selectFrom('auth_session')
        .select('id')
        .where(
          'userId',
          '=',
          (
            await shop.db.kysely
              .selectFrom('users')
              .select('uid')
              .where('id', '=', row.id)
              .executeTakeFirstOrThrow()
          ).uid!,
        )
        .executeTakeFirstOrThrow();
      const expired = await createAccessTokens(SECRET).issue(
        { userId: row.id, sessionId: session.id, email: me.email },
        Date.now() - 2 * 24 * 60 * 60 * 1000,
      );
      const res = await myUser(expired, me.email);
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).error).toEqual({
        code: 'unauthorized',
        message: messages.signedOutExpired,
      });
    });

    it('refuses a forged token: other key, tampered claims, another algorithm, garbage', async () => {
      const me = await registerAccount(shop.app);
      const [head, payload, signature] = me.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
        'base64url',
      );
      const otherKey = await new SignJWT({ sid: claims['sid'] })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims['sub']))
        .setIssuer('caseforge-shop')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(64)));
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
      for (const token of [otherKey, `${head}.${tampered}.${signature}`, none, 'garbage', '']) {
        const res = await myUser(token, me.email);
        expect(res.statusCode).toBe(401);
      }
    });

    it('ends with the session: signing out revokes the token', async () => {
      const me = await registerAccount(shop.app);
      expect((await myUser(me.token, me.email)).statusCode).toBe(200);
      const out = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: me.cookie, origin: 'http://localhost:3000' },
      });
      expect(out.statusCode).toBe(200);
      expect((await myUser(me.token, me.email)).statusCode).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('limits sign-in attempts per account and address, with a clear 429', async () => {
      const me = await registerAccount(shop.app);
      const attempt = (ip: string) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: ip,
          payload: { email: me.email, password: 'wrong-password-here' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await attempt('10.0.0.1')).statusCode);
      expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(8)).toEqual([429, 429]);
      const res = await attempt('10.0.0.1');
      expect(apiErrorSchema.parse(res.json()).error).toEqual({
        code: 'rate_limited',
        message: messages.tooManyAttempts,
      });
      // Another address is not refused for the first one's attempts (finding 6).
      expect((await attempt('10.0.1.1')).statusCode).toBe(401);
    });

    it('limits sign-up attempts per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i += 1) {
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          remoteAddress: '10.9.9.9',
          payload: { email: uniqueEmail('flood'), password: 'short', name: 'Flood' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    });
  });

  describe('first admin', () => {
    it('creates the admin of ADMIN_EMAIL/ADMIN_PASSWORD, who can sign in', async () => {
      const email = uniqueEmail('boss');
      const config = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'boss-password-1' });
      await bootstrapAdmin({ auth: shop.app.shopAuth, db: shop.db, config, log: shop.app.log });
      await bootstrapAdmin({ auth: shop.app.shopAuth, db: shop.db, config, log: shop.app.log });
      const signIn = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'boss-password-1' },
      });
      expect(signIn.statusCode).toBe(200);
      const token = await issueToken(shop.app, cookieFrom(signIn.headers['set-cookie']), email);
      expect((await myUser(token, email)).json()).toMatchObject({ role: 'admin' });
    });
  });
});

describe('trustedOrigins', () => {
  it('is the public origin alone for a real domain', () => {
    expect(trustedOrigins('https://shop.example.com')).toEqual(['https://shop.example.com']);
  });
  it('covers every loopback spelling of a local address', () => {
    expect(trustedOrigins('http://127.0.0.1:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });
});

describe.each(testDatabases)('generated first admin on $name', (kind) => {
  it('is created once, on a shop without an admin, and its password is logged once', async () => {
    const db = await kind.open();
    const logged: unknown[] = [];
    const app = await buildTestApp(db);
    const log = {
      ...app.log,
      warn: (obj: unknown) => void logged.push(obj),
      info: () => undefined,
    };
    const config = testConfig();
    await bootstrapAdmin({ auth: app.shopAuth, db, config, log: log as typeof app.log });
    await bootstrapAdmin({ auth: app.shopAuth, db, config, log: log as typeof app.log });
    expect(logged).toHaveLength(1);
    const { email, password } = logged[0] as { email: string; password: string };
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
    });
    expect(signIn.statusCode).toBe(200);
    await app.close();
    await db.drop();
  });
});
