import {
  apiErrorSchema,
  DEFAULT_PAGE_SIZE,
  listQueryMessages,
  SEARCH_MAX_LENGTH,
  TOTAL_COUNT_HEADER,
  userListSchema,
  type User,
} from '@shop/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
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

/**
 * Manage Users' list (issue 14, DESIGN.md section 10): `GET /api/users` searches name, email and
 * uid (`q`) and pages, in SQL, with the number of matches in `X-Total-Count`.
 */

interface Person {
  id: string;
  email: string;
  name: string;
  uid: string | null;
}

describe.each(testDatabases)('GET /api/users for Manage Users on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;
  let anotherCustomer: TestAccount;
  /** Every user in the database, oldest first (the whole list's order). */
  let all: Person[];

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  /** The admin's GET /api/users with this query string; checks the answer's shape. */
  async function list(query = ''): Promise<{ users: User[]; total: number; ids: string[] }> {
    const res = await call({ method: 'GET', url: `/api/users${query}` }, admin.token);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const users = userListSchema.parse(res.json());
    const header = res.headers[TOTAL_COUNT_HEADER];
    expect(header, `${query}: ${TOTAL_COUNT_HEADER}`).toMatch(/^\d+$/);
    return { users, total: Number(header), ids: users.map((user) => user._id) };
  }

  const search = (params: Record<string, string | number>) =>
    list(
      `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );

  /** The ids, oldest first, of the users `match` accepts: the test's own model of the rule. */
  const idsWhere = (match: (user: Person) => boolean) => all.filter(match).map((user) => user.id);

  const holds = (user: Person, text: string) =>
    [user.name, user.email, user.uid].some((value) =>
      value?.toLowerCase().includes(text.toLowerCase()),
    );

  beforeAll(async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
    const special: Omit<Person, 'id'>[] = [
      { name: 'Priya Raman', email: 'priya.raman@example.com', uid: 'firebase-PRIYA-001' },
      { name: 'Tomás Ortega', email: 'tomas@ortega-cases.example', uid: 'google-oauth2|1089' },
      { name: 'Ann 100% Sure', email: 'ann@example.org', uid: null },
      { name: 'Under_Score', email: 'u.s@example.org', uid: 'uid_with_underscore' },
      { name: `O'Neil "Q"`, email: 'oneil@example.org', uid: 'back\\slash' },
    ];
    const plain = Array.from({ length: 30 }, (_, i) => ({
      name: `Buyer ${i + 1}`,
      email: `buyer-${i + 1}@wholesale.example`,
      uid: `uid-buyer-${i + 1}`,
    }));
    const fixtures: Person[] = [...special, ...plain].map((person) => ({ ...person, id: newId() }));
    for (const [i, person] of fixtures.entries()) {
      await shop.db.kysely
        .insertInto('users')
        .values({
          id: person.id,
          email: person.email,
          uid: person.uid,
          display_name: person.name,
          provider_id: 'Email & Password',
          role: 'user',
          created_at: at(i),
          updated_at: at(i),
        })
        .execute();
    }

    // Registered the real way, after the fixtures: the newest users.
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Carla Customer' });
    anotherCustomer = await registerAccount(shop.app, { name: 'Otto Other' });
    const registered: Person[] = [];
    for (const account of [admin, customer, anotherCustomer]) {
      const row = await shop.db.kysely
        .selectFrom('users')
        .select(['id', 'uid'])
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      registered.push({ id: row.id, email: account.email, name: account.name, uid: row.uid });
    }
    all = [...fixtures, ...registered];
  });

  describe('without a query', () => {
    it('answers every user, oldest first, with their number in X-Total-Count', async () => {
      const { ids, total } = await list();
      expect(ids).toEqual(all.map((user) => user.id));
      expect(total).toBe(all.length);
    });

    it('shows each user exactly as GET /api/user/{email} does', async () => {
      const { users } = await list();
      for (const user of users.slice(-4)) {
        const one = await call(
          { method: 'GET', url: `/api/user/${encodeURIComponent(user.email)}` },
          admin.token,
        );
        expect(one.json()).toEqual(user);
      }
    });

    it('treats empty parameters as absent', async () => {
      const { ids } = await list('?q=&page=&limit=');
      expect(ids).toEqual(all.map((user) => user.id));
    });
  });

  describe('q', () => {
    const cases: [string, string, (user: Person) => boolean][] = [
      ['a name, in any case', 'priya RAMAN', (u) => u.name === 'Priya Raman'],
      ['part of a name', 'buyer 1', (u) => u.name.startsWith('Buyer 1')],
      ['part of an email', 'ORTEGA-CASES', (u) => u.name === 'Tomás Ortega'],
      ['a whole email', 'oneil@example.org', (u) => u.email === 'oneil@example.org'],
      ['a uid', 'firebase-priya', (u) => u.uid === 'firebase-PRIYA-001'],
      ['a uid with a pipe', 'oauth2|1089', (u) => u.uid === 'google-oauth2|1089'],
      ['letters beyond ASCII, as written', 'Tomás', (u) => u.name === 'Tomás Ortega'],
      [
        'the text without its surrounding spaces',
        '  Under_Score ',
        (u) => u.name === 'Under_Score',
      ],
      ['%', '%', (u) => u.name === 'Ann 100% Sure'],
      ['_', '_', (u) => holds(u, '_')],
      ['a backslash', '\\', (u) => u.uid === 'back\\slash'],
      ['a single quote', "O'Neil", (u) => u.email === 'oneil@example.org'],
      ['double quotes', '"Q"', (u) => u.email === 'oneil@example.org'],
    ];
    it.each(cases)('finds %s', async (_name, q, match) => {
      const want = idsWhere(match);
      expect(want.length).toBeGreaterThan(0);
      const { ids, total } = await search({ q });
      expect(ids).toEqual(want);
      expect(total).toBe(want.length);
    });

    it.each([
      ['a wildcard pattern', 'b%r'],
      ['one any-character', 'Ann_100'],
      ['an escaped wildcard', '\\%'],
      ['SQL', "' OR '1'='1"],
      ['SQL with a semicolon', "'; DELETE FROM users; --"],
      ['text nobody has', 'no-such-person'],
    ])('finds nobody for %s', async (_name, q) => {
      const { ids, total } = await search({ q });
      expect(ids).toEqual([]);
      expect(total).toBe(0);
      expect((await list()).total).toBe(all.length);
    });

    it('agrees with a plain substring search over name, email and uid for many texts', async () => {
      for (const q of ['example', 'buyer-2', 'uid', 'o', 'wholesale.example', 'carla']) {
        const want = idsWhere((user) => holds(user, q));
        const { ids, total } = await search({ q });
        expect(ids, q).toEqual(want);
        expect(total, q).toBe(want.length);
      }
    });

    it(`takes ${SEARCH_MAX_LENGTH} characters and refuses one more`, async () => {
      expect((await search({ q: 'y'.repeat(SEARCH_MAX_LENGTH) })).ids).toEqual([]);
      const res = await call(
        { method: 'GET', url: `/api/users?q=${'y'.repeat(SEARCH_MAX_LENGTH + 1)}` },
        admin.token,
      );
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({ q: listQueryMessages.q });
    });

    it.each([
      ['a NUL', '%00'],
      ['a bell', 'a%07'],
      ['a tab inside', 'a%09b'],
      ['a DEL', '%7F'],
      ['a C1 control', '%C2%9B'],
    ])('refuses %s with 400 naming q', async (_name, encoded) => {
      const res = await call({ method: 'GET', url: `/api/users?q=${encoded}` }, admin.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toEqual(['q']);
    });
  });

  describe('page and limit', () => {
    it('pages every user: disjoint pages, in order, together the whole list', async () => {
      const pages: string[][] = [];
      for (let page = 1; page <= Math.ceil(all.length / 6); page += 1) {
        const { ids, total } = await search({ page, limit: 6 });
        expect(total).toBe(all.length);
        pages.push(ids);
      }
      expect(pages.flat()).toEqual(all.map((user) => user.id));
      expect(new Set(pages.flat()).size).toBe(all.length);
    });

    it('pages the matches of a search', async () => {
      const want = idsWhere((user) => holds(user, 'buyer'));
      const pages: string[][] = [];
      for (let page = 1; page <= Math.ceil(want.length / 4); page += 1) {
        const { ids, total } = await search({ q: 'buyer', page, limit: 4 });
        expect(total).toBe(want.length);
        pages.push(ids);
      }
      expect(pages.flat()).toEqual(want);
    });

    it(`pages by ${DEFAULT_PAGE_SIZE} when page comes without limit`, async () => {
      expect(all.length).toBeGreaterThan(DEFAULT_PAGE_SIZE);
      const second = await search({ page: 2 });
      expect(second.ids).toEqual(all.slice(DEFAULT_PAGE_SIZE).map((user) => user.id));
      expect(second.total).toBe(all.length);
    });

    it('answers the first N for a lone limit, and an empty page past the end', async () => {
      const first = await search({ limit: 3 });
      expect(first.ids).toEqual(all.slice(0, 3).map((user) => user.id));
      expect(first.total).toBe(all.length);
      const past = await search({ q: 'buyer', page: 40, limit: 100 });
      expect(past.ids).toEqual([]);
      expect(past.total).toBe(idsWhere((user) => holds(user, 'buyer')).length);
    });
  });

  describe('bad values', () => {
    it.each([
      ['page=0', 'page', listQueryMessages.page],
      ['page=-3', 'page', listQueryMessages.page],
      ['page=2.5', 'page', listQueryMessages.page],
      ['page=last', 'page', listQueryMessages.page],
      ['limit=0', 'limit', listQueryMessages.limit],
      ['limit=101', 'limit', listQueryMessages.limit],
      ['limit=%20-1', 'limit', listQueryMessages.limit],
    ])('refuses %s with 400 naming %s', async (query, field, message) => {
      const res = await call({ method: 'GET', url: `/api/users?${query}` }, admin.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({ [field]: message });
    });

    it.each(['q=a&q=b', 'limit=5&limit=6'])('refuses %s with 400 naming it', async (query) => {
      const res = await call({ method: 'GET', url: `/api/users?${query}` }, admin.token);
      expect(res.statusCode, res.body).toBe(400);
      const field = query.split('=')[0] ?? '';
      expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toEqual([field]);
    });

    it('ignores a status, which only orders have, and other unknown parameters', async () => {
      const { ids } = await list('?status=pending&sort=name');
      expect(ids).toEqual(all.map((user) => user.id));
    });
  });

  describe('access', () => {
    const expected = {
      anonymous: 401,
      'expired token': 401,
      'forged token': 401,
      customer: 403,
      'another customer': 403,
      admin: 200,
    };
    const statuses = async (url: string, headers: Record<string, string> = {}) => ({
      anonymous: (await call({ method: 'GET', url, headers })).statusCode,
      'expired token': (
        await call(
          { method: 'GET', url, headers },
          await expiredToken(shop.db, customer, TEST_AUTH_SECRET),
        )
      ).statusCode,
      'forged token': (await call({ method: 'GET', url, headers }, await forgedToken(admin)))
        .statusCode,
      customer: (await call({ method: 'GET', url, headers }, customer.token)).statusCode,
      'another customer': (await call({ method: 'GET', url, headers }, anotherCustomer.token))
        .statusCode,
      admin: (await call({ method: 'GET', url, headers }, admin.token)).statusCode,
    });

    it.each(['/api/users', '/api/users?q=priya', '/api/users?page=2&limit=5'])(
      '%s is for admins only',
      async (url) => {
        expect(await statuses(url)).toEqual(expected);
      },
    );

    it('checks access before the query: a bad query from a customer is a 403', async () => {
      expect(
        (await call({ method: 'GET', url: '/api/users?limit=0&q=%01' }, customer.token)).statusCode,
      ).toBe(403);
      expect((await call({ method: 'GET', url: '/api/users?page=x' })).statusCode).toBe(401);
    });

    it('is not fooled by headers claiming another user or role', async () => {
      const forged = {
        'x-user-role': 'admin',
        'x-role': 'admin',
        'x-user-email': admin.email,
        'x-forwarded-user': admin.email,
        'x-original-url': '/api/products',
        'x-rewrite-url': '/api/products',
        'x-forwarded-for': '127.0.0.1',
        cookie: customer.cookie,
      };
      expect(await statuses('/api/users?q=priya', forged)).toEqual(expected);
    });

    /** A customer's answer to an address that may reach the list: never a list of users. */
    function expectNoUsers(res: LightMyRequestResponse, url: string) {
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('priya.raman@example.com');
    }

    it.each([
      '/api//users',
      '//api/users',
      '/API/users',
      '/api/USERS',
      '/api/users/',
      '/api/./users',
      '/api/x/../users',
      '/api/%75sers',
      '/api/users%2F',
      '/api/users;x=1',
      '/api/users?q=priya#admin',
    ])('%s gives a customer or an anonymous caller no users', async (url) => {
      expectNoUsers(await call({ method: 'GET', url }, customer.token), url);
      expectNoUsers(await call({ method: 'GET', url }), url);
      expect((await call({ method: 'GET', url }, admin.token)).statusCode, url).toBeLessThan(500);
    });
  });

  it('documents the parameters and the X-Total-Count header', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = res.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const operation = document.paths['/api/users']?.get;
    expect(operation?.parameters?.map((p) => p.name).sort()).toEqual(['limit', 'page', 'q']);
    expect(operation?.responses['200']?.headers).toHaveProperty(TOTAL_COUNT_HEADER);
  });
});
