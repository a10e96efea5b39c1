import { apiErrorSchema, productListSchema, productSchema, SHOWCASE_SIZE } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed/demo-data.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { testDatabases } from '../../test/databases.js';
import { withShop } from '../../test/shop.js';

describe.each(testDatabases)('products API on $name', (kind) => {
  const shop = withShop(kind, { before: (db) => seedDemoData(db) });

  describe('GET /api/products', () => {
    it('lists every product in catalog order with the spec field names', async () => {
      const res = await shop.app.inject({ method: 'GET', url: '/api/products' });
      expect(res.statusCode).toBe(200);
      const products = productListSchema.parse(res.json());
      expect(products.map((p) => p.name)).toEqual(demoProducts.map((p) => p.name));

      const first = products[0]!;
      const source = demoProducts[0]!;
      expect(first).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: source.name,
        productName: source.name,
        price: source.priceCents / 100,
        description: source.description,
        imgURL: source.image,
        image: source.image,
        aqty: source.aqty,
        aQty: source.aqty,
        minquantity: source.minquantity,
        category: source.category,
        sku: source.sku,
        specs: source.specs,
        increment: source.increment,
        priceBreaks: source.priceBreaks.map((b) => ({
          minQty: b.minQty,
          price: b.priceCents / 100,
        })),
      });
      expect(first.priceBreaks).toEqual([
        { minQty: 100, price: 45 },
        { minQty: 250, price: 42.5 },
        { minQty: 500, price: 40 },
      ]);
    });

    it('returns the first N products with ?limit', async () => {
      const res = await shop.app.inject({
        method: 'GET',
        url: `/api/products?limit=${SHOWCASE_SIZE}`,
      });
      expect(res.statusCode).toBe(200);
      const names = productListSchema.parse(res.json()).map((p) => p.name);
      expect(names).toEqual(demoProducts.slice(0, SHOWCASE_SIZE).map((p) => p.name));
    });

    // An empty `?limit=` is an absent one (list-queries.ts): the whole list.
    it.each(['0', '-1', '101', '1.5', 'abc'])(
      'refuses ?limit=%s with a field error',
      async (limit) => {
        const res = await shop.app.inject({ method: 'GET', url: `/api/products?limit=${limit}` });
        expect(res.statusCode).toBe(400);
        const { error } = apiErrorSchema.parse(res.json());
        expect(error.code).toBe('validation_failed');
        expect(error.fields?.['limit']).toMatch(/limit/);
      },
    );

    it('is public: no token is needed', async () => {
      const res = await shop.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { authorization: 'Bearer not-a-real-token' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('GET /api/products/:id', () => {
    it('returns one product', async () => {
      const list = productListSchema.parse(
        (await shop.app.inject({ method: 'GET', url: '/api/products' })).json(),
      );
      const wanted = list[3]!;
      const res = await shop.app.inject({ method: 'GET', url: `/api/products/${wanted._id}` });
      expect(res.statusCode).toBe(200);
      expect(productSchema.parse(res.json())).toEqual(wanted);
    });

    it.each([
      ['an unknown id', '0123456789abcdef01234567'],
      ['a malformed id', 'not-an-id'],
      ['an id with SQL in it', "1' or '1'='1"],
    ])('answers 404 with a JSON error for %s', async (_label, id) => {
      const res = await shop.app.inject({
        method: 'GET',
        url: `/api/products/${encodeURIComponent(id)}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(apiErrorSchema.parse(res.json()).error).toEqual({
        code: 'not_found',
        message: 'Product not found',
      });
    });

    it('answers 414 with a JSON error for an absurdly long id', async () => {
      const res = await shop.app.inject({ method: 'GET', url: `/api/products/${'a'.repeat(500)}` });
      expect(res.statusCode).toBe(414);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('uri_too_long');
    });
  });
});
