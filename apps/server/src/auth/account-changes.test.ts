import { ACCOUNT_IMAGE_MAX_LENGTH, apiErrorSchema, identityMessages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { bearer, cookieFrom, issueToken, registerAccount, uniqueEmail } from '../test/factories.js';

/** The shop's own page sends its Origin with every identity call (Better Auth checks it). */
const ORIGIN = { origin: 'http://localhost:3000' };

describe.each(testDatabases)('identity account changes on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await kind.open();
    // Every call below comes from one address; the limits have tests of their own.
    app = await buildTestApp(db, {
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const identityOf = async (cookie: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    return res.json() as { user: { email: string; image: string | null } } | null;
  };
  const myUser = (token: string, email: string) =>
    app.inject({
      method: 'GET',
      url: `/api/user/${encodeURIComponent(email)}`,
      headers: bearer(token),
    });

  describe('finding 12: change-password ends every other session and its API token', () => {
    it.each([
      ['without revokeOtherSessions', {}],
      ['even with revokeOtherSessions: false', { revokeOtherSessions: false }],
    ])('%s', async (_label, extra) => {
      const me = await registerAccount(app);
      // A second session of the same account (another browser, or whoever knew the password),
      // with its API token, both in use (the token's session is in the guard's cache).
      const other = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.90.0.1',
        payload: { email: me.email, password: me.password },
      });
      expect(other.statusCode).toBe(200);
      const otherCookie = cookieFrom(other.headers['set-cookie']);
      const otherToken = await issueToken(app, otherCookie, me.email);
      expect((await myUser(otherToken, me.email)).statusCode).toBe(200);
      expect(await identityOf(otherCookie)).not.toBeNull();

      const change = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: me.cookie, ...ORIGIN },
        payload: {
          currentPassword: me.password,
          newPassword: 'a-brand-new-password-1',
          ...extra,
        },
      });
      expect(change.statusCode).toBe(200);

      // The report: the other session's token kept `200` on GET /api/user/{email}.
      const refused = await myUser(otherToken, me.email);
      expect(refused.statusCode).toBe(401);
      expect(apiErrorSchema.parse(refused.json()).error.code).toBe('unauthorized');
      expect(await identityOf(otherCookie)).toBeNull();

      // The caller goes on: its browser keeps the session cookie of the answer, and gets a
      // token with it as after any sign-in.
      const mine = cookieFrom(change.headers['set-cookie']);
      expect((await identityOf(mine))?.user.email).toBe(me.email);
      const token = await issueToken(app, mine, me.email);
      expect((await myUser(token, me.email)).statusCode).toBe(200);

      const signIn = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.90.0.2',
          payload: { email: me.email, password },
        });
      expect((await signIn(me.password)).statusCode).toBe(401);
      expect((await signIn('a-brand-new-password-1')).statusCode).toBe(200);
    });
  });

  describe('finding 15: update-user keeps only an https picture, or none', () => {
    const updateUser = (cookie: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie, ...ORIGIN },
        payload,
      });

    it('refuses javascript:, data:, 200,000 characters and anything but https', async () => {
      const me = await registerAccount(app);
      const refused = [
        // The report's value.
        `javascript:alert(1)//${'x'.repeat(200_000 - 21)}`,
        'javascript:alert(1)',
        'data:image/png;base64,iVBORw0KGgo=',
        'data:text/html,<script>alert(1)</script>',
        'http://cdn.example.com/me.png',
        '//evil.example/me.png',
        '/uploads/me.png',
        'https://',
        'https://cdn.example.com/a b.png',
        'https://cdn.example.com/\u0000.png',
        `https://cdn.example.com/${'a'.repeat(ACCOUNT_IMAGE_MAX_LENGTH)}`,
        '',
        42,
        ['https://cdn.example.com/me.png'],
      ];
      for (const image of refused) {
        const res = await updateUser(me.cookie, { image });
        const what = JSON.stringify(image).slice(0, 60);
        expect(res.statusCode, what).toBe(400);
        const { error } = apiErrorSchema.parse(res.json());
        expect(error.code, what).toBe('validation_failed');
        // The NUL is refused by the guard every route has, before the picture rule.
        if (typeof image === 'string' && !image.includes('\u0000')) {
          expect(error.fields, what).toEqual({ image: identityMessages.accountImage });
        }
      }
      expect((await identityOf(me.cookie))?.user.image).toBeNull();
    });

    it('keeps an https address of at most 2,048 characters, and null clears it', async () => {
      const me = await registerAccount(app);
      const longest = `https://cdn.example.com/${'a'.repeat(ACCOUNT_IMAGE_MAX_LENGTH - 24)}`;
      expect(longest).toHaveLength(ACCOUNT_IMAGE_MAX_LENGTH);
      for (const image of ['https://cdn.example.com/me.png?size=64', longest]) {
        expect((await updateUser(me.cookie, { image })).statusCode).toBe(200);
        expect((await identityOf(me.cookie))?.user.image).toBe(image);
      }
      expect((await updateUser(me.cookie, { image: null })).statusCode).toBe(200);
      expect((await identityOf(me.cookie))?.user.image).toBeNull();
      // A name change alone still works.
      expect((await updateUser(me.cookie, { name: 'Mei Lin' })).statusCode).toBe(200);
    });

    it('applies the same rule to sign-up, which stores a picture too', async () => {
      const email = uniqueEmail('picture');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.91.0.1',
        payload: { email, password: 'long-enough-1', name: 'Pia', image: 'javascript:alert(1)' },
      });
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({
        image: identityMessages.accountImage,
      });
      const stored = await db.kysely
        .selectFrom('auth_user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
    });
  });
});
