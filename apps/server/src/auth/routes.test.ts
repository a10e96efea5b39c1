import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema, messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { withShop } from '../test/shop.js';
import { registerAccount, uniqueEmail } from '../test/factories.js';
import { startSilentSmtp } from '../test/silent-smtp.js';
import type { Mail } from './mailer.js';
import { identityCallOf, isCanonicalIdentityPath, nestsDeeperThan } from './routes.js';

/** Other spellings of `/api/auth/<call>` that a URL parser resolves to the same call. */
const spellingsOf = (call: string): string[] =>
  [
    `/api/auth/./${call}`,
    `/api/auth/x/../${call}`,
    `/api/auth/%2e/${call}`,
    `/api/auth/%2E%2E/auth/${call}`,
    `/api/auth/${call.replace('/', '\\')}`,
    `/api/auth/${call.replace('/', '%2f')}`,
    `/api/auth//${call}`,
    `/api/auth/${call}/`,
    `/api/auth/${call.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `/api/auth/${call.replace(/-/, '%2d')}`,
    `/api/auth/.\\${call}`,
  ].filter((spelling) => spelling !== `/api/auth/${call}`);

describe('identity paths', () => {
  it('resolves a path the way Better Auth routes it', () => {
    expect(identityCallOf('/api/auth/./sign-in/email')).toBe('/sign-in/email');
    expect(identityCallOf('/api/auth/x/../sign-in/email?x=1')).toBe('/sign-in/email');
    expect(identityCallOf('/api/auth/%2e/sign-in/email')).toBe('/sign-in/email');
    expect(identityCallOf('/api/auth/sign-in\\email')).toBe('/sign-in/email');
  });

  it('accepts only the canonical spelling', () => {
    expect(isCanonicalIdentityPath('/api/auth/sign-in/email')).toBe(true);
    expect(isCanonicalIdentityPath('/api/auth/verify-email?token=a.b.c')).toBe(true);
    expect(isCanonicalIdentityPath('/api/auth/reset-password/AbC123')).toBe(true);
    for (const path of spellingsOf('sign-in/email')) {
      expect(isCanonicalIdentityPath(path), path).toBe(false);
    }
  });

  it('measures nesting without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 5000; i += 1) deep = { a: deep };
    expect(nestsDeeperThan(deep, 16)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 16)).toBe(false);
  });
});

describe.each(testDatabases)('identity limits by meaning on $name', (kind) => {
  // Over the network from 127.0.0.1 by default, so the limits see one address.
  const shop = withShop(kind, {
    config: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000' },
    deps: { mailer: { send: async (mail) => void outbox.push(mail) } },
  });
  const outbox: Mail[] = [];

  let port: number;

  beforeAll(async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });

  /**
   * A POST over real HTTP with the path sent exactly as written: the test injector and fetch
   * would both normalise `./`, `%2e` and `\\` before the server saw them.
   */
  const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ statusCode: number; json: () => unknown }>((resolve, reject) => {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          headers: {
            'content-type': 'application/json',
            origin: 'http://localhost:3000',
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({ statusCode: res.statusCode ?? 0, json: () => JSON.parse(text) as unknown }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('refuses every other spelling of an identity path with a 400', async () => {
    for (const call of ['sign-in/email', 'sign-up/email', 'request-password-reset']) {
      for (const url of spellingsOf(call)) {
        const res = await post(url, { email: uniqueEmail(), password: 'whatever-1', name: 'X' });
        // Fastify answers some spellings itself (404 for `//`); none reaches Better Auth.
        expect([400, 404], url).toContain(res.statusCode);
        expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
      }
    }
    const res = await post('/api/auth/./sign-in/email', {});
    expect(apiErrorSchema.parse(res.json()).error).toEqual({
      code: 'bad_request',
      message: messages.badAuthPath,
    });
  });

  it('lets no spelling past the sign-in limit: 40 wrong passwords, then the right one is refused', async () => {
    const me = await registerAccount(shop.app);
    for (const url of spellingsOf('sign-in/email')) {
      for (let i = 0; i < 40; i += 1) {
        const res = await post(url, { email: me.email, password: `wrong-password-${i}` });
        expect([400, 404], url).toContain(res.statusCode);
      }
      const right = await post(url, { email: me.email, password: me.password });
      expect([400, 404], url).toContain(right.statusCode);
    }
    // The canonical path: 8 wrong passwords for the account, then even the right one waits.
    for (let i = 0; i < 40; i += 1) {
      const res = await post('/api/auth/sign-in/email', {
        email: me.email,
        password: `wrong-${i}-x`,
      });
      expect(res.statusCode).toBe(i < 8 ? 401 : 429);
    }
    const right = await post('/api/auth/sign-in/email', { email: me.email, password: me.password });
    expect(right.statusCode).toBe(429);
  }, 60_000);

  it('limits password-reset mail per account: 30 requests send 8 mails', async () => {
    const me = await registerAccount(shop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await post('/api/auth/request-password-reset', {
        email: me.email,
        redirectTo: '/reset-password',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.slice(8).every((s) => s === 429)).toBe(true);
    const resetMails = () => outbox.filter((m) => m.to === me.email && /reset/i.test(m.subject));
    await vi.waitFor(() => expect(resetMails()).toHaveLength(8));
  });

  it('limits verification mail like reset', async () => {
    const me = await registerAccount(shop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/auth/send-verification-email', { email: me.email });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('applies the sign-up rules whatever the spelling: a blank or 100,000-character name is a 400', async () => {
    for (const name of [' \t ', 'x'.repeat(100_000)]) {
      for (const url of ['/api/auth/sign-up/email', ...spellingsOf('sign-up/email')]) {
        const email = uniqueEmail('name');
        const res = await post(url, { email, password: 'long-enough-1', name });
        expect([400, 404], url).toContain(res.statusCode);
        const stored = await shop.db.kysely
          .selectFrom('auth_user')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        expect(stored, url).toBeUndefined();
      }
    }
  }, 30_000);

  it('applies the name rules to update-user', async () => {
    const me = await registerAccount(shop.app);
    for (const name of ['   ', 'x'.repeat(101)]) {
      const res = await post('/api/auth/update-user', { name }, { cookie: me.cookie });
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('name');
    }
    const ok = await post('/api/auth/update-user', { name: '  Mei Lin ' }, { cookie: me.cookie });
    expect(ok.statusCode).toBe(200);
    const stored = await shop.db.kysely
      .selectFrom('auth_user')
      .select('name')
      .where('email', '=', me.email)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Mei Lin');
  });

  it('refuses a malformed sign-in before it reaches the identity service', async () => {
    for (const payload of [{}, { email: 'x', password: 'y' }, { email: ['a@b.co'], password: 1 }]) {
      const res = await post('/api/auth/sign-in/email', payload);
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('validation_failed');
    }
  });

  it('answers 400 to a 5,000-level nested body', async () => {
    // Written by hand: JSON.stringify itself overflows the stack at this depth.
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-out', '/api/auth/update-user']) {
      const res = await post(url, `{"email":"a@b.co","password":"long-enough-1","deep":${deep}}`);
      expect(res.statusCode, url).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.message).toBe(messages.bodyTooDeep);
    }
  });
});

describe.each(testDatabases)('identity mail and logs on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
  const lines: { level: number; msg: string }[] = [];
  let connections = 0;

  beforeAll(async () => {
    db = await kind.open();
    silent = await startSilentSmtp(() => (connections += 1));
    // The real mailer, pointed at a mail server that never answers.
    app = await buildApp({
      config: testConfig({
        SMTP_URL: `smtp://127.0.0.1:${silent.port}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
      }),
      db,
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as never) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await silent.close();
    await db.drop();
  });

  it('answers sign-up and reset without waiting for a silent mail server', async () => {
    const email = uniqueEmail('mail');
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'long-enough-1', name: 'Mail Person' },
    });
    expect(signUp.statusCode).toBe(200);
    const ask = (who: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: who, redirectTo: '/reset-password' },
      });
    const known = await ask(email);
    const unknown = await ask(uniqueEmail('nobody'));
    // The same answer whether or not an account exists.
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // The mail was attempted after the answers: the server that never greets got connections,
    // and every answer above came back without its greeting.
    await vi.waitFor(() => expect(connections).toBeGreaterThanOrEqual(2));
  });

  it('writes no error-level log line for anything an anonymous client sends', async () => {
    const account = await registerAccount(app);
    const calls: [string, string, object?][] = [
      ['POST', '/api/auth/sign-in/email', { email: account.email, password: 'wrong-password' }],
      [
        'POST',
        '/api/auth/sign-up/email',
        { email: account.email, password: 'long-enough-1', name: 'A' },
      ],
      ['POST', '/api/auth/reset-password', { token: 'nope', newPassword: 'long-enough-1' }],
      ['GET', '/api/auth/verify-email?token=not-a-token'],
      ['GET', '/api/auth/reset-password/not-a-token?callbackURL=/reset-password'],
      ['GET', '/api/auth/callback/google?state=forged&code=x'],
      ['GET', '/api/auth/oauth2/callback/google?state=forged&code=x'],
      [
        'POST',
        '/api/auth/sign-in/social',
        { provider: 'google', callbackURL: 'https://evil.example' },
      ],
      ['POST', '/api/auth/send-verification-email', { email: uniqueEmail('nobody') }],
      ['POST', '/api/auth/update-user', { name: 'Nobody' }],
      ['POST', '/api/auth/./sign-in/email', {}],
      ['GET', '/api/auth/error?error=anything'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
