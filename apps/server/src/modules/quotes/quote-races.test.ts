import { quoteCreatedSchema, type Quote } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../auth/guard.js';
import type { QuoteRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  confirmAddress,
  insertProduct,
  registerAccount,
  registerAdmin,
  stockIn,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';
import { createCompaniesRepository } from '../companies/companies.repository.js';
import { createCompaniesService } from '../companies/companies.service.js';
import { createOrdersRepository } from '../orders/orders.repository.js';
import { createOrdersService } from '../orders/orders.service.js';
import { createQuotesRepository } from './quotes.repository.js';
import { createQuotesService } from './quotes.service.js';

/**
 * The accept's conditions, made to matter every time: the service here reads each quote once
 * and keeps that read (as a request that read it just before another one committed), so only
 * the conditional UPDATE of the claim (status offered, the offer's version, still valid) stands
 * between a stale read and a second order or an order at prices the buyer never saw. The same
 * races sent at once through the API are in quotes.test.ts.
 */
describe.each(testDatabases)('the accept’s conditions on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let shopAdmin: TestAccount;
  let buyer: TestAccount;
  let caller: CurrentUser;
  let service: ReturnType<typeof createQuotesService>;

  const call = (options: InjectOptions, token: string) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const details = { phone: '+1 555 0100', address: '1 Test Street', poNumber: undefined };

  async function offered(productId: string, unitPrice: number): Promise<Quote> {
    const res = await call(
      {
        method: 'POST',
        url: '/api/quotes',
        payload: { lines: [{ productId, quantity: 10 }] },
      },
      buyer.token,
    );
    const quote = quoteCreatedSchema.parse(res.json()).quote;
    await offer(quote._id, productId, unitPrice);
    return quote;
  }

  async function offer(quoteId: string, productId: string, unitPrice: number) {
    const res = await call(
      {
        method: 'PUT',
        url: `/api/quotes/${quoteId}/offer`,
        payload: {
          lines: [{ productId, quantity: 10, unitPrice }],
          validUntil: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
      shopAdmin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  const refusedWith = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
    return 'accepted';
  };

  const orderLines = (productId: string) =>
    db.kysely
      .selectFrom('order_lines')
      .select(['quantity', 'unit_price_cents'])
      .where('product_id', '=', productId)
      .execute();

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
    shopAdmin = await registerAdmin(app, db);
    buyer = await registerAccount(app, { label: 'buyer', name: 'Bea Buyer' });
    await confirmAddress(db, buyer.email);
    caller = {
      id: await userIdOf(db, buyer),
      email: buyer.email,
      displayName: 'Bea Buyer',
      role: 'user',
      emailVerified: true,
    };
    const repository = createQuotesRepository(db.kysely, db.dialect);
    const firstReads = new Map<string, QuoteRow>();
    const companies = createCompaniesService(createCompaniesRepository(db.kysely, db.dialect));
    const orders = createOrdersService({
      orders: createOrdersRepository(db.kysely, db.dialect),
      intents: { cancelOpen: async () => false },
      log: pino({ level: 'silent' }),
      rules: { holdMinutes: 30, maxUnpaidOrders: 5, maxUnpaidCents: 2_500_000 },
      companies,
    });
    service = createQuotesService({
      quotes: {
        ...repository,
        // Outside a transaction: the first read of each quote, kept (a stale read).
        async find(id, q) {
          if (q) return repository.find(id, q);
          const kept = firstReads.get(id);
          if (kept) return kept;
          const row = await repository.find(id);
          if (row) firstReads.set(id, row);
          return row;
        },
      },
      orders,
      companies,
      artworkQuotaBytes: 25 * 1024 * 1024,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('a second accept that read the quote before the first committed makes no second order', async () => {
    const product = await insertProduct(db, { stock: 100 });
    const quote = await offered(product, 4);
    await service.get(caller, quote._id); // the read both accepts start from
    expect(await refusedWith(service.accept(caller, quote._id, details))).toBe('accepted');
    expect(await refusedWith(service.accept(caller, quote._id, details))).toBe('quote_closed');
    expect(await orderLines(product)).toHaveLength(1);
    expect(await stockIn(db, product)).toBe(90);
  });

  it('an accept of the offer the buyer read, after a new offer, is refused, not made at the new prices', async () => {
    const product = await insertProduct(db, { stock: 100 });
    const quote = await offered(product, 4);
    await service.get(caller, quote._id); // the buyer reads version 1
    await offer(quote._id, product, 6); // the admin makes version 2
    const accepted = service.accept(caller, quote._id, { ...details, offerVersion: 1 });
    expect(await refusedWith(accepted)).toBe('quote_changed');
    expect(await orderLines(product)).toHaveLength(0);
    expect(await stockIn(db, product)).toBe(100);
  });

  it('a refused line rolls the claim back with the order', async () => {
    const product = await insertProduct(db, { stock: 100 });
    const quote = await offered(product, 4);
    await db.kysely.updateTable('products').set({ aqty: 5 }).where('id', '=', product).execute();
    expect(await refusedWith(service.accept(caller, quote._id, details))).toBe('out_of_stock');
    const row = await db.kysely
      .selectFrom('quotes')
      .select(['status', 'order_id'])
      .where('id', '=', quote._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'offered', order_id: null });
  });
});
