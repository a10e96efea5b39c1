import { apiErrorSchema, messages, userListSchema, userSchema } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../test/build-app.js';
import { testDatabases } from '../../test/databases.js';
import { withShop } from '../../test/shop.js';
import {
  bearer,
  expiredToken,
  forgedToken,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';

type Caller =
  'anonymous' | 'expired token' | 'forged token' | 'owner' | 'another customer' | 'admin';

interface MatrixCase {
  call: string;
  /** The request, about the target account. */
  request: (target: TestAccount) => InjectOptions;
  /** Whether the target is made an admin first (for demotion). */
  targetIsAdmin?: boolean;
  expected: Record<Caller, number>;
}

const denied = { anonymous: 401, 'expired token': 401, 'forged token': 401 } as const;

const matrix: MatrixCase[] = [
  {
    call: 'GET /api/user/{email}',
    request: (t) => ({ method: 'GET', url: `/api/user/${t.email}` }),
    expected: { ...denied, owner: 200, 'another customer': 403, admin: 200 },
  },
  {
    call: 'PUT /api/profile/{email}',
    request: (t) => ({
      method: 'PUT',
      url: `/api/profile/${t.email}`,
      payload: { location: 'Dhaka' },
    }),
    expected: { ...denied, owner: 200, 'another customer': 403, admin: 403 },
  },
  {
    call: 'GET /api/users',
    request: () => ({ method: 'GET', url: '/api/users' }),
    expected: { ...denied, owner: 403, 'another customer': 403, admin: 200 },
  },
  {
    call: 'PUT /api/user/admin/{email}',
    request: (t) => ({ method: 'PUT', url: `/api/user/admin/${t.email}` }),
    expected: { ...denied, owner: 403, 'another customer': 403, admin: 200 },
  },
  {
    call: 'PUT /api/user/user/{email}',
    request: (t) => ({ method: 'PUT', url: `/api/user/user/${t.email}` }),
    targetIsAdmin: true,
    // The owner is an admin here, and may not demote themself.
    expected: { ...denied, owner: 409, 'another customer': 403, admin: 200 },
  },
];

describe.each(testDatabases)('users API on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
  });

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  describe.each(matrix)('access to $call', ({ request, expected, targetIsAdmin }) => {
    it.each(Object.entries(expected) as [Caller, number][])(
      '%s gets %i',
      async (caller, status) => {
        const target = targetIsAdmin
          ? await registerAdmin(shop.app, shop.db)
          : await registerAccount(shop.app);
        const other = await registerAccount(shop.app);
        const token: Record<Caller, string | undefined> = {
          anonymous: undefined,
          'expired token': await expiredToken(shop.db, target, TEST_AUTH_SECRET),
          'forged token': await forgedToken(target),
          owner: target.token,
          'another customer': other.token,
          admin: admin.token,
        };
        const res = await call(request(target), token[caller]);
        expect(res.statusCode, res.body).toBe(status);
        if (status >= 400) apiErrorSchema.parse(res.json());
      },
    );
  });

  describe('GET /api/user/{email}', () => {
    it('returns the role and the profile fields', async () => {
      const me = await registerAccount(shop.app, { name: 'Priya Raman' });
      const res = await call(
        { method: 'GET', url: `/api/user/${me.email.toUpperCase()}` },
        me.token,
      );
      expect(userSchema.parse(res.json())).toMatchObject({
        email: me.email,
        displayName: 'Priya Raman',
        role: 'user',
        location: null,
        education: null,
        phone: null,
        linkedin: null,
      });
    });

    it('answers 404 to an admin asking for an unknown user', async () => {
      const res = await call({ method: 'GET', url: '/api/user/nobody@example.com' }, admin.token);
      expect(res.statusCode).toBe(404);
    });
  });

  describe('PUT /api/profile/{email}', () => {
    it('updates only the filled fields and answers with insertedId', async () => {
      const me = await registerAccount(shop.app, { name: 'Tom Walsh' });
      const first = await call(
        {
          method: 'PUT',
          url: `/api/profile/${me.email}`,
          payload: { location: 'Leeds', phone: '+44 113 496 0000' },
        },
        me.token,
      );
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ insertedId: expect.any(String), modifiedCount: 1 });

      await call(
        {
          method: 'PUT',
          url: `/api/profile/${me.email}`,
          payload: {
            displayName: 'Thomas Walsh',
            education: 'BSc Mechanical Engineering',
            linkedin: 'https://www.linkedin.com/in/tom-walsh',
          },
        },
        me.token,
      );
      const profile = (
        await call({ method: 'GET', url: `/api/user/${me.email}` }, me.token)
      ).json();
      expect(profile).toMatchObject({
        displayName: 'Thomas Walsh',
        location: 'Leeds',
        education: 'BSc Mechanical Engineering',
        phone: '+44 113 496 0000',
        linkedin: 'https://www.linkedin.com/in/tom-walsh',
      });
    });

    it.each([
      ['nothing filled', {}, 'profile'],
      ['an empty name', { displayName: '   ' }, 'displayName'],
      ['a phone with letters', { phone: 'call me' }, 'phone'],
      ['a link that is not LinkedIn', { linkedin: 'https://evil.example.com' }, 'linkedin'],
      ['a role', { role: 'admin' }, ''],
      ['an email', { email: 'other@example.com' }, ''],
      ['a huge location', { location: 'x'.repeat(5000) }, 'location'],
    ])('refuses %s and changes nothing', async (_label, payload, field) => {
      const me = await registerAccount(shop.app);
      const before = (await call({ method: 'GET', url: `/api/user/${me.email}` }, me.token)).json();
      const res = await call({ method: 'PUT', url: `/api/profile/${me.email}`, payload }, me.token);
      expect(res.statusCode).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.code).toBe('validation_failed');
      if (field && field !== 'profile') expect(error.fields?.[field]).toBeDefined();
      const after = (await call({ method: 'GET', url: `/api/user/${me.email}` }, me.token)).json();
      expect(after).toEqual(before);
    });
  });

  describe('GET /api/users', () => {
    it('lists every user with the spec fields and nothing secret', async () => {
      const me = await registerAccount(shop.app);
      const res = await call({ method: 'GET', url: '/api/users' }, admin.token);
      const users = userListSchema.parse(res.json());
      expect(users.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, me.email]));
      const keys = Object.keys(userSchema.shape).sort();
      for (const user of res.json() as Record<string, unknown>[]) {
        expect(Object.keys(user).sort()).toEqual(keys);
      }
    });
  });

  describe('roles', () => {
    it('promotes and demotes, and the change applies to existing tokens at once', async () => {
      const me = await registerAccount(shop.app);
      const listAsMe = () => call({ method: 'GET', url: '/api/users' }, me.token);
      expect((await listAsMe()).statusCode).toBe(403);
      expect((await listAsMe()).json()).toMatchObject({
        error: { message: messages.noPermission },
      });

      const promote = await call(
        { method: 'PUT', url: `/api/user/admin/${me.email}` },
        admin.token,
      );
      expect(promote.json()).toEqual({ modifiedCount: 1 });
      expect((await listAsMe()).statusCode).toBe(200);
      const again = await call({ method: 'PUT', url: `/api/user/admin/${me.email}` }, admin.token);
      expect(again.json()).toEqual({ modifiedCount: 0 });

      const demote = await call({ method: 'PUT', url: `/api/user/user/${me.email}` }, admin.token);
      expect(demote.json()).toEqual({ modifiedCount: 1 });
      expect((await listAsMe()).statusCode).toBe(403);
    });

    it('answers 404 for an unknown user', async () => {
      for (const url of ['/api/user/admin/ghost@example.com', '/api/user/user/ghost@example.com']) {
        expect((await call({ method: 'PUT', url }, admin.token)).statusCode).toBe(404);
      }
    });

    it('does not let an admin demote themself', async () => {
      const res = await call({ method: 'PUT', url: `/api/user/user/${admin.email}` }, admin.token);
      expect(res.statusCode).toBe(409);
      expect(apiErrorSchema.parse(res.json()).error.message).toBe(messages.cannotDemoteSelf);
    });

    it('keeps at least one admin when the last two demote each other at once', async () => {
      // Leave exactly two admins in the shop.
      await shop.db.kysely.updateTable('users').set({ role: 'user' }).execute();
      const a = await registerAdmin(shop.app, shop.db);
      const b = await registerAdmin(shop.app, shop.db);
      const [ab, ba] = await Promise.all([
        call({ method: 'PUT', url: `/api/user/user/${b.email}` }, a.token),
        call({ method: 'PUT', url: `/api/user/user/${a.email}` }, b.token),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // One demotion wins; the other is refused, because either the last admin would go or the
      // caller is no longer an admin.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await shop.db.kysely
        .selectFrom('users')
        .select('email')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
      // Put the shared admin back for the other tests.
      await shop.db.kysely
        .updateTable('users')
        .set({ role: 'admin' })
        .where('email', '=', admin.email)
        .execute();
    });
  });
});
