import {
  apiErrorSchema,
  b2bMessages,
  MAX_ORDER_LIST_LINES,
  MAX_ORDER_LISTS,
  orderListCreatedSchema,
  orderListMessages,
  orderListUpdatedSchema,
  savedOrderListsSchema,
} from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../test/build-app.js';
import { testDatabases } from '../../test/databases.js';
import { withShop } from '../../test/shop.js';
import {
  bearer,
  expiredToken,
  forgedToken,
  insertProduct,
  registerAccount,
  registerAdmin,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';

type Caller =
  'anonymous' | 'expired token' | 'forged token' | 'owner' | 'another customer' | 'admin';

describe.each(testDatabases)('saved order lists on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let product: string;
  let other: string;

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    product = await insertProduct(shop.db, { stock: 100, minimum: 2 });
    other = await insertProduct(shop.db, { stock: 50, minimum: 1 });
  });

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  const create = (token: string, payload: object) =>
    call({ method: 'POST', url: '/api/order-lists', payload }, token);

  const listCount = async (account: TestAccount) =>
    Number(
      (
        await shop.db.kysely
          .selectFrom('order_lists')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', await userIdOf(shop.db, account))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('saves, lists, renames, replaces and deletes a named list', async () => {
    const me = await registerAccount(shop.app);
    const created = await create(me.token, {
      name: '  Project Atlas  ',
      lines: [
        { productId: product, quantity: 4 },
        { productId: other, quantity: '3' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { insertedId, list } = orderListCreatedSchema.parse(created.json());
    expect(list).toMatchObject({ _id: insertedId, name: 'Project Atlas', isDefault: false });
    expect(list.lines).toEqual([
      { productId: product, quantity: 4, name: expect.stringMatching(/^Test Case /) },
      { productId: other, quantity: 3, name: expect.stringMatching(/^Test Case /) },
    ]);

    const renamed = await call(
      { method: 'PUT', url: `/api/order-lists/${insertedId}`, payload: { name: 'Atlas' } },
      me.token,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(orderListUpdatedSchema.parse(renamed.json()).list).toMatchObject({
      name: 'Atlas',
      lines: list.lines,
    });

    const replaced = await call(
      {
        method: 'PUT',
        url: `/api/order-lists/${insertedId}`,
        payload: { lines: [{ productId: other, quantity: 10 }] },
      },
      me.token,
    );
    expect(orderListUpdatedSchema.parse(replaced.json()).list).toMatchObject({
      name: 'Atlas',
      lines: [{ productId: other, quantity: 10 }],
    });

    const all = await call({ method: 'GET', url: '/api/order-lists' }, me.token);
    expect(all.statusCode).toBe(200);
    expect(savedOrderListsSchema.parse(all.json()).map((one) => one.name)).toEqual(['Atlas']);

    const deleted = await call(
      { method: 'DELETE', url: `/api/order-lists/${insertedId}` },
      me.token,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(await listCount(me)).toBe(0);
  });

  it('keeps one default list, first in the answer, that can be emptied but not deleted', async () => {
    const me = await registerAccount(shop.app);
    await create(me.token, { name: 'Later', lines: [] });
    const made = await create(me.token, {
      name: 'Order list',
      lines: [{ productId: product, quantity: 2 }],
      isDefault: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = orderListCreatedSchema.parse(made.json()).insertedId;
    const again = await create(me.token, { name: 'Order list', lines: [], isDefault: true });
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).error).toMatchObject({
      code: 'conflict',
      message: orderListMessages.defaultExists,
    });
    const all = savedOrderListsSchema.parse(
      (await call({ method: 'GET', url: '/api/order-lists' }, me.token)).json(),
    );
    expect(all.map((one) => [one.name, one.isDefault])).toEqual([
      ['Order list', true],
      ['Later', false],
    ]);
    const del = await call({ method: 'DELETE', url: `/api/order-lists/${id}` }, me.token);
    expect(del.statusCode).toBe(409);
    expect(apiErrorSchema.parse(del.json()).error.message).toBe(
      orderListMessages.defaultNotDeleted,
    );
    const emptied = await call(
      { method: 'PUT', url: `/api/order-lists/${id}`, payload: { lines: [] } },
      me.token,
    );
    expect(orderListUpdatedSchema.parse(emptied.json()).list.lines).toEqual([]);
    expect(await listCount(me)).toBe(2);
  });

  it(`refuses list number ${MAX_ORDER_LISTS + 1} with 409 too_many_lists`, async () => {
    const me = await registerAccount(shop.app);
    await create(me.token, { name: 'Order list', lines: [], isDefault: true });
    for (let i = 1; i < MAX_ORDER_LISTS; i += 1) {
      const res = await create(me.token, { name: `List ${i}`, lines: [] });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await create(me.token, { name: 'One more', lines: [] });
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).error).toEqual({
      code: 'too_many_lists',
      message: orderListMessages.tooManyLists,
    });
    expect(await listCount(me)).toBe(MAX_ORDER_LISTS);
    // A deleted list frees its place.
    const lists = savedOrderListsSchema.parse(
      (await call({ method: 'GET', url: '/api/order-lists' }, me.token)).json(),
    );
    await call({ method: 'DELETE', url: `/api/order-lists/${lists[3]!._id}` }, me.token);
    expect((await create(me.token, { name: 'Freed', lines: [] })).statusCode).toBe(201);
  });

  it('holds the limit under concurrent creates: exactly the free places are taken', async () => {
    const me = await registerAccount(shop.app);
    await create(me.token, { name: 'Order list', lines: [], isDefault: true });
    // The default list and 16 named ones: 3 places left.
    for (let i = 1; i <= MAX_ORDER_LISTS - 4; i += 1) {
      await create(me.token, { name: `List ${i}`, lines: [] });
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(me.token, { name: `Race ${i}`, lines: [] })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const res of answers.filter((one) => one.statusCode === 409)) {
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('too_many_lists');
    }
    expect(await listCount(me)).toBe(MAX_ORDER_LISTS);
  });

  it('holds one default list under concurrent creates', async () => {
    const me = await registerAccount(shop.app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        create(me.token, { name: 'Order list', lines: [], isDefault: true }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await listCount(me)).toBe(1);
  });

  describe('ux 2026-11-28 #26: unique names per customer, in any case', () => {
    const namesOf = async (token: string) =>
      savedOrderListsSchema
        .parse((await call({ method: 'GET', url: '/api/order-lists' }, token)).json())
        .filter((one) => !one.isDefault)
        .map((one) => one.name);

    it('ux 2026-11-28 #26: refuses a second list of the same name (409 list_name_taken), on create and rename, changing nothing', async () => {
      const me = await registerAccount(shop.app);
      expect((await create(me.token, { name: 'Rack A', lines: [] })).statusCode).toBe(201);
      const second = await create(me.token, { name: 'Rack B', lines: [] });
      const secondId = orderListCreatedSchema.parse(second.json()).insertedId;

      for (const name of ['Rack A', '  rack a ', 'RACK A']) {
        const res = await create(me.token, {
          name,
          lines: [{ productId: product, quantity: 2 }],
        });
        expect(res.statusCode, res.body).toBe(409);
        expect(apiErrorSchema.parse(res.json()).error).toEqual({
          code: 'list_name_taken',
          message: orderListMessages.nameTaken(name.trim()),
          fields: { name: orderListMessages.nameTaken(name.trim()) },
        });
      }
      const renamed = await call(
        { method: 'PUT', url: `/api/order-lists/${secondId}`, payload: { name: 'rack A' } },
        me.token,
      );
      expect(renamed.statusCode, renamed.body).toBe(409);
      expect(apiErrorSchema.parse(renamed.json()).error.code).toBe('list_name_taken');
      expect(await namesOf(me.token)).toEqual(['Rack A', 'Rack B']);

      // Its own name in another case is a rename, and the freed name may be used again.
      const recased = await call(
        { method: 'PUT', url: `/api/order-lists/${secondId}`, payload: { name: 'RACK B' } },
        me.token,
      );
      expect(recased.statusCode, recased.body).toBe(200);
      expect(await namesOf(me.token)).toEqual(['Rack A', 'RACK B']);
    });

    it("ux 2026-11-28 #26: lets another customer use the name, and a named list take the order list's", async () => {
      const me = await registerAccount(shop.app);
      const you = await registerAccount(shop.app);
      await create(me.token, { name: 'Order list', lines: [], isDefault: true });
      expect((await create(me.token, { name: 'Order list', lines: [] })).statusCode).toBe(201);
      expect((await create(me.token, { name: 'Shared name', lines: [] })).statusCode).toBe(201);
      expect((await create(you.token, { name: 'Shared name', lines: [] })).statusCode).toBe(201);
    });

    it('ux 2026-11-28 #26: of 6 saves of one name at once, one is kept', async () => {
      const me = await registerAccount(shop.app);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          create(me.token, { name: i % 2 === 0 ? 'Same' : 'SAME', lines: [] }),
        ),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const res of answers.filter((one) => one.statusCode === 409)) {
        expect(apiErrorSchema.parse(res.json()).error.code).toBe('list_name_taken');
      }
      expect(await listCount(me)).toBe(1);
    });
  });

  describe('validation: 400 naming the field, nothing saved', () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        productId: `${'0'.repeat(16)}${String(i).padStart(8, '0')}`,
        quantity: 1,
      }));
    it.each([
      ['no name', { lines: [] }, 'name', orderListMessages.nameRequired],
      ['a blank name', { name: '   ', lines: [] }, 'name', orderListMessages.nameRequired],
      ['a long name', { name: 'x'.repeat(61), lines: [] }, 'name', orderListMessages.nameTooLong],
      ['a name of two lines', { name: 'a\nb', lines: [] }, 'name', orderListMessages.nameOneLine],
      [
        '201 lines',
        { name: 'Big', lines: lines(MAX_ORDER_LIST_LINES + 1) },
        'lines',
        orderListMessages.tooManyLines,
      ],
      [
        'a quantity of 0',
        { name: 'A', lines: [{ productId: 'x', quantity: 0 }] },
        'lines.0.quantity',
        'Quantity must be at least 1',
      ],
      [
        'a product twice',
        {
          name: 'A',
          lines: [
            { productId: 'x', quantity: 1 },
            { productId: 'x', quantity: 2 },
          ],
        },
        'lines.1.productId',
        b2bMessages.duplicateLine,
      ],
      [
        'an unknown product',
        { name: 'A', lines: [{ productId: 'ffffffffffffffffffffffff', quantity: 1 }] },
        'lines.0.productId',
        orderListMessages.unknownProduct,
      ],
      [
        'a malformed product id',
        { name: 'A', lines: [{ productId: 'nope', quantity: 1 }] },
        'lines.0.productId',
        orderListMessages.unknownProduct,
      ],
    ])('POST refuses %s', async (_name, payload, field, message) => {
      const me = await registerAccount(shop.app);
      const res = await create(me.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields?.[field]).toBe(message);
      expect(await listCount(me)).toBe(0);
    });

    it('PUT refuses an empty change, 201 lines and an unknown product, and keeps the list', async () => {
      const me = await registerAccount(shop.app);
      const { insertedId } = orderListCreatedSchema.parse(
        (
          await create(me.token, { name: 'Keep', lines: [{ productId: product, quantity: 2 }] })
        ).json(),
      );
      for (const payload of [
        {},
        { lines: lines(MAX_ORDER_LIST_LINES + 1) },
        { lines: [{ productId: 'ffffffffffffffffffffffff', quantity: 1 }] },
        { name: '' },
      ]) {
        const res = await call(
          { method: 'PUT', url: `/api/order-lists/${insertedId}`, payload },
          me.token,
        );
        expect(res.statusCode, res.body).toBe(400);
        apiErrorSchema.parse(res.json());
      }
      const [kept] = savedOrderListsSchema.parse(
        (await call({ method: 'GET', url: '/api/order-lists' }, me.token)).json(),
      );
      expect(kept).toMatchObject({ name: 'Keep', lines: [{ productId: product, quantity: 2 }] });
    });

    it('security 2026-11-28 #16: PUT refuses unknown keys (userId, isDefault) and changes nothing', async () => {
      const me = await registerAccount(shop.app);
      const someone = await registerAccount(shop.app);
      const { insertedId } = orderListCreatedSchema.parse(
        (
          await create(me.token, { name: 'Mine', lines: [{ productId: product, quantity: 2 }] })
        ).json(),
      );
      for (const payload of [
        { userId: await userIdOf(shop.db, someone), name: 'ok' },
        { isDefault: true, name: 'ok' },
        { name: 'ok', extra: 1 },
      ]) {
        const res = await call(
          { method: 'PUT', url: `/api/order-lists/${insertedId}`, payload },
          me.token,
        );
        expect(res.statusCode, res.body).toBe(400);
        expect(apiErrorSchema.parse(res.json()).error.code).toBe('validation_failed');
      }
      // POST too: a list is made for the caller only.
      const posted = await create(me.token, {
        name: 'Theirs',
        lines: [],
        userId: await userIdOf(shop.db, someone),
      });
      expect(posted.statusCode, posted.body).toBe(400);
      const lists = savedOrderListsSchema.parse(
        (await call({ method: 'GET', url: '/api/order-lists' }, me.token)).json(),
      );
      expect(lists).toEqual([
        expect.objectContaining({ name: 'Mine', isDefault: false, lines: [expect.anything()] }),
      ]);
      expect(await listCount(someone)).toBe(0);
      // The same body without the unknown key is taken.
      const ok = await call(
        { method: 'PUT', url: `/api/order-lists/${insertedId}`, payload: { name: 'ok' } },
        me.token,
      );
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('takes 200 lines', async () => {
      const me = await registerAccount(shop.app);
      const ids = await Promise.all(
        Array.from({ length: MAX_ORDER_LIST_LINES }, () => insertProduct(shop.db)),
      );
      const res = await create(me.token, {
        name: 'Full',
        lines: ids.map((productId) => ({ productId, quantity: 2 })),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(orderListCreatedSchema.parse(res.json()).list.lines).toHaveLength(
        MAX_ORDER_LIST_LINES,
      );
    });
  });

  it('keeps a line of a product archived or deleted since, with its name', async () => {
    const me = await registerAccount(shop.app);
    const doomed = await insertProduct(shop.db);
    const { insertedId, list } = orderListCreatedSchema.parse(
      (await create(me.token, { name: 'Old', lines: [{ productId: doomed, quantity: 2 }] })).json(),
    );
    await shop.db.kysely.deleteFrom('products').where('id', '=', doomed).execute();
    const [read] = savedOrderListsSchema.parse(
      (await call({ method: 'GET', url: '/api/order-lists' }, me.token)).json(),
    );
    expect(read).toMatchObject({ _id: insertedId, lines: list.lines });
  });

  describe('access', () => {
    const cases: { call: string; request: (id: string) => InjectOptions; ok: number }[] = [
      {
        call: 'GET /api/order-lists',
        request: () => ({ method: 'GET', url: '/api/order-lists' }),
        ok: 200,
      },
      {
        call: 'POST /api/order-lists',
        request: () => ({
          method: 'POST',
          url: '/api/order-lists',
          payload: { name: 'N', lines: [] },
        }),
        ok: 201,
      },
      {
        call: 'PUT /api/order-lists/{id}',
        request: (id) => ({
          method: 'PUT',
          url: `/api/order-lists/${id}`,
          payload: { name: 'Renamed' },
        }),
        ok: 200,
      },
      {
        call: 'DELETE /api/order-lists/{id}',
        request: (id) => ({ method: 'DELETE', url: `/api/order-lists/${id}` }),
        ok: 200,
      },
    ];
    describe.each(cases)('$call', ({ call: name, request, ok }) => {
      const byList = name.includes('{id}');
      const expected: Record<Caller, number> = {
        anonymous: 401,
        'expired token': 401,
        'forged token': 401,
        owner: ok,
        // Someone else's list does not exist for them, an admin included.
        'another customer': byList ? 404 : ok,
        admin: byList ? 404 : ok,
      };
      it.each(Object.entries(expected) as [Caller, number][])(
        '%s gets %i',
        async (caller, status) => {
          const owner = await registerAccount(shop.app);
          const someone = await registerAccount(shop.app);
          const { insertedId } = orderListCreatedSchema.parse(
            (
              await create(owner.token, {
                name: 'Mine',
                lines: [{ productId: product, quantity: 2 }],
              })
            ).json(),
          );
          const token: Record<Caller, string | undefined> = {
            anonymous: undefined,
            'expired token': await expiredToken(shop.db, owner, TEST_AUTH_SECRET),
            'forged token': await forgedToken(owner),
            owner: owner.token,
            'another customer': someone.token,
            admin: admin.token,
          };
          const res = await call(request(insertedId), token[caller]);
          expect(res.statusCode, res.body).toBe(status);
          if (status >= 400) apiErrorSchema.parse(res.json());
          if (caller !== 'owner') {
            // The owner's list is as it was.
            const [mine] = savedOrderListsSchema.parse(
              (await call({ method: 'GET', url: '/api/order-lists' }, owner.token)).json(),
            );
            expect(mine).toMatchObject({ _id: insertedId, name: 'Mine' });
          }
          if (caller === 'another customer' && !byList) {
            // A list others save or read is theirs: never the owner's.
            const theirs = savedOrderListsSchema.parse(
              (await call({ method: 'GET', url: '/api/order-lists' }, someone.token)).json(),
            );
            expect(theirs.some((one) => one._id === insertedId)).toBe(false);
          }
        },
      );
    });

    it('answers 404 to a malformed or unknown id', async () => {
      const me = await registerAccount(shop.app);
      for (const id of ['nope', 'ffffffffffffffffffffffff', 'FFFFFFFFFFFFFFFFFFFFFFFF']) {
        const put = await call(
          { method: 'PUT', url: `/api/order-lists/${id}`, payload: { name: 'X' } },
          me.token,
        );
        expect(put.statusCode).toBe(404);
        const del = await call({ method: 'DELETE', url: `/api/order-lists/${id}` }, me.token);
        expect(del.statusCode).toBe(404);
        apiErrorSchema.parse(del.json());
      }
    });
  });
});
