import {
  apiErrorSchema,
  productFacetsSchema,
  productListSchema,
  specFilterMessages,
  SPEC_FILTER_MAX_LENGTH,
  TOTAL_COUNT_HEADER,
  type ProductCategory,
  type ProductSpec,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewProductRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import { bearer, registerAccount, registerAdmin, type TestAccount } from '../../test/factories.js';
import { searchColumns } from './products.repository.js';
import { countFacets } from './products.service.js';

/**
 * Spec filters of /products (issue 22): per product type, with values normalised (ux 2026-11-28
 * #19): cases' form factor, size, fan size, GPU length and radiator; power supplies' wattage,
 * efficiency and modularity; with counts.
 */
interface Fixture {
  name: string;
  category: ProductCategory;
  specs: ProductSpec[];
  archived?: boolean;
}

const psu = (
  name: string,
  wattage: string,
  efficiency: string,
  modular: string,
  formFactor = 'ATX',
): Fixture => ({
  name,
  category: 'power-supplies',
  specs: [
    { name: 'Wattage', value: wattage },
    { name: 'Efficiency', value: efficiency },
    { name: 'Modular', value: modular },
    { name: 'Form factor', value: formFactor },
  ],
});

const box = (
  name: string,
  category: ProductCategory,
  [formFactor, fans, gpu, radiator]: [string, string, string, string],
): Fixture => ({
  name,
  category,
  specs: [
    { name: 'Form factor', value: formFactor },
    { name: 'Fans included', value: fans },
    { name: 'Max GPU length', value: gpu },
    { name: 'Radiator support', value: radiator },
  ],
});

const CATALOG: Fixture[] = [
  psu('Bronze 550', '550 W', '80 PLUS Bronze', 'Non-modular'),
  psu('Gold 750', '750 W', '80 PLUS Gold', 'Fully modular'),
  psu('Gold 750 Modular', '750 W', '80 PLUS Gold', 'Fully modular, flat cables', 'ATX 3.1'),
  psu('Platinum 750', '750 W', '80 PLUS Platinum', 'Semi-modular'),
  psu('Platinum 1000', '1000 W', '80 PLUS Platinum', 'Fully modular'),
  // Stored with other spacing and case: the same values.
  {
    name: 'Odd Spelling 750',
    category: 'power-supplies',
    specs: [
      { name: 'wattage ', value: ' 750 w' },
      { name: 'Efficiency', value: '80 plus gold' },
    ],
  },
  { ...psu('Archived 750', '750 W', '80 PLUS Gold', 'Fully modular'), archived: true },
  box('Mid Tower', 'cases', [
    'ATX mid-tower',
    '3 × 120 mm front, 1 × 120 mm rear',
    '380 mm',
    'Up to 360 mm front',
  ]),
  box('Full Tower', 'gaming-cases', [
    'E-ATX full tower, dual chamber',
    '2 × 140 mm low-noise',
    '400 mm',
    'Up to 420 mm',
  ]),
  box('Office Tower', 'cases', ['Micro-ATX tower', '1 × 92 mm rear', '330 mm', 'Up to 240 mm']),
  { name: 'Plain Cube', category: 'cases', specs: [] },
];
const START = Date.parse('2026-01-01T00:00:00.000Z');

const rowOf = (fixture: Fixture, index: number): NewProductRow => ({
  id: newId(),
  name: fixture.name,
  description: `${fixture.name} from the factory`,
  img_url: '/images/products/fixture.svg',
  price_cents: 5_000 + index,
  aqty: 100,
  minquantity: 1,
  category: fixture.category,
  sku: null,
  specs: JSON.stringify(fixture.specs),
  created_at: new Date(START + index * 60_000).toISOString(),
  updated_at: new Date(START + index * 60_000).toISOString(),
  archived_at: fixture.archived ? new Date(START).toISOString() : null,
  ...searchColumns({ ...fixture, description: `${fixture.name} from the factory`, sku: null }),
});

const namesOf = (res: { json(): unknown }) =>
  productListSchema.parse(res.json()).map((p) => p.name);

describe.each(testDatabases)('spec filters on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: TestAccount;
  let customer: TestAccount;

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const facetsOf = async (query: string) => {
    const res = await get(`/api/products/facets${query}`);
    expect(res.statusCode).toBe(200);
    const { facets } = productFacetsSchema.parse(res.json());
    return Object.fromEntries(
      facets.map((f) => [f.name, Object.fromEntries(f.values.map((v) => [v.value, v.count]))]),
    );
  };

  beforeAll(async () => {
    db = await kind.open();
    await db.kysely.insertInto('products').values(CATALOG.map(rowOf)).execute();
    app = await buildTestApp(db);
    admin = await registerAdmin(app, db);
    customer = await registerAccount(app);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('answers the whole array without a query, as before', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(namesOf(res)).toEqual(CATALOG.filter((f) => !f.archived).map((f) => f.name));
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBe(10);
  });

  it('filters by one normalised value, trimmed and in any case', async () => {
    const expected = ['Gold 750', 'Gold 750 Modular', 'Platinum 750', 'Odd Spelling 750'];
    for (const value of ['750 W', '750+w', '%20750%20W%20']) {
      const res = await get(`/api/products?wattage=${value}`);
      expect(res.statusCode).toBe(200);
      expect(namesOf(res)).toEqual(expected);
      expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBe(4);
    }
    // An exact value: 75 W is not 750 W.
    expect(namesOf(await get('/api/products?wattage=75+W'))).toEqual([]);
  });

  it('ux 2026-11-28 #19: filters cases by form factor, size, fans, GPU length and radiator, normalised', async () => {
    const names = async (query: string) => namesOf(await get(`/api/products?${query}`));
    // ATX is the mid tower only: not the E-ATX case, nor a power supply's `ATX 3.1`.
    expect(await names('formFactor=ATX')).toEqual(['Mid Tower']);
    expect(await names('formFactor=e-atx')).toEqual(['Full Tower']);
    expect(await names('formFactor=Micro-ATX&category=cases')).toEqual(['Office Tower']);
    expect(await names('caseSize=Full+tower')).toEqual(['Full Tower']);
    expect(await names('fanSize=120+mm')).toEqual(['Mid Tower']);
    expect(await names('fanSize=140+mm')).toEqual(['Full Tower']);
    expect(await names('gpuLength=350+mm+and+up')).toEqual(['Mid Tower', 'Full Tower']);
    expect(await names('gpuLength=300+mm+and+up&sort=-price')).toEqual([
      'Office Tower',
      'Full Tower',
      'Mid Tower',
    ]);
    expect(await names('radiator=360+mm+and+up&category=gaming-cases')).toEqual(['Full Tower']);
    // Power supplies: modularity, read from the words admins used.
    expect(await names('modularity=fully+modular')).toEqual([
      'Gold 750',
      'Gold 750 Modular',
      'Platinum 1000',
    ]);
  });

  it('combines the filters with each other, q, category, sort and pages', async () => {
    expect(
      namesOf(await get('/api/products?wattage=750+W&efficiency=80+PLUS+Gold&sort=-price')),
    ).toEqual(['Odd Spelling 750', 'Gold 750 Modular', 'Gold 750']);
    expect(namesOf(await get('/api/products?formFactor=atx&category=cases'))).toEqual([
      'Mid Tower',
    ]);
    expect(namesOf(await get('/api/products?efficiency=80+plus+gold&q=flat'))).toEqual([
      'Gold 750 Modular',
    ]);
    const page = await get('/api/products?wattage=750+W&page=2&limit=3');
    expect(namesOf(page)).toEqual(['Odd Spelling 750']);
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe('4');
  });

  it("ux 2026-11-28 #19: counts the category's facets, each with the other facets' filters, not its own", async () => {
    expect(await facetsOf('?category=power-supplies')).toEqual({
      wattage: { '550 W': 1, '750 W': 4, '1000 W': 1 },
      efficiency: { '80 PLUS Bronze': 1, '80 PLUS Gold': 3, '80 PLUS Platinum': 2 },
      modularity: { 'Fully modular': 3, 'Non-modular': 1, 'Semi-modular': 1 },
    });
    // Values in a reader's order: 550 W before 1000 W.
    const res = productFacetsSchema.parse(
      (await get('/api/products/facets?category=power-supplies')).json(),
    );
    expect(res.facets.map((f) => f.label)).toEqual(['Wattage', 'Efficiency', 'Modularity']);
    expect(res.facets[0]?.values.map((v) => v.value)).toEqual(['550 W', '750 W', '1000 W']);

    expect(await facetsOf('?category=power-supplies&wattage=750+W')).toEqual({
      wattage: { '550 W': 1, '750 W': 4, '1000 W': 1 },
      efficiency: { '80 PLUS Gold': 3, '80 PLUS Platinum': 1 },
      modularity: { 'Fully modular': 2, 'Semi-modular': 1 },
    });
    expect(await facetsOf('?category=cases')).toEqual({
      formFactor: { ATX: 1, 'Micro-ATX': 1 },
      caseSize: { 'Mid tower': 1, Tower: 1 },
      fanSize: { '92 mm': 1, '120 mm': 1 },
      gpuLength: { '300 mm and up': 2, '350 mm and up': 1 },
      radiator: { '240 mm and up': 2, '280 mm and up': 1, '360 mm and up': 1 },
    });
    expect(await facetsOf('?category=gaming-cases&gpuLength=350+mm+and+up')).toMatchObject({
      formFactor: { 'E-ATX': 1 },
      caseSize: { 'Full tower': 1 },
      fanSize: { '140 mm': 1 },
    });
    // The whole catalog mixes types: no spec filters to count.
    expect(await facetsOf('')).toEqual({});
  });

  it('counts within q and category, and keeps a chosen value nothing has', async () => {
    expect(await facetsOf('?category=power-supplies&q=platinum')).toMatchObject({
      wattage: { '750 W': 1, '1000 W': 1 },
      efficiency: { '80 PLUS Platinum': 2 },
    });
    expect((await facetsOf('?category=power-supplies&q=platinum&wattage=450+W')).wattage).toEqual({
      '450 W': 0,
      '750 W': 1,
      '1000 W': 1,
    });
    // Signs alone name no product.
    expect((await facetsOf('?category=power-supplies&q=%25')).wattage).toEqual({});
  });

  describe('bad values', () => {
    const long = 'x'.repeat(SPEC_FILTER_MAX_LENGTH + 1);
    it.each([
      ['wattage', long],
      ['efficiency', 'gold\u0001'],
      ['formFactor', long],
    ])('refuses %s=%j with a 400 naming it, on both calls', async (name, value) => {
      for (const path of ['/api/products', '/api/products/facets']) {
        for (const rest of ['', '&q=atx&category=cases']) {
          const res = await get(`${path}?${name}=${encodeURIComponent(value)}${rest}`);
          expect(res.statusCode).toBe(400);
          const { error } = apiErrorSchema.parse(res.json());
          expect(error.code).toBe('validation_failed');
          expect(error.fields?.[name]).toBe(specFilterMessages.invalid(name));
        }
      }
    });

    it('refuses a filter given twice and a bad category on the facets call', async () => {
      const twice = await get('/api/products/facets?wattage=750+W&wattage=550+W');
      expect(twice.statusCode).toBe(400);
      expect(apiErrorSchema.parse(twice.json()).error.fields?.['wattage']).toBeDefined();
      const category = await get('/api/products/facets?category=cables');
      expect(category.statusCode).toBe(400);
      expect(apiErrorSchema.parse(category.json()).error.fields?.['category']).toBeDefined();
    });

    it('takes an empty filter, as a GET form sends it, as an absent one', async () => {
      const res = await get('/api/products?wattage=&efficiency=%20&formFactor=');
      expect(res.statusCode).toBe(200);
      expect(namesOf(res)).toHaveLength(10);
    });
  });

  it.each([
    '/api/products/facets?category=power-supplies',
    '/api/products/facets?category=power-supplies&wattage=750+W&q=gold',
  ])('answers %s the same to anyone, signed in or not', async (url) => {
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(200);
    for (const token of [customer.token, admin.token, 'not-a-real-token']) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(anonymous.body);
    }
  });
});

describe('countFacets', () => {
  it('counts a product once per value, even with the spec twice', () => {
    const { facets } = countFacets(
      [
        {
          category: 'power-supplies',
          specs: [
            { name: 'Wattage', value: '750 W' },
            { name: 'Wattage', value: '750 w' },
          ],
        },
        { category: 'power-supplies', specs: [{ name: 'Wattage', value: '  ' }] },
        // Another type's spec of the same name is not counted.
        { category: 'cases', specs: [{ name: 'Wattage', value: '750 W' }] },
      ],
      {},
      'power-supplies',
    );
    expect(facets[0]?.values).toEqual([{ value: '750 W', count: 1 }]);
  });
});
