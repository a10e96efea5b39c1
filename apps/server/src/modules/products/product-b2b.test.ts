import {
  apiErrorSchema,
  productListSchema,
  productRuleMessages as m,
  productSchema,
  type Product,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { bearer, registerAccount, registerAdmin, type TestAccount } from '../../test/factories.js';

let skuCounter = 0;
/** A SKU no other test in the same database uses. */
const freshSku = (prefix = 'T') =>
  `${prefix}-${process.pid}-${Date.now() % 100_000}-${++skuCounter}`;

/** A power supply sold in cartons of 10 with two volume prices, as the Add Product form sends it. */
const b2bProduct = () => ({
  name: 'PowerCore 850W Gold',
  description: 'An 850 W ATX 3.1 power supply.',
  imgURL: '/images/products/powercore-750w-gold-modular.svg',
  price: '89.00',
  aqty: '1000',
  minquantity: '50',
  category: 'power-supplies',
  sku: freshSku('PC-850'),
  increment: '10',
  specs: [
    { name: 'Wattage', value: '850 W' },
    { name: 'Efficiency', value: '80 PLUS Gold' },
  ],
  priceBreaks: [
    { minQty: '100', price: '85.50' },
    { minQty: '250', price: '82' },
  ],
});

describe.each(testDatabases)('B2B product fields on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const create = (body: Record<string, unknown>) =>
    call({ method: 'POST', url: '/api/product', payload: body }, admin.token);
  const update = (id: string, body: Record<string, unknown>) =>
    call({ method: 'PUT', url: `/api/products/${id}`, payload: body }, admin.token);
  const read = async (id: string): Promise<Product> =>
    productSchema.parse((await call({ method: 'GET', url: `/api/products/${id}` })).json());
  const count = async () =>
    productListSchema.parse((await call({ method: 'GET', url: '/api/products' })).json()).length;
  const added = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { insertedId: string }).insertedId;
  };

  beforeAll(async () => {
    db = await kind.open();
    otherDb = db.reopen();
    app = await buildTestApp(db);
    second = await buildTestApp(otherDb);
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app, { name: 'Mei Lin' });
  });
  afterAll(async () => {
    await app?.close();
    await second?.close();
    await otherDb?.close();
    await db?.drop();
  });

  it('stores and serves category, SKU, specs, pack size and price breaks', async () => {
    const body = b2bProduct();
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    const { insertedId, product } = res.json() as { insertedId: string; product: unknown };
    const expected = {
      category: 'power-supplies',
      sku: body.sku,
      specs: body.specs,
      increment: 10,
      priceBreaks: [
        { minQty: 100, price: 85.5 },
        { minQty: 250, price: 82 },
      ],
    };
    expect(productSchema.parse(product)).toMatchObject(expected);
    expect(await read(insertedId)).toMatchObject(expected);
    // Stored as the migration documents: prices in cents.
    const row = await db.kysely
      .selectFrom('products')
      .select(['price_breaks', 'specs'])
      .where('id', '=', insertedId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.price_breaks)).toEqual([
      { minQty: 100, priceCents: 8550 },
      { minQty: 250, priceCents: 8200 },
    ]);
    expect(JSON.parse(row.specs)).toEqual(body.specs);
  });

  it('gives a product without the new fields the defaults', async () => {
    const { category, sku, specs, increment, priceBreaks, ...plain } = b2bProduct();
    void [category, sku, specs, increment, priceBreaks];
    const id = await added({ ...plain, minquantity: 7 });
    expect(await read(id)).toMatchObject({
      category: 'cases',
      sku: null,
      specs: [],
      increment: 1,
      priceBreaks: [],
    });
    // Many products may have no SKU: the unique index holds only for set ones.
    await added({ ...plain, sku: '' });
  });

  it.each([
    ['an unknown category', { category: 'fans' }, 'category', m.category],
    ['a SKU with spaces', { sku: 'PC 850' }, 'sku', m.skuCharacters],
    ['a SKU of 41 characters', { sku: 'A'.repeat(41) }, 'sku', m.skuTooLong],
    [
      'a spec without a name',
      { specs: [{ name: '', value: '850 W' }] },
      'specs.0.name',
      m.specNameRequired,
    ],
    [
      'a spec name twice',
      {
        specs: [
          { name: 'Wattage', value: '850 W' },
          { name: 'wattage', value: '900 W' },
        ],
      },
      'specs.1.name',
      m.specNameRepeated,
    ],
    ['a pack size of 0', { increment: 0 }, 'increment', m.incrementMin],
    ['a pack size of 2.5', { increment: '2.5' }, 'increment', m.incrementWhole],
    ['a pack size over 10,000', { increment: 10_001 }, 'increment', m.incrementMax],
    [
      'a minimum that is not a multiple of the pack size',
      { minquantity: 55 },
      'minquantity',
      m.minimumNotPackMultiple(10),
    ],
    [
      'a break at the minimum',
      { priceBreaks: [{ minQty: 50, price: 80 }] },
      'priceBreaks.0.minQty',
      m.breakQtyAboveMinimum(50),
    ],
    [
      'breaks out of order',
      {
        priceBreaks: [
          { minQty: 250, price: 85 },
          { minQty: 100, price: 82 },
        ],
      },
      'priceBreaks.1.minQty',
      m.breakQtyAscending,
    ],
    [
      'a break that is not cheaper than the one before',
      {
        priceBreaks: [
          { minQty: 100, price: 85 },
          { minQty: 250, price: 85 },
        ],
      },
      'priceBreaks.1.price',
      m.breakPriceBelowPrevious,
    ],
    [
      'a break not below the price',
      { priceBreaks: [{ minQty: 100, price: 89 }] },
      'priceBreaks.0.price',
      m.breakPriceBelowPrice,
    ],
    [
      'a break quantity not a multiple of the pack size',
      { priceBreaks: [{ minQty: 105, price: 85 }] },
      'priceBreaks.0.minQty',
      m.breakQtyNotPackMultiple(10),
    ],
    [
      'a break price with 4 decimals',
      { priceBreaks: [{ minQty: 100, price: '85.5055' }] },
      'priceBreaks.0.price',
      m.breakPriceDecimals,
    ],
    [
      'a break quantity in hex',
      { priceBreaks: [{ minQty: '0x64', price: 85 }] },
      'priceBreaks.0.minQty',
      m.breakQtyWhole,
    ],
    [
      'eleven breaks',
      {
        priceBreaks: Array.from({ length: 11 }, (_, i) => ({
          minQty: 100 + 10 * i,
          price: 80 - i,
        })),
      },
      'priceBreaks',
      m.tooManyBreaks,
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_l, change, field, msg) => {
    const before = await count();
    const res = await create({ ...b2bProduct(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code).toBe('validation_failed');
    expect(error.fields?.[field]).toBe(msg);
    expect(await count()).toBe(before);
  });

  it('refuses a SKU another product has with 409 on sku, on create and on edit', async () => {
    const sku = freshSku('CF-M3');
    const first = await added({ ...b2bProduct(), sku });
    const before = await count();
    const again = await create({ ...b2bProduct(), sku });
    expect(again.statusCode, again.body).toBe(409);
    expect(apiErrorSchema.parse(again.json()).error).toEqual({
      code: 'conflict',
      message: m.skuTaken,
      fields: { sku: m.skuTaken },
    });
    expect(await count()).toBe(before);

    const other = await added(b2bProduct());
    const otherBefore = await read(other);
    const edit = await update(other, { ...b2bProduct(), name: 'Renamed', sku });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(apiErrorSchema.parse(edit.json()).error.fields).toEqual({ sku: m.skuTaken });
    // The refused edit changed nothing, not even the name sent with it.
    expect(await read(other)).toEqual(otherBefore);
    // A product keeps its own SKU when edited.
    const same = await update(first, { ...b2bProduct(), sku, price: '88' });
    expect(same.statusCode, same.body).toBe(200);
  });

  describe('finding 16: a SKU is one SKU in any case', () => {
    it('refuses another spelling of a taken SKU with 409 on sku, on create and on edit', async () => {
      const sku = freshSku('PRB');
      const first = await added({ ...b2bProduct(), sku });
      const before = await count();
      const lower = await create({ ...b2bProduct(), sku: sku.toLowerCase() });
      expect(lower.statusCode, lower.body).toBe(409);
      expect(apiErrorSchema.parse(lower.json()).error).toEqual({
        code: 'conflict',
        message: m.skuTaken,
        fields: { sku: m.skuTaken },
      });
      expect(await count()).toBe(before);

      const other = await added(b2bProduct());
      const otherBefore = await read(other);
      const mixed = `${sku.slice(0, 1).toLowerCase()}${sku.slice(1)}`;
      const edit = await update(other, { ...b2bProduct(), name: 'Renamed', sku: mixed });
      expect(edit.statusCode, edit.body).toBe(409);
      expect(apiErrorSchema.parse(edit.json()).error.fields).toEqual({ sku: m.skuTaken });
      expect(await read(other)).toEqual(otherBefore);

      // The product itself may change its SKU's case.
      const recased = await update(first, { ...b2bProduct(), sku: sku.toLowerCase() });
      expect(recased.statusCode, recased.body).toBe(200);
      expect((await read(first)).sku).toBe(sku.toLowerCase());
    });

    it('refuses the second of two spellings added at the same time', async () => {
      const sku = freshSku('RACE-CASE');
      const results = await Promise.all([
        create({ ...b2bProduct(), sku: sku.toUpperCase() }),
        create({ ...b2bProduct(), sku: sku.toLowerCase() }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
  });

  it('refuses a taken SKU once when two admins add it at the same time', async () => {
    const sku = freshSku('RACE');
    const results = await Promise.all([
      create({ ...b2bProduct(), sku }),
      create({ ...b2bProduct(), sku }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('PUT replaces the B2B fields, and one that leaves them out resets them to the defaults', async () => {
    const id = await added(b2bProduct());
    const changed = {
      ...b2bProduct(),
      category: 'cases',
      increment: 25,
      specs: [{ name: 'Form factor', value: 'ATX' }],
      priceBreaks: [{ minQty: 500, price: 80 }],
    };
    const res = await update(id, changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(id)).toMatchObject({
      category: 'cases',
      sku: changed.sku,
      increment: 25,
      specs: changed.specs,
      priceBreaks: [{ minQty: 500, price: 80 }],
    });

    // The same rules as on create: a bad break changes nothing.
    const bad = await update(id, {
      ...changed,
      priceBreaks: [
        { minQty: 500, price: 80 },
        { minQty: 1000, price: 81 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.fields).toEqual({
      'priceBreaks.1.price': m.breakPriceBelowPrevious,
    });
    expect((await read(id)).priceBreaks).toEqual([{ minQty: 500, price: 80 }]);

    // The spec's client sends only the spec's fields: PUT replaces the product, as it always has.
    const { category, sku, specs, increment, priceBreaks, ...plain } = changed;
    void [category, sku, specs, increment, priceBreaks];
    const reset = await update(id, plain);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await read(id)).toMatchObject({
      category: 'cases',
      sku: null,
      specs: [],
      increment: 1,
      priceBreaks: [],
    });
  });

  it('lets only admins add or edit B2B fields', async () => {
    const id = await added(b2bProduct());
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/product', payload: b2bProduct() },
      { method: 'PUT', url: `/api/products/${id}`, payload: b2bProduct() },
    ];
    const other = await registerAccount(app, { name: 'Carlos Mendes' });
    const before = await read(id);
    const products = await count();
    for (const request of requests) {
      expect((await call(request)).statusCode).toBe(401);
      expect((await call(request, customer.token)).statusCode).toBe(403);
      expect((await call(request, other.token)).statusCode).toBe(403);
    }
    expect(await read(id)).toEqual(before);
    expect(await count()).toBe(products);
  });

  it('shows an edited price break on another instance (the cached list is renewed)', async () => {
    const id = await added(b2bProduct());
    const breaksOn = async (instance: FastifyInstance) =>
      productListSchema
        .parse((await instance.inject({ method: 'GET', url: '/api/products' })).json())
        .find((p) => p._id === id)?.priceBreaks;
    await expect.poll(() => breaksOn(second)).toHaveLength(2);
    const res = await update(id, { ...b2bProduct(), priceBreaks: [{ minQty: 400, price: 70 }] });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => breaksOn(second)).toEqual([{ minQty: 400, price: 70 }]);
  });
});
