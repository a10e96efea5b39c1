import { apiErrorSchema, messages, productSchema, reviewListSchema } from '@shop/shared';
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

const valid = {
  name: 'Aurora Mesh Mid-Tower',
  aqty: '250',
  price: '59.90',
  minquantity: '10',
  description: 'A mesh-front mid tower with four fans.',
  imgURL: 'https://cdn.example.com/aurora.png',
};

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipartBody(content: Buffer, filename: string, type: string) {
  const boundary = '----shoptestboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases)('catalog admin and reviews on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let customer: TestAccount;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });
  const create = async (body: Record<string, unknown> = valid) => {
    const res = await call({ method: 'POST', url: '/api/product', payload: body }, admin.token);
    return res;
  };

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    customer = await registerAccount(shop.app, { name: 'Aisha Bello' });
  });

  describe('access', () => {
    const requests: [string, (id: string) => InjectOptions][] = [
      ['POST /api/product', () => ({ method: 'POST', url: '/api/product', payload: valid })],
      [
        'PUT /api/products/{id}',
        (id) => ({ method: 'PUT', url: `/api/products/${id}`, payload: valid }),
      ],
      ['DELETE /api/products/{id}', (id) => ({ method: 'DELETE', url: `/api/products/${id}` })],
      [
        'POST /api/uploads',
        () => ({
          method: 'POST',
          url: '/api/uploads',
          ...multipartBody(PNG, 'a.png', 'image/png'),
        }),
      ],
    ];
    it.each(requests)('%s is for admins only', async (_name, request) => {
      const { insertedId } = (await create()).json() as { insertedId: string };
      const tokens: [string | undefined, number][] = [
        [undefined, 401],
        [await expiredToken(shop.db, customer, TEST_AUTH_SECRET), 401],
        [await forgedToken(admin), 401],
        [customer.token, 403],
        [admin.token, 200],
      ];
      for (const [token, status] of tokens) {
        const res = await call(request(insertedId), token);
        expect(res.statusCode, res.body).toBe(status);
      }
    });

    it('POST /api/reviews needs a signed-in user', async () => {
      const body = { rating: 5, review: 'x'.repeat(60) };
      expect((await call({ method: 'POST', url: '/api/reviews', payload: body })).statusCode).toBe(
        401,
      );
      expect(
        (
          await call(
            { method: 'POST', url: '/api/reviews', payload: body },
            await forgedToken(customer),
          )
        ).statusCode,
      ).toBe(401);
      expect(
        (await call({ method: 'POST', url: '/api/reviews', payload: body }, customer.token))
          .statusCode,
      ).toBe(200);
      expect(
        (await call({ method: 'POST', url: '/api/reviews', payload: body }, admin.token))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('products', () => {
    it('adds a product from numeric strings, lists it, edits and deletes it', async () => {
      const res = await create();
      expect(res.statusCode, res.body).toBe(200);
      const { insertedId, product } = res.json() as { insertedId: string; product: unknown };
      expect(productSchema.parse(product)).toMatchObject({
        _id: insertedId,
        name: valid.name,
        price: 59.9,
        aqty: 250,
        minquantity: 10,
        imgURL: valid.imgURL,
      });
      const listed = await call({ method: 'GET', url: `/api/products/${insertedId}` });
      expect(listed.json()).toMatchObject({ name: valid.name });

      const edit = await call(
        {
          method: 'PUT',
          url: `/api/products/${insertedId}`,
          payload: { ...valid, price: 64.5, aqty: 300 },
        },
        admin.token,
      );
      expect(edit.json()).toMatchObject({ modifiedCount: 1, product: { price: 64.5, aqty: 300 } });

      const del = await call({ method: 'DELETE', url: `/api/products/${insertedId}` }, admin.token);
      // No orders: deleted for real.
      expect(del.json()).toEqual({ deletedCount: 1, archived: false, cancelledOrders: 0 });
      expect((await call({ method: 'GET', url: `/api/products/${insertedId}` })).statusCode).toBe(
        404,
      );
      expect(
        (await call({ method: 'DELETE', url: `/api/products/${insertedId}` }, admin.token))
          .statusCode,
      ).toBe(404);
    });

    it.each([
      ['no name', { name: '' }, 'name'],
      ['no image', { imgURL: '' }, 'imgURL'],
      ['a script URL', { imgURL: 'javascript:alert(1)' }, 'imgURL'],
      ['a zero price', { price: '0' }, 'price'],
      ['a negative price', { price: -5 }, 'price'],
      ['a price with 3 decimals', { price: '1.999' }, 'price'],
      ['a word for a price', { price: 'cheap' }, 'price'],
      ['an empty stock', { aqty: '' }, 'aqty'],
      ['a fractional stock', { aqty: '2.5' }, 'aqty'],
      ['a negative stock', { aqty: -1 }, 'aqty'],
      ['a huge name', { name: 'x'.repeat(500) }, 'name'],
      ['a huge description', { description: 'x'.repeat(5000) }, 'description'],
    ])('refuses %s with a field error and stores nothing', async (_label, change, field) => {
      const before = (await call({ method: 'GET', url: '/api/products' })).json() as unknown[];
      const res = await create({ ...valid, ...change });
      expect(res.statusCode).toBe(400);
      const message = apiErrorSchema.parse(res.json()).error.fields?.[field];
      expect(message).toBeDefined();
      if ('aqty' in change && change.aqty === '') {
        expect(message).toBe('Available Quantity is required');
      }
      const after = (await call({ method: 'GET', url: '/api/products' })).json() as unknown[];
      expect(after).toHaveLength(before.length);
    });

    it('archives a deleted product that has orders, keeping them readable and cancelling the unpaid ones', async () => {
      const { insertedId } = (await create({ ...valid, minquantity: 1 })).json() as {
        insertedId: string;
      };
      const order = await call(
        {
          method: 'POST',
          url: '/api/order',
          payload: { orderProduct: insertedId, phone: '555', address: 'A 1', orderQty: 2 },
        },
        customer.token,
      );
      const orderId = (order.json() as { insertedId: string }).insertedId;
      const del = await call({ method: 'DELETE', url: `/api/products/${insertedId}` }, admin.token);
      expect(del.json()).toEqual({ deletedCount: 1, archived: true, cancelledOrders: 1 });
      const read = await call({ method: 'GET', url: `/api/orders/${orderId}` }, customer.token);
      expect(read.json()).toMatchObject({
        orderPName: valid.name,
        orderProduct: insertedId,
        orderQty: 2,
        orderPrice: 119.8,
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
      });
      expect((await call({ method: 'GET', url: `/api/products/${insertedId}` })).statusCode).toBe(
        404,
      );
    });
  });

  describe('uploads', () => {
    it('stores a PNG under a random name and serves it, cached', async () => {
      const res = await call(
        {
          method: 'POST',
          url: '/api/uploads',
          ...multipartBody(PNG, '../../evil.png', 'image/png'),
        },
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json() as { url: string };
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
      const served = await shop.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toContain('immutable');
      const product = await create({ ...valid, imgURL: url });
      expect(product.statusCode).toBe(200);
    });

    it.each([
      ['a text file', Buffer.from('hello'), 'notes.png', 'image/png'],
      [
        'an SVG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ],
    ])('refuses %s', async (_label, content, name, type) => {
      const res = await call(
        { method: 'POST', url: '/api/uploads', ...multipartBody(content, name, type) },
        admin.token,
      );
      expect(res.statusCode).toBe(415);
      apiErrorSchema.parse(res.json());
    });

    it('refuses an image over 2 MB', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
      const res = await call(
        { method: 'POST', url: '/api/uploads', ...multipartBody(big, 'big.png', 'image/png') },
        admin.token,
      );
      expect(res.statusCode).toBe(413);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('payload_too_large');
    });

    it('refuses a request that is not multipart', async () => {
      const res = await call(
        { method: 'POST', url: '/api/uploads', payload: { file: 'x' } },
        admin.token,
      );
      expect(res.statusCode).toBe(415);
    });
  });

  describe('reviews', () => {
    it('takes the author, name and time from the token and the clock, and lists it first', async () => {
      const text = 'Great airflow and solid steel; our customers noticed the quality right away.';
      const res = await call(
        {
          method: 'POST',
          url: '/api/reviews',
          payload: {
            rating: '4',
            review: text,
            time: '1999-01-01',
            user: admin.email,
            reviewer: 'Someone Famous',
          },
        },
        customer.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { insertedId } = res.json() as { insertedId: string };
      const list = reviewListSchema.parse(
        (await call({ method: 'GET', url: '/api/reviews?limit=6' })).json(),
      );
      expect(list[0]).toMatchObject({
        _id: insertedId,
        rating: 4,
        review: text,
        reviewer: 'Aisha Bello',
      });
      expect(Date.now() - Date.parse(list[0]!.time)).toBeLessThan(60_000);
      const row = await shop.db.kysely
        .selectFrom('reviews')
        .select('user_id')
        .where('id', '=', insertedId)
        .executeTakeFirstOrThrow();
      const me = await shop.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', customer.email)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(me.id);
    });

    it.each([
      ['no rating', { rating: undefined }, 'rating', undefined],
      ['a rating of 0', { rating: 0 }, 'rating', messages.ratingHint],
      ['a rating of 6', { rating: 6 }, 'rating', messages.ratingHint],
      ['a rating of 2.5', { rating: 2.5 }, 'rating', messages.ratingHint],
      ['no review', { review: '' }, 'review', messages.reviewRequired],
      ['a short review', { review: 'Too short.' }, 'review', messages.reviewTooShort],
      ['a huge review', { review: 'x'.repeat(3000) }, 'review', undefined],
    ])('refuses %s', async (_label, change, field, message) => {
      const payload = { rating: 5, review: 'y'.repeat(60), ...change };
      const res = await call({ method: 'POST', url: '/api/reviews', payload }, customer.token);
      expect(res.statusCode).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.fields?.[field]).toBeDefined();
      if (message) expect(error.fields?.[field]).toBe(message);
    });
  });
});
