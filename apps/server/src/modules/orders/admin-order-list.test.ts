import {
  apiErrorSchema,
  DEFAULT_PAGE_SIZE,
  listQueryMessages,
  ORDER_STATUS_FILTERS,
  orderListSchema,
  orderSchema,
  SEARCH_MAX_LENGTH,
  TOTAL_COUNT_HEADER,
  type Order,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { buildTestApp, TEST_AUTH_SECRET } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  expiredToken,
  forgedToken,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';

/**
 * Manage Order's list (issue 14, DESIGN.md section 10): `GET /api/orders` searches (`q`),
 * filters by status, and pages, in SQL, with the number of matches in `X-Total-Count`.
 */

interface Customer {
  id: string;
  email: string;
  name: string;
}

/** An order as the fixtures write it, and what the test expects a search to find in it. */
interface Fixture {
  id: string;
  customer: Customer;
  status: OrderStatus;
  lines: string[];
  poNumber?: string;
  transactionId?: string;
  trackingNumber?: string;
  createdAt: string;
}

const PAYMENT_OF: Record<OrderStatus, PaymentStatus> = {
  pending: 'pending',
  placed: 'paid',
  shipped: 'paid',
  cancelled: 'cancelled',
};

describe.each(testDatabases)('GET /api/orders for Manage Order on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;
  let anotherCustomer: TestAccount;
  /** Every order in the database, newest first (the whole list's order). */
  let all: Fixture[];
  /** The order placed through the API, as POST /api/orders answered it. */
  let placed: Order;

  const daniel: Customer = {
    id: newId(),
    email: 'daniel.okafor@example.com',
    name: 'Daniel Okafor',
  };
  const aisha: Customer = {
    id: newId(),
    email: 'aisha@bello-trading.example',
    name: 'Aisha Bello',
  };
  const zoe: Customer = { id: newId(), email: 'zoe@example.net', name: 'Zoë Müller' };

  const call = (options: InjectOptions, token?: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  /** The admin's GET /api/orders with this query string; checks the answer's shape. */
  async function list(query = ''): Promise<{ orders: Order[]; total: number; ids: string[] }> {
    const res = await call({ method: 'GET', url: `/api/orders${query}` }, admin.token);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const orders = orderListSchema.parse(res.json());
    const header = res.headers[TOTAL_COUNT_HEADER];
    expect(header, `${query}: ${TOTAL_COUNT_HEADER}`).toMatch(/^\d+$/);
    return { orders, total: Number(header), ids: orders.map((order) => order._id) };
  }

  const search = (params: Record<string, string | number>) =>
    list(
      `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );

  /** The ids, newest first, of the orders `match` accepts: the test's own model of the rule. */
  const idsWhere = (match: (order: Fixture) => boolean) =>
    all.filter(match).map((order) => order.id);

  const holds = (order: Fixture, text: string) =>
    [
      order.customer.name,
      order.customer.email,
      order.id,
      order.poNumber,
      order.transactionId,
      order.trackingNumber,
      ...order.lines,
    ].some((value) => value?.toLowerCase().includes(text.toLowerCase()));

  async function insertCustomer(customer: Customer): Promise<void> {
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('users')
      .values({
        id: customer.id,
        email: customer.email,
        uid: null,
        display_name: customer.name,
        provider_id: 'Email & Password',
        role: 'user',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** Writes an order and its lines as the orders module stores them. */
  async function insertOrder(order: Fixture): Promise<void> {
    const [first = 'Nothing'] = order.lines;
    await db.kysely
      .insertInto('orders')
      .values({
        id: order.id,
        product_id: null,
        product_name: order.lines.length > 1 ? `${first} + ${order.lines.length - 1} more` : first,
        user_id: order.customer.id,
        user_email: order.customer.email,
        user_name: order.customer.name,
        phone: '+1 555 0100',
        address: '1 Main St, Springfield',
        quantity: 10 * order.lines.length,
        unit_price_cents: 4_850,
        price_cents: 48_500 * order.lines.length,
        payment_status: PAYMENT_OF[order.status],
        order_status: order.status,
        transaction_id: order.transactionId ?? null,
        po_number: order.poNumber ?? null,
        tracking_number: order.trackingNumber ?? null,
        carrier: order.trackingNumber ? 'UPS' : null,
        shipped_at: order.status === 'shipped' ? order.createdAt : null,
        created_at: order.createdAt,
        updated_at: order.createdAt,
      })
      .execute();
    await db.kysely
      .insertInto('order_lines')
      .values(
        order.lines.map((name, position) => ({
          order_id: order.id,
          position,
          product_id: null,
          product_name: name,
          quantity: 10,
          unit_price_cents: 4_850,
          line_total_cents: 48_500,
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app, { name: 'Carla Customer' });
    anotherCustomer = await registerAccount(app, { name: 'Otto Other' });
    for (const one of [daniel, aisha, zoe]) await insertCustomer(one);

    // Oldest first, one minute apart; the special ones first, then enough plain ones to page.
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
    const special: Omit<Fixture, 'id' | 'createdAt'>[] = [
      {
        customer: daniel,
        status: 'pending',
        lines: ['Aurora Mesh Mid-Tower'],
        poNumber: 'PO-2026-0017',
      },
      {
        customer: aisha,
        status: 'placed',
        lines: ['PowerCore 750W Gold', 'Vortex RGB Gaming'],
        transactionId: 'pi_3QxTRX7788',
      },
      {
        customer: daniel,
        status: 'shipped',
        lines: ['Vortex RGB Gaming'],
        transactionId: 'pi_3QshipAB12',
        trackingNumber: '1Z999AA10123456784',
      },
      { customer: aisha, status: 'cancelled', lines: ['Clearance 100% Steel Case'] },
      { customer: zoe, status: 'pending', lines: ['Under_Score Tower'], poNumber: 'PO_77' },
      {
        customer: zoe,
        status: 'placed',
        lines: [`O'Brien "Quoted" Case`],
        poNumber: 'back\\slash',
        transactionId: 'pi_3QzoeXY99',
      },
    ];
    const plain = Array.from({ length: 30 }, (_, i) => ({
      customer: i % 2 === 0 ? daniel : aisha,
      status: ORDER_STATUS_FILTERS[i % ORDER_STATUS_FILTERS.length] as OrderStatus,
      lines: [`Filler Case ${i + 1}`],
    }));
    const fixtures: Fixture[] = [...special, ...plain].map((order, i) => ({
      ...order,
      id: newId(),
      createdAt: at(i),
    }));
    for (const order of fixtures) await insertOrder(order);

    // One order placed the real way, with two lines: the newest of all.
    const [first, second] = [await insertProduct(db), await insertProduct(db)];
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [
            { productId: first, quantity: 2 },
            { productId: second, quantity: 4 },
          ],
          phone: '+1 555 0199',
          address: '9 Harbour Road, Portsmouth',
          poNumber: 'PO-REAL-1',
        },
      },
      customer.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    placed = orderSchema.parse((res.json() as { order: unknown }).order);
    const placedFixture: Fixture = {
      id: placed._id,
      customer: { id: '', email: customer.email, name: customer.name },
      status: placed.orderStatus,
      lines: placed.lines.map((line) => line.productName),
      poNumber: 'PO-REAL-1',
      createdAt: placed.createdAt,
    };
    all = [placedFixture, ...fixtures.reverse()];
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('without a query', () => {
    it('answers every order, newest first, with their number in X-Total-Count', async () => {
      const { ids, total } = await list();
      expect(ids).toEqual(all.map((order) => order.id));
      expect(total).toBe(all.length);
    });

    it('shows each order exactly as the order page and checkout do', async () => {
      const { orders } = await list();
      // The list adds the company's name (ux 2026-11-28 #11): none for a lone customer.
      expect(orders[0]).toEqual({ ...placed, companyName: null });
      for (const order of orders.slice(0, 8)) {
        const one = await call({ method: 'GET', url: `/api/orders/${order._id}` }, admin.token);
        const { companyName, ...asOrderPage } = order;
        expect(companyName).toBeNull();
        expect(one.json()).toEqual(asOrderPage);
      }
      const twoLines = orders.find((order) => order._id === all[all.length - 2]?.id);
      expect(twoLines?.lines.map((line) => line.productName)).toEqual([
        'PowerCore 750W Gold',
        'Vortex RGB Gaming',
      ]);
      expect(twoLines?.orderPName).toBe('PowerCore 750W Gold + 1 more');
    });

    it('treats empty parameters as absent, as a GET form sends them', async () => {
      const { ids, total } = await list('?q=&status=&page=&limit=');
      expect(ids).toEqual(all.map((order) => order.id));
      expect(total).toBe(all.length);
    });
  });

  describe('q', () => {
    const fieldCases: [string, () => string, () => string[]][] = [
      [
        "a customer's name, in any case",
        () => 'daniel OKAFOR',
        () => idsWhere((o) => o.customer === daniel),
      ],
      ['part of an email', () => 'BELLO-TRADING', () => idsWhere((o) => o.customer === aisha)],
      ['a whole order id', () => all[5]?.id ?? '', () => [all[5]?.id ?? '']],
      ['the end of an order id', () => all[9]?.id.slice(-12) ?? '', () => [all[9]?.id ?? '']],
      [
        "any line's product, not only the first",
        () => 'vortex rgb',
        () => idsWhere((o) => o.lines.some((l) => l.startsWith('Vortex'))),
      ],
      ['a PO number', () => 'po-2026-0017', () => idsWhere((o) => o.poNumber === 'PO-2026-0017')],
      [
        'a transaction id',
        () => 'TRX77',
        () => idsWhere((o) => o.transactionId === 'pi_3QxTRX7788'),
      ],
      [
        'a tracking number',
        () => '10123456784',
        () => idsWhere((o) => o.trackingNumber !== undefined),
      ],
      [
        'letters beyond ASCII, as written',
        () => 'Zoë Müller',
        () => idsWhere((o) => o.customer === zoe),
      ],
      [
        'the text without its surrounding spaces',
        () => '  Aurora Mesh  ',
        () => idsWhere((o) => o.lines[0] === 'Aurora Mesh Mid-Tower'),
      ],
    ];
    it.each(fieldCases)('finds %s', async (_name, q, expected) => {
      const want = expected();
      expect(want.length).toBeGreaterThan(0);
      const { ids, total } = await search({ q: q() });
      expect(ids).toEqual(want);
      expect(total).toBe(want.length);
    });

    it('agrees with a plain substring search over the fields for many texts', async () => {
      for (const q of ['case', 'filler case 1', 'example', 'pi_3q', 'po', '1z9', 'xyz-nothing']) {
        const want = idsWhere((order) => holds(order, q));
        const { ids, total } = await search({ q });
        expect(ids, q).toEqual(want);
        expect(total, q).toBe(want.length);
      }
    });

    it('does not search the "+ N more" title the list shows, only the real product names', async () => {
      const { ids } = await search({ q: '+ 1 more' });
      expect(ids).toEqual([]);
    });

    it('answers an empty array and a total of 0 when nothing matches', async () => {
      const res = await call({ method: 'GET', url: '/api/orders?q=no-such-order' }, admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
    });
  });

  describe('hostile search text is literal text', () => {
    const literal: [string, string, () => string[]][] = [
      ['%', '%', () => idsWhere((o) => o.lines[0] === 'Clearance 100% Steel Case')],
      ['100%', '100%', () => idsWhere((o) => o.lines[0] === 'Clearance 100% Steel Case')],
      ['_', '_', () => idsWhere((o) => holds(o, '_'))],
      ['r_s (underscore is not any one character)', 'r_s', () => idsWhere((o) => holds(o, 'r_s'))],
      ['a backslash', '\\', () => idsWhere((o) => o.poNumber === 'back\\slash')],
      ['a backslash before a wildcard', '\\%', () => []],
      ['a single quote', "O'Brien", () => idsWhere((o) => o.lines[0]?.startsWith('O') ?? false)],
      ['double quotes', '"Quoted"', () => idsWhere((o) => o.lines[0]?.startsWith('O') ?? false)],
      ['SQL', "' OR 1=1 --", () => []],
      ['SQL with a quote and a semicolon', "'; DROP TABLE orders; --", () => []],
      ['a LIKE bracket class', '[a-z]%', () => []],
      ['an ESCAPE clause', "x' ESCAPE '!", () => []],
    ];
    it.each(literal)('%s', async (_name, q, expected) => {
      const want = expected();
      const { ids, total } = await search({ q });
      expect(ids).toEqual(want);
      expect(total).toBe(want.length);
    });

    it('checks that the wildcards found only what holds them', async () => {
      expect((await search({ q: '%' })).total).toBe(1);
      expect((await search({ q: '_' })).ids.length).toBeGreaterThan(0);
      expect((await search({ q: '_' })).ids.length).toBeLessThan(all.length);
    });

    it(`takes ${SEARCH_MAX_LENGTH} characters and refuses one more`, async () => {
      const longest = await search({ q: 'x'.repeat(SEARCH_MAX_LENGTH) });
      expect(longest.ids).toEqual([]);
      const res = await call(
        { method: 'GET', url: `/api/orders?q=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}` },
        admin.token,
      );
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({ q: listQueryMessages.q });
    });

    it.each([
      ['a NUL', '%00'],
      ['a start-of-heading', '%01'],
      ['a line feed', 'a%0Ab'],
      ['an escape', '%1B%5B31m'],
      ['a DEL', '%7F'],
      ['a C1 control', '%C2%85'],
    ])('refuses %s with 400 naming q', async (_name, encoded) => {
      const res = await call({ method: 'GET', url: `/api/orders?q=${encoded}` }, admin.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toEqual(['q']);
    });
  });

  describe('status', () => {
    it.each(ORDER_STATUS_FILTERS)('lists only %s orders, newest first', async (status) => {
      const want = idsWhere((order) => order.status === status);
      expect(want.length).toBeGreaterThan(0);
      const { orders, ids, total } = await search({ status });
      expect(ids).toEqual(want);
      expect(total).toBe(want.length);
      expect(orders.every((order) => order.orderStatus === status)).toBe(true);
    });

    it('combines with q: both must hold', async () => {
      for (const [q, status] of [
        ['daniel', 'shipped'],
        ['vortex', 'placed'],
        ['vortex', 'cancelled'],
        ['filler', 'pending'],
      ] as const) {
        const want = idsWhere((order) => order.status === status && holds(order, q));
        const { ids, total } = await search({ q, status });
        expect(ids, `${q} ${status}`).toEqual(want);
        expect(total, `${q} ${status}`).toBe(want.length);
      }
    });
  });

  describe('page and limit', () => {
    it('pages every order: the pages are disjoint, in order, and together the whole list', async () => {
      const pages: string[][] = [];
      for (let page = 1; page <= Math.ceil(all.length / 7); page += 1) {
        const { ids, total } = await search({ page, limit: 7 });
        expect(total).toBe(all.length);
        expect(ids.length).toBe(Math.min(7, all.length - (page - 1) * 7));
        pages.push(ids);
      }
      expect(pages.flat()).toEqual(all.map((order) => order.id));
      expect(new Set(pages.flat()).size).toBe(all.length);
    });

    it('pages the matches of a search and a status the same way', async () => {
      const want = idsWhere((order) => order.status === 'pending' && holds(order, 'case'));
      expect(want.length).toBeGreaterThan(3);
      const pages: string[][] = [];
      for (let page = 1; page <= Math.ceil(want.length / 3); page += 1) {
        const { ids, total } = await search({ q: 'case', status: 'pending', page, limit: 3 });
        expect(total).toBe(want.length);
        pages.push(ids);
      }
      expect(pages.flat()).toEqual(want);
    });

    it(`pages by ${DEFAULT_PAGE_SIZE} when page comes without limit`, async () => {
      expect(all.length).toBeGreaterThan(DEFAULT_PAGE_SIZE);
      const first = await search({ page: 1 });
      expect(first.ids).toEqual(all.slice(0, DEFAULT_PAGE_SIZE).map((order) => order.id));
      const second = await search({ page: 2 });
      expect(second.ids).toEqual(all.slice(DEFAULT_PAGE_SIZE).map((order) => order.id));
      expect(second.total).toBe(all.length);
    });

    it('answers the first N for a lone limit, with the number of all matches', async () => {
      const { ids, total } = await search({ limit: 5 });
      expect(ids).toEqual(all.slice(0, 5).map((order) => order.id));
      expect(total).toBe(all.length);
    });

    it('answers an empty page past the end, still with the total', async () => {
      const { ids, total } = await search({ page: 99, limit: 10 });
      expect(ids).toEqual([]);
      expect(total).toBe(all.length);
      const filtered = await search({ status: 'shipped', page: 50 });
      expect(filtered.ids).toEqual([]);
      expect(filtered.total).toBe(idsWhere((order) => order.status === 'shipped').length);
    });
  });

  describe('bad values', () => {
    it.each([
      ['status=paid', 'status', listQueryMessages.status],
      ['status=PENDING', 'status', listQueryMessages.status],
      ['page=0', 'page', listQueryMessages.page],
      ['page=-1', 'page', listQueryMessages.page],
      ['page=1.5', 'page', listQueryMessages.page],
      ['page=two', 'page', listQueryMessages.page],
      ['page=0x10', 'page', listQueryMessages.page],
      ['limit=0', 'limit', listQueryMessages.limit],
      ['limit=101', 'limit', listQueryMessages.limit],
      ['limit=1e2', 'limit', listQueryMessages.limit],
      ['limit=ten', 'limit', listQueryMessages.limit],
    ])('refuses %s with 400 naming %s', async (query, field, message) => {
      const res = await call({ method: 'GET', url: `/api/orders?${query}` }, admin.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({ [field]: message });
    });

    it.each(['q=a&q=b', 'status=pending&status=shipped', 'page=1&page=2', 'page=1000001'])(
      'refuses %s with 400 naming the parameter',
      async (query) => {
        const res = await call({ method: 'GET', url: `/api/orders?${query}` }, admin.token);
        expect(res.statusCode, res.body).toBe(400);
        const field = query.split('=')[0] ?? '';
        expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toEqual([field]);
      },
    );

    it('ignores parameters it does not know, as before', async () => {
      const { ids } = await list('?sort=price&category=cases&userEmail=x');
      expect(ids).toEqual(all.map((order) => order.id));
    });
  });

  describe('access', () => {
    const statuses = async (url: string, headers: Record<string, string> = {}) => ({
      anonymous: (await call({ method: 'GET', url, headers })).statusCode,
      'expired token': (
        await call(
          { method: 'GET', url, headers },
          await expiredToken(db, customer, TEST_AUTH_SECRET),
        )
      ).statusCode,
      'forged token': (await call({ method: 'GET', url, headers }, await forgedToken(admin)))
        .statusCode,
      customer: (await call({ method: 'GET', url, headers }, customer.token)).statusCode,
      'another customer': (await call({ method: 'GET', url, headers }, anotherCustomer.token))
        .statusCode,
      admin: (await call({ method: 'GET', url, headers }, admin.token)).statusCode,
    });
    const expected = {
      anonymous: 401,
      'expired token': 401,
      'forged token': 401,
      customer: 403,
      'another customer': 403,
      admin: 200,
    };

    it.each(['/api/orders', '/api/orders?q=daniel', '/api/orders?status=pending&page=1&limit=5'])(
      '%s is for admins only',
      async (url) => {
        expect(await statuses(url)).toEqual(expected);
      },
    );

    it('checks access before the query: a bad query from a customer is a 403, not a 400', async () => {
      const res = await call(
        { method: 'GET', url: '/api/orders?status=bogus&q=%01' },
        customer.token,
      );
      expect(res.statusCode).toBe(403);
      const anonymous = await call({ method: 'GET', url: '/api/orders?limit=0' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('is not fooled by headers claiming another user or role', async () => {
      const forged = {
        'x-user-role': 'admin',
        'x-role': 'admin',
        'x-user-email': admin.email,
        'x-forwarded-user': admin.email,
        'x-original-url': '/api/products',
        'x-rewrite-url': '/api/products',
        'x-http-method-override': 'GET',
        'x-forwarded-for': '127.0.0.1',
        cookie: customer.cookie,
      };
      expect(await statuses('/api/orders?q=daniel', forged)).toEqual(expected);
    });

    /** A customer's answer to an address that may reach the list: never a list of orders. */
    function expectNoOrders(res: LightMyRequestResponse, url: string) {
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
      for (const order of all.slice(0, 3)) expect(res.body, url).not.toContain(order.id);
    }

    it.each([
      '/api//orders',
      '//api/orders',
      '/API/orders',
      '/api/ORDERS',
      '/Api/Orders',
      '/api/orders/',
      '/api/orders//',
      '/api/./orders',
      '/api/x/../orders',
      '/api/%6frders',
      '/api/orders%2F',
      '/api/orders;x=1',
      '/api/orders?q=daniel#admin',
      '/api/orders/?status=pending',
    ])('%s gives a customer or an anonymous caller no orders', async (url) => {
      expectNoOrders(await call({ method: 'GET', url }, customer.token), url);
      expectNoOrders(await call({ method: 'GET', url }), url);
      const asAdmin = await call({ method: 'GET', url }, admin.token);
      expect(asAdmin.statusCode, url).toBeLessThan(500);
    });
  });

  it('documents the parameters and the X-Total-Count header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = (
      res.json() as {
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
      }
    ).paths['/api/orders']?.get;
    expect(operation?.parameters?.map((p) => p.name).sort()).toEqual([
      'approval',
      'limit',
      'page',
      'q',
      'status',
    ]);
    expect(operation?.responses['200']?.headers).toHaveProperty(TOTAL_COUNT_HEADER);
  });
});
