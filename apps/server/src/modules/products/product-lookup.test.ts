import {
  apiErrorSchema,
  lookupMessages,
  lookupResultSchema,
  messages,
  stockMessages,
  b2bMessages,
} from '@shop/shared';
import { lookupRequestSchema } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductsRepository } from './products.repository.js';
import { createProductsService, type ProductsServiceDeps } from './products.service.js';
import { testDatabases } from '../../test/databases.js';
import { withShop } from '../../test/shop.js';
import { bearer, insertProduct, registerAccount, registerAdmin } from '../../test/factories.js';
import type { TestDb } from '../../test/databases.js';

/** A product with a SKU, a pack size and a price break, for the lookup's tests. */
async function skuProduct(
  db: TestDb,
  sku: string,
  { stock = 100, minimum = 6, increment = 6, priceCents = 5_000, archived = false } = {},
) {
  const id = await insertProduct(db, { stock, minimum, priceCents });
  await db.kysely
    .updateTable('products')
    .set({
      sku,
      increment,
      price_breaks: JSON.stringify([{ minQty: 24, priceCents: 4_000 }]),
      archived_at: archived ? new Date().toISOString() : null,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

describe.each(testDatabases)('POST /api/products/lookup on $name', (kind) => {
  const shop = withShop(kind);
  const tag = Math.random().toString(16).slice(2, 8).toUpperCase();
  const sku = (name: string) => `${name}-${tag}`;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    ids = {
      packed: await skuProduct(shop.db, sku('PACKED')),
      low: await skuProduct(shop.db, sku('LOW'), { stock: 12 }),
      empty: await skuProduct(shop.db, sku('EMPTY'), { stock: 3 }),
      gone: await skuProduct(shop.db, sku('GONE'), { archived: true }),
    };
  });

  const lookup = (lines: unknown, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url: '/api/products/lookup', headers, payload: { lines } });

  it('answers every line: product, unit price and total today, or the first reason in order', async () => {
    const res = await lookup([
      { sku: sku('packed').toLowerCase(), quantity: 24 },
      { sku: sku('PACKED'), quantity: 12 },
      { sku: 'NO-SUCH-SKU', quantity: 5 },
      { sku: sku('PACKED'), quantity: 2 },
      { sku: sku('PACKED'), quantity: 7 },
      { sku: sku('LOW'), quantity: 18 },
      { sku: sku('EMPTY'), quantity: 6 },
      { sku: sku('EMPTY'), quantity: 2 },
      { sku: sku('GONE'), quantity: 6 },
      { sku: `  ${sku('PACKED')}  `, quantity: '6' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { lines } = lookupResultSchema.parse(res.json());
    expect(lines).toHaveLength(10);
    // A price break reached, SKU in another case.
    expect(lines[0]).toMatchObject({ quantity: 24, unitPrice: 40, lineTotal: 960 });
    expect(lines[0]!.product?._id).toBe(ids['packed']);
    expect(lines[0]!.product?.sku).toBe(sku('PACKED'));
    expect(lines[0]!.error).toBeUndefined();
    expect(lines[1]).toMatchObject({ unitPrice: 50, lineTotal: 600 });
    expect(lines[2]).toEqual({
      sku: 'NO-SUCH-SKU',
      quantity: 5,
      error: { code: 'unknown_sku', message: lookupMessages.unknownSku('NO-SUCH-SKU') },
    });
    // Below the minimum comes before the pack size.
    expect(lines[3]!.error).toEqual({ code: 'below_minimum', message: messages.orderMinimum(6) });
    expect(lines[3]!.unitPrice).toBeUndefined();
    expect(lines[3]!.product?._id).toBe(ids['packed']);
    expect(lines[4]!.error).toEqual({
      code: 'not_pack_multiple',
      message: b2bMessages.notPackMultiple(6, [6, 12]),
    });
    expect(lines[5]!.error).toEqual({ code: 'out_of_stock', message: messages.orderMaximum(12) });
    // Stock below the minimum: out of stock for a quantity that passes the other rules...
    expect(lines[6]!.error).toEqual({
      code: 'out_of_stock',
      message: stockMessages.notEnoughForMinimum(6),
    });
    // ...and below the minimum first for one that does not.
    expect(lines[7]!.error?.code).toBe('below_minimum');
    // An archived product's SKU is unknown.
    expect(lines[8]!.error?.code).toBe('unknown_sku');
    expect(lines[8]!.product).toBeUndefined();
    expect(lines[9]).toMatchObject({ sku: sku('PACKED'), quantity: 6, unitPrice: 50 });
  });

  it('answers anyone the same: anonymous, a customer, an admin', async () => {
    const customer = await registerAccount(shop.app);
    const admin = await registerAdmin(shop.app, shop.db);
    const line = [{ sku: sku('PACKED'), quantity: 6 }];
    const answers = await Promise.all([
      lookup(line),
      lookup(line, bearer(customer.token)),
      lookup(line, bearer(admin.token)),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
  });

  it('looks up 200 lines with one query', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({
      sku: i % 2 ? sku('PACKED') : `UNKNOWN-${i}`,
      quantity: 6,
    }));
    const res = await lookup(lines);
    expect(res.statusCode).toBe(200);
    expect(lookupResultSchema.parse(res.json()).lines).toHaveLength(200);
    // The service on a database that counts what it is asked.
    let queries = 0;
    const counting = shop.db.kysely.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const service = createProductsService(createProductsRepository(counting, shop.db.dialect), {
      orders: {} as ProductsServiceDeps['orders'],
      afterCancel: async () => undefined,
      synonyms: { pairs: async () => [] },
    });
    const result = await service.lookup(lookupRequestSchema.parse({ lines }));
    expect(result.lines.filter((line) => line.unitPrice === 50)).toHaveLength(100);
    expect(queries).toBe(1);
  });

  it.each([
    ['no lines', [], 'lines', lookupMessages.noLines],
    [
      '201 lines',
      Array.from({ length: 201 }, () => ({ sku: 'A', quantity: 1 })),
      'lines',
      lookupMessages.tooManyLines,
    ],
    ['an empty SKU', [{ sku: '  ', quantity: 1 }], 'lines.0.sku', lookupMessages.skuRequired],
    [
      'a long SKU',
      [{ sku: 'A'.repeat(41), quantity: 1 }],
      'lines.0.sku',
      lookupMessages.skuTooLong,
    ],
    [
      'a quantity of 0',
      [{ sku: 'A', quantity: 0 }],
      'lines.0.quantity',
      'Quantity must be at least 1',
    ],
    [
      'a fractional quantity',
      [{ sku: 'A', quantity: 1.5 }],
      'lines.0.quantity',
      'Quantity must be a whole number',
    ],
    [
      'a quantity as words',
      [{ sku: 'A', quantity: 'ten' }],
      'lines.0.quantity',
      'Quantity must be a whole number',
    ],
    ['lines not a list', 'A 1', 'lines', lookupMessages.noLines],
  ])('refuses %s with 400 naming the field', async (_name, lines, field, message) => {
    const res = await lookup(lines);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.fields?.[field]).toBe(message);
  });
});
