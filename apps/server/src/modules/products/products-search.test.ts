import {
  apiErrorSchema,
  DEFAULT_PAGE_SIZE,
  listQueryMessages,
  PRODUCT_SORTS,
  productListSchema,
  productSearchText,
  searchTerms,
  SEARCH_MAX_LENGTH,
  SHOWCASE_SIZE,
  TOTAL_COUNT_HEADER,
  type Product,
  type ProductCategory,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewProductRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { bearer, registerAccount, registerAdmin, type TestAccount } from '../../test/factories.js';
import { DEFAULT_SYNONYMS } from '../../db/migrations/0018-search-folding.js';
import {
  createProductsRepository,
  searchColumns,
  type ProductSearch,
} from './products.repository.js';

/** A product of the fixture catalog: its place in CATALOG is its place in catalog order. */
interface Fixture {
  name: string;
  description: string;
  sku: string | null;
  category: ProductCategory;
  price: number;
  archived?: boolean;
}

/**
 * A small catalog whose texts hold what shoppers type and what attackers do: a hyphenated
 * name, SKUs, LIKE wildcards, FTS syntax, quotes. Two products share a price (ties by id).
 */
const CATALOG: Fixture[] = [
  {
    name: 'Micro-ATX Tower',
    description: 'A compact tower for micro boards',
    sku: 'MT-100',
    category: 'cases',
    price: 45,
  },
  {
    name: 'Full ATX Tower',
    description: 'Room for E-ATX boards and 360 mm radiators',
    sku: 'FT-200',
    category: 'cases',
    price: 80,
  },
  {
    name: 'Mini-ITX Cube',
    description: 'Small form factor cube',
    sku: 'MI-300',
    category: 'cases',
    price: 45,
  },
  {
    name: 'RGB Gaming Tower',
    description: 'Tempered glass and three RGB fans',
    sku: 'RG-400',
    category: 'gaming-cases',
    price: 120,
  },
  {
    name: 'stealth Gaming Case',
    description: 'Silent, no RGB, sound-dampened panels',
    sku: 'SG-500',
    category: 'gaming-cases',
    price: 95,
  },
  {
    name: '650W Gold PSU',
    description: '80 Plus Gold, fully modular',
    sku: 'PS-650G',
    category: 'power-supplies',
    price: 70,
  },
  {
    name: '850W Platinum PSU',
    description: '80 Plus Platinum, fully modular, ATX 3.0',
    sku: 'PS-850P',
    category: 'power-supplies',
    price: 130,
  },
  {
    name: '100% Dust Filter',
    description: 'Fits "most" cases (front) OR top - NEAR the fans * any size',
    sku: 'DF_10',
    category: 'cases',
    price: 5,
  },
  {
    name: 'Back\\slash Bracket',
    description: "The customer's {name}: bracket; 50%_off",
    sku: null,
    category: 'cases',
    price: 9.5,
  },
  {
    name: 'Über Silent Tower',
    description: 'Leise und kühl',
    sku: 'UE-1',
    category: 'cases',
    price: 99,
  },
  {
    name: 'Archived ATX Tower',
    description: 'Gone from the catalog',
    sku: 'AR-1',
    category: 'cases',
    price: 50,
    archived: true,
  },
];
const START = Date.parse('2026-01-01T00:00:00.000Z');

const rowOf = (fixture: Fixture, index: number): NewProductRow => ({
  id: newId(),
  name: fixture.name,
  description: fixture.description,
  img_url: '/images/products/fixture.svg',
  price_cents: Math.round(fixture.price * 100),
  aqty: 500,
  minquantity: 1,
  category: fixture.category,
  sku: fixture.sku,
  created_at: new Date(START + index * 60_000).toISOString(),
  updated_at: new Date(START + index * 60_000).toISOString(),
  archived_at: fixture.archived ? new Date(START).toISOString() : null,
  ...searchColumns({ ...fixture, specs: [] }),
});

/** The synonyms migration 0018 seeds, as the search reads them. */
const SEEDED = DEFAULT_SYNONYMS.map(([term, expansion]) => ({ term, expansion }));

/**
 * What a shopper expects a search to find (issue 22): every word, folded (case, accents, signs,
 * hyphens and units aside), or one of its synonyms, somewhere in the texts. Signs alone find
 * nothing.
 */
function expectedMatch(
  product: Pick<Product, 'name' | 'description' | 'sku' | 'category'>,
  q: string,
): boolean {
  const text = productSearchText({ ...product, specs: [] });
  const terms = searchTerms(q, SEEDED);
  if (terms.length === 0) return q.trim() === '';
  return terms.every((term) => term.some((alt) => text.includes(alt)));
}

/** The same products in any order: ranking has its own tests (search-set.test.ts). */
const anyOrder = (names: string[]) => [...names].sort();

const namesOf = (res: { json(): unknown }) =>
  productListSchema.parse(res.json()).map((p) => p.name);
const totalOf = (res: { headers: Record<string, unknown> }) =>
  Number(res.headers[TOTAL_COUNT_HEADER]);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe.each(testDatabases)('product search on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;
  /** The live products in catalog order, with their ids. */
  let live: (Fixture & { id: string; index: number })[];

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const call = (options: InjectOptions, token: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const catalogNames = (keep: (f: Fixture) => boolean = () => true) =>
    live.filter(keep).map((f) => f.name);

  beforeAll(async () => {
    db = await kind.open();
    const rows = CATALOG.map(rowOf);
    await db.kysely.insertInto('products').values(rows).execute();
    live = CATALOG.map((fixture, index) => ({ ...fixture, id: rows[index]!.id, index })).filter(
      (f) => !f.archived,
    );
    app = await buildTestApp(db);
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('without a query', () => {
    it('answers the whole catalog in catalog order, archived products never, with its size', async () => {
      const res = await get('/api/products');
      expect(res.statusCode).toBe(200);
      expect(namesOf(res)).toEqual(catalogNames());
      expect(totalOf(res)).toBe(live.length);
    });

    it("answers the home page's ?limit=6 with the first six and the catalog's size, the same again", async () => {
      for (let i = 0; i < 2; i += 1) {
        const res = await get(`/api/products?limit=${SHOWCASE_SIZE}`);
        expect(res.statusCode).toBe(200);
        expect(namesOf(res)).toEqual(catalogNames().slice(0, SHOWCASE_SIZE));
        expect(totalOf(res)).toBe(live.length);
      }
    });

    it('takes empty parameters, as a GET form sends them, as absent ones', async () => {
      const res = await get('/api/products?q=&category=&sort=&page=&limit=');
      expect(res.statusCode).toBe(200);
      expect(namesOf(res)).toEqual(catalogNames());
      expect(totalOf(res)).toBe(live.length);
      const spaces = await get('/api/products?q=%20%20');
      expect(namesOf(spaces)).toEqual(catalogNames());
    });
  });

  describe('q', () => {
    it.each([
      [
        'a part of a name, in any case',
        'atx',
        ['Micro-ATX Tower', 'Full ATX Tower', '850W Platinum PSU'],
      ],
      ['upper case', 'ATX', ['Micro-ATX Tower', 'Full ATX Tower', '850W Platinum PSU']],
      [
        'the start of a word',
        'tow',
        ['Micro-ATX Tower', 'Full ATX Tower', 'RGB Gaming Tower', 'Über Silent Tower'],
      ],
      ['a hyphenated name', 'micro-atx', ['Micro-ATX Tower']],
      ['a word of the description', 'radiators', ['Full ATX Tower']],
      ['a SKU, in any case', 'ps-650g', ['650W Gold PSU']],
      ['a part of a SKU', 'G-5', ['stealth Gaming Case']],
      ['every word, in any order and field', 'tower  MICRO', ['Micro-ATX Tower']],
      ['words in different fields', 'platinum atx', ['850W Platinum PSU']],
      ['a word of two characters', 'rg', ['RGB Gaming Tower', 'stealth Gaming Case']],
      ['a word of one character', 'q', []],
      ['a short word beside a long one', 'rg tower', ['RGB Gaming Tower']],
      ['non-ASCII text in any case', 'ÜBER', ['Über Silent Tower']],
      ['non-ASCII inside a word', 'kühl', ['Über Silent Tower']],
      ['nothing that matches', 'zeppelin', []],
      ['words of the name and the description', 'psu 80', ['650W Gold PSU', '850W Platinum PSU']],
      ['a hyphenated name without its hyphen', 'microatx', ['Micro-ATX Tower']],
      ['a hyphenated name with a space', 'micro atx', ['Micro-ATX Tower']],
      ['a number and its unit apart', '360mm', ['Full ATX Tower']],
      ['80 PLUS written short', '80+ gold', ['650W Gold PSU']],
      ['a SKU without its hyphen', 'ps650g', ['650W Gold PSU']],
      ['a category by name', 'power supplies', ['650W Gold PSU', '850W Platinum PSU']],
    ])('finds %s (%s)', async (_label, q, expected) => {
      const res = await get(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(anyOrder(namesOf(res))).toEqual(anyOrder(expected));
      expect(anyOrder(namesOf(res))).toEqual(anyOrder(catalogNames((f) => expectedMatch(f, q))));
      expect(totalOf(res)).toBe(expected.length);
    });

    it('never matches a word across two fields', async () => {
      // "Tower" ends the name and "A compact" starts the description.
      const res = await get(`/api/products?q=${encodeURIComponent('towera')}`);
      expect(namesOf(res)).toEqual([]);
    });

    it('never finds an archived product', async () => {
      const res = await get('/api/products?q=archived');
      expect(res.statusCode).toBe(200);
      expect(namesOf(res)).toEqual([]);
      expect(totalOf(res)).toBe(0);
    });

    it.each([
      '"',
      '""',
      '"most"',
      '%',
      '%%%',
      '50%',
      '_',
      'DF_',
      '___',
      '*',
      'atx*',
      '(',
      '(front)',
      'OR',
      'or top',
      '-',
      '- near',
      'NEAR(atx tower)',
      'name:atx',
      '{name}:',
      '^atx',
      '\\',
      'back\\slash',
      "'",
      "customer's",
      "'; drop table products; --",
      'atx AND tower',
      'atx NOT tower',
      '+',
      ':',
      '%_%',
    ])('takes %j as text to find, folded, never as syntax', async (q) => {
      const res = await get(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(anyOrder(namesOf(res))).toEqual(anyOrder(catalogNames((f) => expectedMatch(f, q))));
      expect(totalOf(res)).toBe(catalogNames((f) => expectedMatch(f, q)).length);
    });

    it('finds the hostile texts themselves', async () => {
      const found = async (q: string) =>
        namesOf(await get(`/api/products?q=${encodeURIComponent(q)}`));
      // `100` is in the SKU MT-100 too.
      expect(await found('100%')).toEqual(['100% Dust Filter', 'Micro-ATX Tower']);
      expect(await found('%_off')).toEqual(['Back\\slash Bracket']);
      expect(await found('"most"')).toEqual(['100% Dust Filter']);
      expect(anyOrder(await found('OR'))).toEqual(
        anyOrder(catalogNames((f) => expectedMatch(f, 'or'))),
      );
      expect(await found('df_1')).toEqual(['100% Dust Filter']);
      expect(await found('back\\slash')).toEqual(['Back\\slash Bracket']);
      // Signs alone fold to no word: they name no product.
      expect(await found('%')).toEqual([]);
      expect(await found('%%%')).toEqual([]);
    });
  });

  describe('category and sort', () => {
    it.each(['cases', 'gaming-cases', 'power-supplies'] as const)(
      'filters by the category %s',
      async (category) => {
        const res = await get(`/api/products?category=${category}`);
        expect(res.statusCode).toBe(200);
        expect(namesOf(res)).toEqual(catalogNames((f) => f.category === category));
        expect(totalOf(res)).toBe(catalogNames((f) => f.category === category).length);
      },
    );

    it('combines a category with a search', async () => {
      const res = await get('/api/products?q=gaming&category=cases');
      expect(namesOf(res)).toEqual([]);
      const towers = await get('/api/products?q=tower&category=cases');
      expect(namesOf(towers)).toEqual(['Micro-ATX Tower', 'Full ATX Tower', 'Über Silent Tower']);
      expect(totalOf(towers)).toBe(3);
    });

    const sorted: Record<
      (typeof PRODUCT_SORTS)[number],
      (
        a: Fixture & { id: string; index: number },
        b: Fixture & { id: string; index: number },
      ) => number
    > = {
      price: (a, b) => a.price - b.price || byId(a, b),
      '-price': (a, b) => b.price - a.price || byId(b, a),
      name: (a, b) =>
        a.name.toLowerCase() < b.name.toLowerCase()
          ? -1
          : a.name.toLowerCase() > b.name.toLowerCase()
            ? 1
            : byId(a, b),
      newest: (a, b) => b.index - a.index,
    };

    it.each(PRODUCT_SORTS)('sorts by %s, ties broken by id', async (sort) => {
      const res = await get(`/api/products?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode).toBe(200);
      expect(namesOf(res)).toEqual([...live].sort(sorted[sort]).map((f) => f.name));
      expect(totalOf(res)).toBe(live.length);
    });

    it('sorts by name whatever the case', async () => {
      const names = namesOf(await get('/api/products?sort=name&category=gaming-cases'));
      expect(names).toEqual(['RGB Gaming Tower', 'stealth Gaming Case']);
    });

    it('sorts, filters and searches at once', async () => {
      const res = await get('/api/products?q=tower&category=cases&sort=-price');
      expect(namesOf(res)).toEqual(['Über Silent Tower', 'Full ATX Tower', 'Micro-ATX Tower']);
      expect(totalOf(res)).toBe(3);
    });
  });

  describe('pages', () => {
    it.each([
      ['the catalog', ''],
      ['a search', 'q=t&'],
      ['a sorted category', 'category=cases&sort=price&'],
    ])(
      'splits %s into disjoint pages that together are the whole answer',
      async (_label, query) => {
        const whole = await get(`/api/products?${query}`);
        const all = productListSchema.parse(whole.json()).map((p) => p._id);
        expect(all.length).toBeGreaterThan(3);
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(all.length / 3) + 1; page += 1) {
          const res = await get(`/api/products?${query}page=${page}&limit=3`);
          expect(res.statusCode).toBe(200);
          expect(totalOf(res)).toBe(all.length);
          const ids = productListSchema.parse(res.json()).map((p) => p._id);
          expect(ids.length).toBe(Math.max(0, Math.min(3, all.length - (page - 1) * 3)));
          seen.push(...ids);
        }
        expect(seen).toEqual(all);
        expect(new Set(seen).size).toBe(seen.length);
      },
    );

    it('answers a page past the end with no product and the total', async () => {
      const res = await get('/api/products?page=50&limit=10');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(totalOf(res)).toBe(live.length);
    });

    it('answers a limit with a search as its first page', async () => {
      const res = await get('/api/products?q=tower&limit=2');
      expect(namesOf(res)).toEqual(['Micro-ATX Tower', 'Full ATX Tower']);
      expect(totalOf(res)).toBe(4);
    });

    it(`pages by ${DEFAULT_PAGE_SIZE} when only the page is given`, async () => {
      const res = await get('/api/products?page=1');
      expect(namesOf(res)).toEqual(catalogNames().slice(0, DEFAULT_PAGE_SIZE));
      expect(totalOf(res)).toBe(live.length);
      expect(namesOf(await get('/api/products?page=2'))).toEqual(
        catalogNames().slice(DEFAULT_PAGE_SIZE, 2 * DEFAULT_PAGE_SIZE),
      );
    });
  });

  describe('bad values', () => {
    it.each([
      ['q', 'x'.repeat(SEARCH_MAX_LENGTH + 1), listQueryMessages.q],
      ['q', 'atx\u0001', 'q must not contain control characters'],
      ['category', 'cables', listQueryMessages.category],
      ['category', 'CASES', listQueryMessages.category],
      ['sort', 'cheapest', listQueryMessages.sort],
      ['sort', 'price desc', listQueryMessages.sort],
      ['page', '0', listQueryMessages.page],
      ['page', '-1', listQueryMessages.page],
      ['page', '1.5', listQueryMessages.page],
      ['page', 'two', listQueryMessages.page],
      ['page', '1e3', listQueryMessages.page],
      ['limit', '0', listQueryMessages.limit],
      ['limit', '101', listQueryMessages.limit],
      ['limit', '-5', listQueryMessages.limit],
      ['limit', 'ten', listQueryMessages.limit],
      ['limit', '2.5', listQueryMessages.limit],
    ])('refuses %s=%j with a 400 naming it', async (name, value, message) => {
      for (const rest of ['', name === 'q' ? '&category=cases' : '&q=atx']) {
        const res = await get(`/api/products?${name}=${encodeURIComponent(value)}${rest}`);
        expect(res.statusCode).toBe(400);
        const { error } = apiErrorSchema.parse(res.json());
        expect(error.code).toBe('validation_failed');
        expect(error.fields?.[name]).toBe(message);
      }
    });

    it('refuses a parameter given twice', async () => {
      const res = await get('/api/products?sort=price&sort=name');
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields?.['sort']).toBeDefined();
    });

    it('names every bad parameter at once and changes nothing', async () => {
      const before = await get('/api/products');
      const res = await get('/api/products?category=x&sort=y&page=0&limit=0');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {}).sort()).toEqual([
        'category',
        'limit',
        'page',
        'sort',
      ]);
      expect((await get('/api/products')).body).toBe(before.body);
    });
  });

  describe('access', () => {
    it.each([
      '/api/products',
      '/api/products?limit=6',
      '/api/products?q=atx&sort=price',
      '/api/products?category=cases&page=1&limit=2',
    ])('answers %s the same to anyone, signed in or not', async (url) => {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(200);
      for (const token of [customer.token, admin.token, 'not-a-real-token']) {
        const res = await get(url, token);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(anonymous.body);
        expect(res.headers[TOTAL_COUNT_HEADER]).toBe(anonymous.headers[TOTAL_COUNT_HEADER]);
      }
    });
  });

  describe("after an admin's change", () => {
    const search = async (q: string) =>
      namesOf(await get(`/api/products?q=${encodeURIComponent(q)}`));
    const product = {
      name: 'Zephyr Quiet Case',
      description: 'Whisper fans',
      imgURL: 'https://cdn.example.com/zephyr.png',
      price: 66,
      aqty: 100,
      minquantity: 1,
      sku: 'ZQ-1',
    };

    it('finds a new, edited, deleted and archived product as it is now, at once', async () => {
      // Warm every cache first: a search must never answer from one.
      expect(await search('zephyr')).toEqual([]);
      await get('/api/products');
      const created = await call(
        { method: 'POST', url: '/api/product', payload: product },
        admin.token,
      );
      expect(created.statusCode).toBe(200);
      const id = (created.json() as { insertedId: string }).insertedId;
      expect(await search('zephyr')).toEqual(['Zephyr Quiet Case']);
      expect(await search('zq-1')).toEqual(['Zephyr Quiet Case']);
      expect(namesOf(await get('/api/products'))).toContain('Zephyr Quiet Case');

      const edited = await call(
        {
          method: 'PUT',
          url: `/api/products/${id}`,
          payload: {
            ...product,
            name: 'Boreas Quiet Case',
            sku: 'BQ-2',
            description: 'Still fans',
          },
        },
        admin.token,
      );
      expect(edited.statusCode).toBe(200);
      expect(await search('zephyr')).toEqual([]);
      expect(await search('whisper')).toEqual([]);
      expect(await search('zq-1')).toEqual([]);
      expect(await search('boreas')).toEqual(['Boreas Quiet Case']);
      expect(await search('bq-2 still')).toEqual(['Boreas Quiet Case']);

      // An order moves the stock: the product stays findable as it was.
      const order = await call(
        {
          method: 'POST',
          url: '/api/order',
          payload: { orderProduct: id, phone: '555 0100', address: '1 Main St', orderQty: 2 },
        },
        customer.token,
      );
      expect(order.statusCode).toBe(200);
      expect(await search('boreas')).toEqual(['Boreas Quiet Case']);

      // It has an order, so deleting it archives it: gone from every search.
      const removed = await call({ method: 'DELETE', url: `/api/products/${id}` }, admin.token);
      expect(removed.json()).toMatchObject({ archived: true });
      expect(await search('boreas')).toEqual([]);
      expect(namesOf(await get('/api/products'))).not.toContain('Boreas Quiet Case');

      const another = await call(
        {
          method: 'POST',
          url: '/api/product',
          payload: { ...product, name: 'Notus Case', sku: 'NC-1' },
        },
        admin.token,
      );
      const anotherId = (another.json() as { insertedId: string }).insertedId;
      expect(await search('notus')).toEqual(['Notus Case']);
      const deleted = await call(
        { method: 'DELETE', url: `/api/products/${anotherId}` },
        admin.token,
      );
      expect(deleted.json()).toMatchObject({ archived: false });
      expect(await search('notus')).toEqual([]);
      // A new product may take the SKU of the deleted one and is found by it.
      const reused = await call(
        {
          method: 'POST',
          url: '/api/product',
          payload: { ...product, name: 'Eurus Case', sku: 'NC-1' },
        },
        admin.token,
      );
      expect(reused.statusCode).toBe(200);
      expect(await search('nc-1')).toEqual(['Eurus Case']);
      const reusedId = (reused.json() as { insertedId: string }).insertedId;
      await call({ method: 'DELETE', url: `/api/products/${reusedId}` }, admin.token);
      expect(await search('nc-1')).toEqual([]);
    });
  });
});

/**
 * A 10,000-product catalog: a search is answered from the index, never by reading every product.
 * The plans asserted are those of the queries the repository builds, with their parameters.
 */
describe.each(testDatabases)('product search over 10,000 products on $name', (kind) => {
  const SIZE = 10_000;
  /** One product in 500 is a "Zircon", so a search for it is selective. */
  const RARE_EVERY = 500;
  const WORDS = [
    'Tower',
    'Cube',
    'Mesh',
    'Silent',
    'Glass',
    'Airflow',
    'Compact',
    'Modular',
    'Gold',
  ];
  let db: TestDb;
  let app: FastifyInstance;
  let repository: ReturnType<typeof createProductsRepository>;

  const nameOf = (i: number) =>
    `${i % RARE_EVERY === 7 ? 'Zircon' : WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`;

  beforeAll(async () => {
    db = await kind.open();
    const rows = Array.from({ length: SIZE }, (_, i): NewProductRow => ({
      id: newId(),
      name: nameOf(i),
      description: `A ${WORDS[(i * 5) % WORDS.length]?.toLowerCase()} case, batch ${i % 97}`,
      img_url: '/images/products/fixture.svg',
      price_cents: 1_000 + ((i * 37) % 20_000),
      aqty: 100,
      minquantity: 1,
      category: (['cases', 'gaming-cases', 'power-supplies'] as const)[i % 3],
      sku: `BULK-${i}`,
      created_at: new Date(START + i * 1_000).toISOString(),
      updated_at: new Date(START + i * 1_000).toISOString(),
      ...searchColumns({
        name: nameOf(i),
        description: `A ${WORDS[(i * 5) % WORDS.length]?.toLowerCase()} case, batch ${i % 97}`,
        sku: `BULK-${i}`,
        specs: [],
        category: (['cases', 'gaming-cases', 'power-supplies'] as const)[i % 3] ?? 'cases',
      }),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await db.kysely
        .insertInto('products')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    // The planner's statistics, as autovacuum (PostgreSQL) or an operator (SQLite) would gather.
    await db.kysely.executeQuery(
      CompiledQuery.raw(db.dialect === 'postgres' ? 'analyze products' : 'analyze'),
    );
    app = await buildTestApp(db);
    repository = createProductsRepository(db.kysely, db.dialect);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  async function planOf(query: Compilable): Promise<string> {
    const { sql, parameters } = query.compile();
    const explain = db.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
    const result = await db.kysely.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(explain + sql, [...parameters]),
    );
    return result.rows.map((row) => String(row['QUERY PLAN'] ?? row['detail'])).join('\n');
  }

  const searches: [string, ProductSearch][] = [
    ['one word', { terms: [['zircon']] }],
    ['two words', { terms: [['zircon'], ['tower']] }],
    ['a word and a short one', { terms: [['zircon'], ['to']] }],
    ['a word, a category and a sort', { terms: [['zircon']], category: 'cases', sort: '-price' }],
    ['a word and a page', { terms: [['zircon']], sort: 'name', window: { limit: 5, offset: 5 } }],
    [
      'two common words, sorted, one page',
      { terms: [['tower'], ['glass']], sort: 'price', window: { limit: 24, offset: 0 } },
    ],
    // Issue 22: a word with its synonyms, the best matches first (ranked), one page.
    [
      'a word with a synonym, ranked, one page',
      {
        terms: [['zircon', 'zirconia slab']],
        exact: 'zircon',
        window: { limit: 24, offset: 0 },
      },
    ],
    [
      'two words, one with synonyms, ranked',
      { terms: [['psu', 'power supply'], ['zircon']], exact: 'psu zircon' },
    ],
    // Issue 22: spec filters narrow the rows the index found, checked on each.
    [
      'a word and spec filters, one page',
      {
        terms: [['zircon']],
        specs: [
          { spec: 'Wattage', categories: ['power-supplies'], values: ['750 w', '750w'] },
          { spec: 'Efficiency', categories: ['power-supplies'], values: ['80 plus gold'] },
        ],
        window: { limit: 24, offset: 0 },
      },
    ],
  ];

  it.each(searches)('answers a search of %s from the index', async (_label, search) => {
    const { page, count } = repository.searchQueries(search);
    // The spec facets' counts (GET /api/products/facets) read the same rows as the count.
    for (const query of [page, count, repository.specsQuery(search)]) {
      const plan = await planOf(query);
      if (db.dialect === 'postgres') {
        expect(plan).toContain('Bitmap Index Scan on products_search_trgm_idx');
        expect(plan).not.toMatch(/Seq Scan on products\b/);
        // Never a walk through a sort's index, filtering every product on the way.
        expect(plan).not.toMatch(/Index Scan (Backward )?using products_/);
      } else {
        expect(plan).toMatch(/SCAN product_search VIRTUAL TABLE INDEX \d+:M/);
        expect(plan).not.toMatch(/SCAN products\b/);
      }
    }
  });

  it.each([
    // Either index keeps catalog order; the planner picks.
    ['category', { category: 'cases' }, /products_(category_)?created_at_idx/],
    [
      'category by price',
      { category: 'gaming-cases', sort: 'price' },
      'products_category_price_idx',
    ],
    [
      'category by name',
      { category: 'power-supplies', sort: 'name' },
      'products_category_name_idx',
    ],
    ['price', { sort: '-price' }, 'products_price_idx'],
    ['name', { sort: 'name' }, 'products_name_idx'],
    ['newest', { sort: 'newest' }, 'products_created_at_idx'],
  ] as const)('reads a page by %s in index order', async (_label, search, index) => {
    const { page } = repository.searchQueries({
      terms: [],
      ...search,
      window: { limit: 24, offset: 0 },
    });
    const plan = await planOf(page);
    expect(plan).toMatch(index);
    // No sort of every matching product for one page.
    expect(plan).not.toMatch(/TEMP B-TREE|Sort Key/);
  });

  it("reads the facets' rows of a category in one pass, never sorting them", async () => {
    const plan = await planOf(repository.specsQuery({ terms: [], category: 'cases' }));
    // No order is asked: one read of the category's rows, nothing sorted or joined.
    expect(plan).not.toMatch(/TEMP B-TREE|Sort Key|Join|Nested Loop/);
    if (db.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH products USING INDEX products_category_/);
    } else {
      // A third of the catalog: PostgreSQL reads the table once rather than through an index.
      expect(plan).toMatch(/Filter: .*category = 'cases'/);
    }
  });

  it('answers what a shopper expects from the big catalog', async () => {
    const expected = Array.from({ length: SIZE }, (_, i) => nameOf(i)).filter((name) =>
      name.startsWith('Zircon'),
    );
    const res = await app.inject({ method: 'GET', url: '/api/products?q=ZIRC&limit=100' });
    expect(res.statusCode).toBe(200);
    expect(namesOf(res)).toEqual(expected);
    expect(totalOf(res)).toBe(SIZE / RARE_EVERY);

    const page = await app.inject({ method: 'GET', url: '/api/products?q=tower&page=3' });
    expect(productListSchema.parse(page.json())).toHaveLength(DEFAULT_PAGE_SIZE);
    const towers = Array.from({ length: SIZE }, (_, i) => nameOf(i)).filter((name) =>
      name.toLowerCase().includes('tower'),
    );
    expect(totalOf(page)).toBe(towers.length);
    expect(namesOf(page)).toEqual(towers.slice(2 * DEFAULT_PAGE_SIZE, 3 * DEFAULT_PAGE_SIZE));
  });
});
