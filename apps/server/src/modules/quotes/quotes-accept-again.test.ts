import {
  apiErrorSchema,
  companyCreatedSchema,
  MAX_OPEN_QUOTE_REQUESTS,
  quoteAcceptedSchema,
  quoteCreatedSchema,
  quoteListSchema,
  quoteModifiedSchema,
  quoteSchema,
  type CompanyWithMembers,
  type Quote,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
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

const DAY = 86_400_000;

/**
 * Issue 33 point 5, the usability walk of 2026-11-28 (defects 3, 4 and 21): quotes that can be
 * accepted. An offer beyond the stock warns the shop admin, who sees the company, list price,
 * breaks and stock; an offer may carry fees that become order lines; the buyer asks for a new
 * offer from the quote; a quote whose order was rejected, cancelled, expired or deleted is
 * offered again; quotes have sequential numbers. On both databases.
 */
describe.each(testDatabases)('quotes that can be accepted on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);

  let shopAdmin: TestAccount;
  let buyer: TestAccount;
  let stranger: TestAccount;
  let owner: TestAccount;
  let member: TestAccount;
  let company: CompanyWithMembers;

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const refusal = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).error;
  const inDays = (days: number) => new Date(clock().getTime() + days * DAY).toISOString();

  async function request(account: TestAccount, productId: string, quantity = 2000) {
    const res = await call(
      {
        method: 'POST',
        url: '/api/quotes',
        payload: { lines: [{ productId, quantity }], note: 'Our logo' },
      },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return quoteCreatedSchema.parse(res.json()).quote;
  }

  const offerCall = (quoteId: string, payload: object) =>
    call({ method: 'PUT', url: `/api/quotes/${quoteId}/offer`, payload }, shopAdmin.token);

  async function offer(
    quoteId: string,
    lines: { productId: string; quantity: number; unitPrice: number | string }[],
    extra: object = {},
  ) {
    const res = await offerCall(quoteId, { lines, validUntil: inDays(7), ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return quoteModifiedSchema.parse(res.json());
  }

  const accept = (quoteId: string, account: TestAccount, body: object = {}, on = app) =>
    call(
      {
        method: 'POST',
        url: `/api/quotes/${quoteId}/accept`,
        payload: { phone: '+1 555 0100', address: '1 Test Street', ...body },
      },
      account.token,
      on,
    );
  const askAgain = (quoteId: string, account: TestAccount, body: object, on = app) =>
    call(
      { method: 'POST', url: `/api/quotes/${quoteId}/request-again`, payload: body },
      account.token,
      on,
    );
  const read = async (quoteId: string, account: TestAccount) => {
    const res = await call({ method: 'GET', url: `/api/quotes/${quoteId}` }, account.token);
    expect(res.statusCode, res.body).toBe(200);
    return quoteSchema.parse(res.json());
  };
  const openCount = async (account: TestAccount) =>
    (
      await db.kysely
        .selectFrom('quote_request_counts')
        .select('open')
        .where('user_id', '=', await userIdOf(db, account))
        .executeTakeFirst()
    )?.open ?? 0;

  beforeAll(async () => {
    db = await kind.open();
    otherDb = kind.name === 'postgres' ? db.reopen() : db;
    app = await buildTestApp(db, {}, { now: clock });
    second = await buildTestApp(otherDb, {}, { now: clock });
    shopAdmin = await registerAdmin(app, db);
    buyer = await registerAccount(app, { label: 'buyer', name: 'Bea Buyer' });
    stranger = await registerAccount(app, { label: 'stranger', name: 'Sam Stranger' });
    owner = await registerAccount(app, { label: 'owner', name: 'Olivia Owner' });
    member = await registerAccount(app, { label: 'member', name: 'Max Member' });
    for (const account of [buyer, stranger, owner, member]) {
      await confirmAddress(db, account.email);
    }
    const created = await call(
      {
        method: 'POST',
        url: '/api/companies',
        payload: { name: 'Acme Systems GmbH', billingAddress: '1 Main St' },
      },
      owner.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    company = companyCreatedSchema.parse(created.json()).company;
    // A buyer with a $100 order limit (the invitation flow is the companies module's).
    await db.kysely
      .insertInto('company_members')
      .values({
        user_id: await userIdOf(db, member),
        company_id: company._id,
        role: 'buyer',
        order_limit_cents: 10_000,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    if (otherDb !== db) await otherDb?.close();
    await db?.drop();
  });

  it('ux 2026-11-28 #3: an offer beyond the stock is sent with a warning naming the line, not refused', async () => {
    const product = await insertProduct(db, { stock: 1100, minimum: 10 });
    const quote = await request(buyer, product);
    const sent = await offer(quote._id, [{ productId: product, quantity: 2000, unitPrice: 39.5 }]);
    expect(sent.quote.status).toBe('offered');
    expect(sent.warnings).toEqual([
      {
        field: 'lines.0.quantity',
        message: expect.stringMatching(/^2,000 offered, but only 1,100 of .* are in stock now/),
      },
    ]);
    // Within the stock: no warning.
    const within = await offer(quote._id, [
      { productId: product, quantity: 1000, unitPrice: 39.5 },
    ]);
    expect(within.warnings).toEqual([]);
  });

  it('ux 2026-11-28 #21: the shop admin sees the company, list price, breaks and stock of each line; the buyer does not see the facts', async () => {
    const product = await insertProduct(db, { stock: 1100, minimum: 10 });
    await db.kysely
      .updateTable('products')
      .set({
        sku: `M3-${product.slice(-6)}`,
        price_breaks: JSON.stringify([{ minQty: 100, priceCents: 4250 }]),
      })
      .where('id', '=', product)
      .execute();
    const quote = await request(member, product);
    const forAdmin = await read(quote._id, shopAdmin);
    expect(forAdmin.companyName).toBe('Acme Systems GmbH');
    expect(forAdmin.products).toEqual([
      {
        productId: product,
        sku: `M3-${product.slice(-6)}`,
        name: expect.any(String) as string,
        listPrice: 48.5,
        priceBreaks: [{ minQty: 100, price: 42.5 }],
        stock: 1100,
        archived: false,
      },
    ]);
    const forBuyer = await read(quote._id, member);
    expect(forBuyer.companyName).toBe('Acme Systems GmbH');
    expect(forBuyer.products).toBeUndefined();
  });

  it('ux 2026-11-28 #21: an offer carries a setup fee, which becomes a line of the order, its invoice total and nothing of the stock', async () => {
    const product = await insertProduct(db, { stock: 500, minimum: 10 });
    const quote = await request(buyer, product, 100);
    const sent = await offer(quote._id, [{ productId: product, quantity: 100, unitPrice: 40 }], {
      extraLines: [{ description: '  Logo print setup  ', amount: '250.00' }],
    });
    expect(sent.quote.offer?.extraLines).toEqual([
      { description: 'Logo print setup', amount: 250 },
    ]);
    expect(sent.quote.offer?.total).toBe(4250);

    const res = await accept(quote._id, buyer, { offerVersion: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = quoteAcceptedSchema.parse(res.json());
    expect(order.orderPrice).toBe(4250);
    expect(order.orderQty).toBe(100);
    expect(order.lines.map((line) => [line.productName, line.quantity, line.lineTotal])).toEqual([
      [expect.any(String), 100, 4000],
      ['Logo print setup', 1, 250],
    ]);
    expect(order.lines[1]).toMatchObject({ productId: null, sku: null });
    expect(await stockIn(db, product)).toBe(400);
  });

  it('ux 2026-11-28 #21: extra lines are bounded and checked, each refusal naming its field', async () => {
    const product = await insertProduct(db, { stock: 500 });
    const quote = await request(buyer, product, 10);
    const lines = [{ productId: product, quantity: 10, unitPrice: 10 }];
    const cases: [object, string, string][] = [
      [[{ description: '', amount: 10 }], 'extraLines.0.description', 'Describe the extra line'],
      [[{ description: 'Setup', amount: 0 }], 'extraLines.0.amount', 'Amount must be a positive'],
      [[{ description: 'Setup', amount: 'ten' }], 'extraLines.0.amount', 'Amount must be'],
      [[{ description: 'x'.repeat(201), amount: 1 }], 'extraLines.0.description', 'at most 200'],
      [
        Array.from({ length: 11 }, (_, i) => ({ description: `Fee ${i}`, amount: 1 })),
        'extraLines',
        'at most 10 extra lines',
      ],
      [[{ description: 'Setup', amount: 999_999.99 }], 'lines', 'at most $999,999.99'],
    ];
    for (const [extraLines, field, message] of cases) {
      const res = await offerCall(quote._id, { lines, validUntil: inDays(7), extraLines });
      expect(res.statusCode, res.body).toBe(400);
      expect(refusal(res).fields?.[field]).toContain(message);
    }
    expect((await read(quote._id, buyer)).status).toBe('requested');
  });

  it('ux 2026-11-28 #3: the buyer asks for a new offer from the quote: requested again, the old offer in the history for both sides', async () => {
    const product = await insertProduct(db, { stock: 1100 });
    const quote = await request(buyer, product);
    await offer(quote._id, [{ productId: product, quantity: 2000, unitPrice: 39.5 }]);
    // The accept fails on the stock; the page offers to ask again.
    expect((await accept(quote._id, buyer)).statusCode).toBe(409);
    const waiting = await openCount(buyer);

    // Refusals first: no message, a stranger, a shop admin, a stale version.
    const empty = await askAgain(quote._id, buyer, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(refusal(empty).fields?.message).toBe('Tell us what the new offer should change');
    expect((await askAgain(quote._id, stranger, { message: 'Please' })).statusCode).toBe(403);
    expect((await askAgain(quote._id, shopAdmin, { message: 'Please' })).statusCode).toBe(403);
    const stale = await askAgain(quote._id, buyer, { message: 'Please', offerVersion: 9 });
    expect(stale.statusCode).toBe(409);
    expect(refusal(stale).code).toBe('quote_changed');

    const res = await askAgain(quote._id, buyer, {
      message: 'Offer 1,000 now and 1,000 next month?',
      offerVersion: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const asked = quoteModifiedSchema.parse(res.json()).quote;
    expect(asked.status).toBe('requested');
    expect(asked.offer).toBeNull();
    expect(asked.history).toEqual([
      expect.objectContaining({
        kind: 'new-offer-asked',
        message: 'Offer 1,000 now and 1,000 next month?',
        offer: expect.objectContaining({ version: 1, total: 79_000 }) as unknown,
      }),
    ]);
    expect((await read(quote._id, shopAdmin)).history).toHaveLength(1);
    // It waits for an answer again: counted among the buyer's waiting quotes.
    expect(await openCount(buyer)).toBe(waiting + 1);
    // Asked once: not again until the shop answers.
    const twice = await askAgain(quote._id, buyer, { message: 'And again' });
    expect(twice.statusCode).toBe(409);
    expect(refusal(twice).code).toBe('quote_not_offered');

    // The shop answers; the new offer (version 2) can be accepted.
    await offer(quote._id, [{ productId: product, quantity: 1000, unitPrice: 39.5 }]);
    expect(await openCount(buyer)).toBe(waiting);
    const accepted = await accept(quote._id, buyer, { offerVersion: 2 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Ordered: no more asking.
    const closed = await askAgain(quote._id, buyer, { message: 'More?' });
    expect(closed.statusCode).toBe(409);
    expect(refusal(closed).code).toBe('quote_closed');
  });

  it('ux 2026-11-28 #3: asking again is held to the cap of quotes waiting for an answer', async () => {
    const product = await insertProduct(db, { stock: 50 });
    const flooder = await registerAccount(app, { label: 'flooder' });
    await confirmAddress(db, flooder.email);
    const first = await request(flooder, product, 5);
    await offer(first._id, [{ productId: product, quantity: 5, unitPrice: 1 }]);
    for (let i = 1; i < MAX_OPEN_QUOTE_REQUESTS + 1; i += 1) await request(flooder, product, 5);
    const res = await askAgain(first._id, flooder, { message: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(refusal(res).code).toBe('too_many_quote_requests');
    expect((await read(first._id, flooder)).status).toBe('offered');
  });

  it('ux 2026-11-28 #4: a quote whose order the approver rejected is offered again, and can be accepted again', async () => {
    const product = await insertProduct(db, { stock: 100 });
    const quote = await request(member, product, 10);
    await offer(quote._id, [{ productId: product, quantity: 10, unitPrice: 50 }]);
    const res = await accept(quote._id, member);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = quoteAcceptedSchema.parse(res.json());
    expect(order.approvalStatus).toBe('awaiting_approval');

    const rejected = await call(
      {
        method: 'POST',
        url: `/api/orders/${order._id}/reject`,
        payload: { reason: 'Wait for the budget' },
      },
      owner.token,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = await read(quote._id, member);
    expect(after.status).toBe('offered');
    expect(after.orderId).toBeNull();
    expect(after.history).toEqual([
      expect.objectContaining({
        kind: 'order-rejected',
        message: 'Wait for the budget',
        orderId: order._id,
        orderNumber: order.orderNumber,
      }),
    ]);
    expect((await read(quote._id, shopAdmin)).status).toBe('offered');
    expect(await stockIn(db, product)).toBe(100);
    // The owner (an approver) accepts it now: an order again at the offered price.
    const again = await accept(quote._id, owner);
    expect(again.statusCode, again.body).toBe(200);
    const second = quoteAcceptedSchema.parse(again.json());
    expect(second.quote.status).toBe('ordered');
    expect(second.order.orderPrice).toBe(500);
  });

  it('ux 2026-11-28 #4: a quote whose order expired unpaid is offered again, or expired once its offer ran out', async () => {
    const product = await insertProduct(db, { stock: 100 });
    const quote = await request(buyer, product, 10);
    await offer(quote._id, [{ productId: product, quantity: 10, unitPrice: 5 }]);
    const res = await accept(quote._id, buyer);
    const { order } = quoteAcceptedSchema.parse(res.json());
    expect(await app.orderExpiry.runOnce(new Date(Date.now() + DAY))).toBeGreaterThanOrEqual(1);
    const after = await read(quote._id, buyer);
    expect(after.status).toBe('offered');
    expect(after.history.map((entry) => [entry.kind, entry.orderId])).toEqual([
      ['order-cancelled', order._id],
    ]);

    // A second one whose offer has run out by the time its order expires: expired.
    const late = await request(buyer, product, 10);
    await offer(late._id, [{ productId: product, quantity: 10, unitPrice: 5 }]);
    await accept(late._id, buyer);
    offset = 8 * DAY;
    try {
      await app.orderExpiry.runOnce(clock());
      const expired = await read(late._id, buyer);
      expect(expired.status).toBe('expired');
      expect(refusal(await accept(late._id, buyer)).code).toBe('quote_expired');
      // The buyer can still ask for a new offer.
      expect((await askAgain(late._id, buyer, { message: 'Renew it' })).statusCode).toBe(200);
    } finally {
      offset = 0;
    }
  });

  it('ux 2026-11-28 #4: a quote whose unpaid order the buyer deleted is offered again', async () => {
    const product = await insertProduct(db, { stock: 100 });
    const quote = await request(buyer, product, 10);
    await offer(quote._id, [{ productId: product, quantity: 10, unitPrice: 5 }]);
    const { order } = quoteAcceptedSchema.parse((await accept(quote._id, buyer)).json());
    const deleted = await call({ method: 'DELETE', url: `/api/orders/${order._id}` }, buyer.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await read(quote._id, buyer);
    expect(after.status).toBe('offered');
    expect(after.history.map((entry) => entry.kind)).toEqual(['order-deleted']);
  });

  it('ux 2026-11-28 #4: a paid order leaves its quote ordered', async () => {
    const product = await insertProduct(db, { stock: 100 });
    const quote = await request(buyer, product, 10);
    await offer(quote._id, [{ productId: product, quantity: 10, unitPrice: 5 }]);
    const { order } = quoteAcceptedSchema.parse((await accept(quote._id, buyer)).json());
    // Paid (however: card, by hand, on account), written as the payment flow leaves it.
    await db.kysely
      .updateTable('orders')
      .set({ payment_status: 'paid', order_status: 'placed', expires_at: null })
      .where('id', '=', order._id)
      .execute();
    expect(await app.orderExpiry.runOnce(new Date(Date.now() + DAY))).toBe(0);
    expect((await read(quote._id, buyer)).status).toBe('ordered');
  });

  it('ux 2026-11-28 #27: quote numbers are sequential, found by number', async () => {
    const product = await insertProduct(db, { stock: 10 });
    const first = await request(stranger, product, 1);
    const next = await request(stranger, product, 1);
    const number = (quote: Quote) => Number(quote.reference.replace(/^Q-/, ''));
    expect(first.reference).toMatch(/^Q-1\d{4}$/);
    expect(number(next)).toBe(number(first) + 1);
    for (const q of [next.reference, next.reference.toLowerCase(), String(number(next))]) {
      const res = await call(
        { method: 'GET', url: `/api/quotes?q=${encodeURIComponent(q)}` },
        stranger.token,
      );
      expect(quoteListSchema.parse(res.json()).map((quote) => quote._id)).toEqual([next._id]);
    }
  });

  it('ux 2026-11-28 #3: an accept and a new offer asked at once on two instances: one wins, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const product = await insertProduct(db, { stock: 100 });
      const quote = await request(buyer, product, 10);
      await offer(quote._id, [{ productId: product, quantity: 10, unitPrice: 5 }]);
      const [accepted, asked] = await Promise.all([
        accept(quote._id, buyer, { offerVersion: 1 }, round % 2 ? app : second),
        askAgain(
          quote._id,
          buyer,
          { message: 'Cheaper?', offerVersion: 1 },
          round % 2 ? second : app,
        ),
      ]);
      const codes = [accepted.statusCode, asked.statusCode].sort();
      expect(codes, `${accepted.body} ${asked.body}`).toEqual([200, 409]);
      const after = await read(quote._id, buyer);
      const orders = await db.kysely
        .selectFrom('order_lines')
        .select('order_id')
        .where('product_id', '=', product)
        .execute();
      if (accepted.statusCode === 200) {
        expect(after.status).toBe('ordered');
        expect(orders).toHaveLength(1);
        expect(after.history).toEqual([]);
        expect(await stockIn(db, product)).toBe(90);
      } else {
        expect(refusal(accepted).code).toBe('quote_not_offered');
        expect(after.status).toBe('requested');
        expect(orders).toHaveLength(0);
        expect(await stockIn(db, product)).toBe(100);
      }
    }
  });
});
