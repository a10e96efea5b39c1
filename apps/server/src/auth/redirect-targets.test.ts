import {
  apiErrorSchema,
  EMAIL_CONFIRMED_PATH,
  identityMessages,
  isPlainShopPath,
} from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { withShop } from '../test/shop.js';
import { registerAccount, uniqueEmail } from '../test/factories.js';
import type { Mail } from './mailer.js';

/** The report's spellings (finding 3) and a few more: each parses to `//evil.example…`. */
const ATTACKS = [
  '/.//evil.example',
  '/..//evil.example/phish',
  '/x/..//evil.example',
  '/%2e//evil.example',
  '/.///evil.example',
  '/.//evil.example/login',
  '/%2E%2E//evil.example',
  '/./%2e//evil.example/err',
  '/dashboard/..//evil.example',
];

/** Other targets that are no plain path of the shop. */
const OTHER_REFUSALS = [
  '//evil.example',
  '/\\evil.example',
  '/./\\evil.example',
  'https://evil.example/',
  'http://localhost:3000/dashboard',
  'javascript:alert(1)',
  '/%2F%2Fevil.example',
  '/%5cevil.example',
  '/dashboard/.',
  '/dashboard/..',
  '/a//b',
  '/\tx',
  '/x\n',
  '/%zz',
  '/with space',
  '',
];

/** What the web app sends, and other paths of the shop. */
const SHOP_TARGETS = [
  '/',
  '/dashboard',
  '/dashboard/profile',
  '/login?google=1',
  '/login?google=1&from=%2Fdashboard%2Fprofile',
  '/login?error=google',
  '/reset-password',
  '/dashboard/orders/65a1b2c3d4e5f60718293a4b',
  '/products?q=atx//mid#top',
];

const ORIGIN = 'http://shop.invalid';
const pathOf = (value: string) => value.split(/[?#]/)[0] ?? '';

describe('finding 3: the plain-path rule', () => {
  it('refuses every spelling that a URL parser turns into another host', () => {
    for (const attack of ATTACKS) {
      // The report's cause: parsed, the path is protocol-relative.
      expect(new URL(attack, ORIGIN).pathname, attack).toMatch(/^\/\//);
      expect(isPlainShopPath(attack), attack).toBe(false);
    }
    for (const other of OTHER_REFUSALS) expect(isPlainShopPath(other), other).toBe(false);
  });

  it("accepts the shop's own paths, which parse to themselves", () => {
    for (const target of SHOP_TARGETS) {
      expect(isPlainShopPath(target), target).toBe(true);
      expect(new URL(target, ORIGIN).pathname).toBe(pathOf(target));
    }
  });

  it('accepts nothing whose path a URL parser would change', () => {
    const pieces = ['', '/', '.', '..', '%2e', '%2E', '//', 'x', '\\', '%2f', ';', '%41', ' '];
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const value = `/${a}${b}${c}?q=1`;
          if (!isPlainShopPath(value)) continue;
          expect(new URL(value, ORIGIN).pathname, value).toBe(pathOf(value));
          expect(pathOf(value).startsWith('//'), value).toBe(false);
        }
      }
    }
  });
});

describe.each(testDatabases)('finding 3: no redirect off the shop on $name', (kind) => {
  const shop = withShop(kind, {
    config: { AUTH_RATE_LIMIT_PER_ADDRESS: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' },
    deps: { mailer: { send: async (mail) => void outbox.push(mail) } },
  });
  const outbox: Mail[] = [];

  const expectRefused = (
    res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
    field: string,
    what: string,
  ) => {
    expect(res.statusCode, what).toBe(400);
    expect(res.headers['location'], what).toBeUndefined();
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code, what).toBe('unsafe_redirect');
    expect(error.message, what).toBe(identityMessages.unsafeRedirect(field));
    expect(error.fields, what).toEqual({ [field]: identityMessages.unsafeRedirect(field) });
  };

  const verifyEmail = (query: string) =>
    shop.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=x&${query}` });

  it('verify-email answers 400, not a 302 to //evil.example, for every spelling', async () => {
    for (const attack of ATTACKS) {
      // As the report sent it (raw), and as a link would carry it (escaped).
      for (const query of [`callbackURL=${attack}`, `callbackURL=${encodeURIComponent(attack)}`]) {
        expectRefused(await verifyEmail(query), 'callbackURL', query);
      }
    }
    for (const other of OTHER_REFUSALS) {
      expectRefused(
        await verifyEmail(`callbackURL=${encodeURIComponent(other)}`),
        'callbackURL',
        other,
      );
    }
    // A repeated name: every value is checked, whichever one Better Auth would read.
    expectRefused(
      await verifyEmail(`callbackURL=%2F&callbackURL=${encodeURIComponent(ATTACKS[0]!)}`),
      'callbackURL',
      'repeated',
    );
  });

  it("keeps the shop's own targets: verify-email still redirects to them", async () => {
    for (const target of SHOP_TARGETS) {
      const res = await verifyEmail(`callbackURL=${encodeURIComponent(target)}`);
      expect(res.statusCode, target).toBe(302);
      const location = String(res.headers['location']);
      expect(location.startsWith(pathOf(target)), `${target} -> ${location}`).toBe(true);
      expect(location).not.toMatch(/^\/\//);
      expect(location).toMatch(/error=INVALID_TOKEN/);
    }
  });

  it('refuses them in the body of every call that takes a redirect target', async () => {
    const me = await registerAccount(shop.app);
    const calls: [string, string, Record<string, unknown>][] = [
      ['/api/auth/send-verification-email', 'callbackURL', { email: me.email }],
      ['/api/auth/request-password-reset', 'redirectTo', { email: me.email }],
      ['/api/auth/sign-in/email', 'callbackURL', { email: me.email, password: me.password }],
      ['/api/auth/sign-in/social', 'callbackURL', { provider: 'google' }],
      ['/api/auth/sign-in/social', 'errorCallbackURL', { provider: 'google' }],
      ['/api/auth/sign-in/social', 'newUserCallbackURL', { provider: 'google' }],
    ];
    for (const [url, field, body] of calls) {
      for (const attack of [...ATTACKS, 'https://evil.example/', '//evil.example']) {
        const res = await shop.app.inject({
          method: 'POST',
          url,
          payload: { ...body, [field]: attack },
        });
        expectRefused(res, field, `${url} ${field}=${attack}`);
      }
      // Not a string at all.
      for (const value of [['/'], 42, null, { href: '/' }]) {
        const res = await shop.app.inject({
          method: 'POST',
          url,
          payload: { ...body, [field]: value },
        });
        expectRefused(res, field, `${url} ${field}=${JSON.stringify(value)}`);
      }
    }
    // In the query of a POST too: Better Auth reads callbackURL from either.
    const inQuery = await shop.app.inject({
      method: 'POST',
      url: `/api/auth/sign-in/email?callbackURL=${encodeURIComponent(ATTACKS[1]!)}`,
      payload: { email: me.email, password: me.password },
    });
    expectRefused(inQuery, 'callbackURL', 'query of a POST');
  });

  it('creates no account for a sign-up with such a callbackURL', async () => {
    const email = uniqueEmail('redirect');
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'long-enough-1', name: 'Eve', callbackURL: ATTACKS[0] },
    });
    expectRefused(res, 'callbackURL', 'sign-up');
    const stored = await shop.db.kysely
      .selectFrom('auth_user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('mails no link carrying one: the shop mails only its own targets', async () => {
    const me = await registerAccount(shop.app);
    const mine = () => outbox.filter((mail) => mail.to === me.email);
    await vi.waitFor(() => expect(mine()).toHaveLength(1)); // the sign-up's confirmation
    for (const attack of ATTACKS) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        payload: { email: me.email, callbackURL: attack },
      });
      expect(res.statusCode).toBe(400);
    }
    const ok = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: me.email, callbackURL: '/dashboard' },
    });
    expect(ok.statusCode).toBe(200);
    await vi.waitFor(() => expect(mine()).toHaveLength(2));
    const link = /https?:\/\/\S+/.exec(mine()[1]!.text)?.[0] ?? '';
    // Through the page that says the address is confirmed (issue 22, defect 28), then on.
    expect(new URL(link).searchParams.get('callbackURL')).toBe(
      `${EMAIL_CONFIRMED_PATH}?next=%2Fdashboard`,
    );
    expect(mine().some((mail) => mail.text.includes('evil.example'))).toBe(false);

    // The genuine link still confirms the address and lands on the shop's page.
    const { pathname, search } = new URL(link);
    const confirmed = await shop.app.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers['location']).toBe(`${EMAIL_CONFIRMED_PATH}?next=%2Fdashboard`);
    const identity = await shop.db.kysely
      .selectFrom('auth_user')
      .select('emailVerified')
      .where('email', '=', me.email)
      .executeTakeFirstOrThrow();
    expect(Boolean(identity.emailVerified)).toBe(true);
  });
});
