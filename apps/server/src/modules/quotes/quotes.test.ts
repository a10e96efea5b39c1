import {
  apiErrorSchema,
  companyCreatedSchema,
  orderSchema,
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
import type { Mail } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
import { buildTestApp, TEST_AUTH_SECRET } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  confirmAddress,
  expiredToken,
  forgedToken,
  insertProduct,
  registerAccount,
  registerAdmin,
  stockIn,
  type TestAccount,
} from '../../test/factories.js';

const DAY = 86_400_000;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** A multipart body with one field `file`. */
function multipartOf(
  filename: string,
  type: string,
  content: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----quotetest7d1f';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * DESIGN.md section 14 (issue 26): quotes, on both databases: request, artwork, offer, accept,
 * decline; who may see and do what; the races of accepting.
 */
describe.each(testDatabases)('quotes on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let app: FastifyInstance;
  /** A second instance on the same database (PostgreSQL: its own pool). */
  let second: FastifyInstance;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const mails: Mail[] = [];

  let shopAdmin: TestAccount;
  let buyer: TestAccount;
  let other: TestAccount;
  let owner: TestAccount;
  let member: TestAccount;
  let company: CompanyWithMembers;

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const refusal = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).error;

  async function request(
    account: TestAccount,
    lines: { productId: string; quantity: number }[],
    note = 'Our logo on the front panel',
  ): Promise<Quote> {
    const res = await call(
      { method: 'POST', url: '/api/quotes', payload: { lines, note } },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return quoteCreatedSchema.parse(res.json()).quote;
  }

  const inDays = (days: number) => new Date(clock().getTime() + days * DAY).toISOString();

  async function offer(
    quoteId: string,
    lines: { productId: string; quantity: number; unitPrice: number }[],
    validUntil = inDays(7),
  ): Promise<Quote> {
    const res = await call(
      {
        method: 'PUT',
        url: `/api/quotes/${quoteId}/offer`,
        payload: { lines, validUntil, message: 'Printed in black, ships in 3 weeks.' },
      },
      shopAdmin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return quoteModifiedSchema.parse(res.json()).quote;
  }

  const acceptBody = { phone: '+1 555 0100', address: '1 Test Street' };
  const accept = (quoteId: string, account: TestAccount, body: object = acceptBody, on = app) =>
    call(
      { method: 'POST', url: `/api/quotes/${quoteId}/accept`, payload: body },
      account.token,
      on,
    );

  const ordersOf = async (productId: string) =>
    db.kysely
      .selectFrom('order_lines')
      .select(['order_id', 'quantity', 'unit_price_cents'])
      .where('product_id', '=', productId)
      .execute();

  beforeAll(async () => {
    db = await kind.open();
    otherDb = kind.name === 'postgres' ? db.reopen() : db;
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    app = await buildTestApp(db, {}, { mailer, now: clock });
    second = await buildTestApp(otherDb, {}, { mailer, now: clock });
    shopAdmin = await registerAdmin(app, db);
    buyer = await registerAccount(app, { label: 'buyer', name: 'Bea Buyer' });
    other = await registerAccount(app, { label: 'other', name: 'Otto Other' });
    owner = await registerAccount(app, { label: 'owner', name: 'Olivia Owner' });
    member = await registerAccount(app, { label: 'member', name: 'Max Member' });
    for (const account of [buyer, other, owner, member]) await confirmAddress(db, account.email);
    const created = await call(
      {
        method: 'POST',
        url: '/api/companies',
        payload: { name: 'Acme Integrators', billingAddress: '1 Main St' },
      },
      owner.token,
    );
    company = companyCreatedSchema.parse(created.json()).company;
    // The member joins as a buyer with a $100 order limit (the invitation flow is the
    // companies module's, tested there): their row is written directly.
    const memberId = (
      await db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', member.email)
        .executeTakeFirstOrThrow()
    ).id;
    await db.kysely
      .insertInto('company_members')
      .values({
        user_id: memberId,
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

  describe('requesting a quote', () => {
    it('takes lines beyond the stock, the minimum and the pack size, with a note', async () => {
      const product = await insertProduct(db, { stock: 1200, minimum: 10 });
      await db.kysely
        .updateTable('products')
        .set({ increment: 5 })
        .where('id', '=', product)
        .execute();
      const small = await insertProduct(db, { stock: 3, minimum: 10 });
      const quote = await request(buyer, [
        { productId: product, quantity: 5000 },
        { productId: small, quantity: 3 },
      ]);
      expect(quote).toMatchObject({
        status: 'requested',
        userEmail: buyer.email,
        userName: 'Bea Buyer',
        companyId: null,
        note: 'Our logo on the front panel',
        attachment: null,
        offer: null,
        orderId: null,
      });
      expect(quote.lines.map((line) => line.quantity)).toEqual([5000, 3]);
      expect(quote.lines[0]?.productName).toMatch(/^Test Case /);
      expect(quote.reference).toMatch(/^Q-1\d{4}$/);
      // Nothing is reserved by a request.
      expect(await stockIn(db, product)).toBe(1200);
    });

    it('keeps a company member’s company on the quote', async () => {
      const product = await insertProduct(db);
      const quote = await request(member, [{ productId: product, quantity: 50 }]);
      expect(quote.companyId).toBe(company._id);
    });

    it('refuses bad input with a clear message, and writes nothing', async () => {
      const product = await insertProduct(db);
      const archived = await insertProduct(db);
      await db.kysely
        .updateTable('products')
        .set({ archived_at: new Date().toISOString() })
        .where('id', '=', archived)
        .execute();
      const count = async () =>
        Number(
          (
            await db.kysely
              .selectFrom('quotes')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const cases: [object, number, string?][] = [
        [{}, 400],
        [{ lines: [] }, 400],
        [{ lines: [{ productId: product, quantity: 0 }] }, 400, 'lines.0.quantity'],
        [{ lines: [{ productId: product, quantity: 1.5 }] }, 400, 'lines.0.quantity'],
        [
          {
            lines: [
              { productId: product, quantity: 1 },
              { productId: product, quantity: 2 },
            ],
          },
          400,
          'lines.1.productId',
        ],
        [{ lines: [{ productId: product, quantity: 1 }], note: 'x'.repeat(2001) }, 400, 'note'],
        [{ lines: [{ productId: product, quantity: 1 }], note: 'a\u0000b' }, 400],
        [{ lines: [{ productId: product, quantity: 1 }], extra: 1 }, 400],
        [{ lines: [{ productId: 'f'.repeat(24), quantity: 1 }] }, 404, 'lines.0.productId'],
        [{ lines: [{ productId: 'not-an-id', quantity: 1 }] }, 404, 'lines.0.productId'],
        [{ lines: [{ productId: archived, quantity: 1 }] }, 400, 'lines.0.productId'],
      ];
      for (const [payload, status, field] of cases) {
        const res = await call({ method: 'POST', url: '/api/quotes', payload }, buyer.token);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        const error = refusal(res);
        if (field) expect(error.fields?.[field], JSON.stringify(error)).toBeTruthy();
      }
      expect(await count()).toBe(before);
    });

    it('asks for a valid token', async () => {
      const product = await insertProduct(db);
      const payload = { lines: [{ productId: product, quantity: 1 }] };
      for (const token of [
        undefined,
        await expiredToken(db, buyer, TEST_AUTH_SECRET),
        await forgedToken(buyer),
      ]) {
        const res = await call({ method: 'POST', url: '/api/quotes', payload }, token);
        expect(res.statusCode).toBe(401);
      }
    });

    it('holds one customer to 20 quotes waiting for an answer, even sent at once', async () => {
      const flooder = await registerAccount(app, { label: 'flood' });
      await confirmAddress(db, flooder.email);
      const product = await insertProduct(db);
      const results = await Promise.all(
        Array.from({ length: 26 }, (_, index) =>
          call(
            {
              method: 'POST',
              url: '/api/quotes',
              payload: { lines: [{ productId: product, quantity: 1 }] },
            },
            flooder.token,
            index % 2 === 0 ? app : second,
          ),
        ),
      );
      const statuses = results.map((res) => res.statusCode);
      // The request budget may answer a few with 429; never more than 20 are accepted.
      expect(statuses.filter((s) => s === 201)).toHaveLength(
        Math.min(20, statuses.filter((s) => s !== 429).length),
      );
      for (const res of results.filter((r) => r.statusCode === 409)) {
        expect(refusal(res).code).toBe('too_many_quote_requests');
      }
    });
  });

  describe('who sees a quote', () => {
    let mine: Quote;
    let members: Quote;

    beforeAll(async () => {
      const product = await insertProduct(db);
      mine = await request(buyer, [{ productId: product, quantity: 7 }], 'find-me-7f3a');
      members = await request(member, [{ productId: product, quantity: 9 }], 'member-note-9b2c');
    });

    it('answers one quote to its buyer, the buyer’s company admin and shop admins only', async () => {
      const matrix: [Quote, TestAccount | undefined, number][] = [
        [mine, buyer, 200],
        [mine, shopAdmin, 200],
        [mine, other, 403],
        [mine, owner, 403],
        [mine, member, 403],
        [mine, undefined, 401],
        [members, member, 200],
        [members, owner, 200],
        [members, shopAdmin, 200],
        [members, buyer, 403],
      ];
      for (const [quote, account, status] of matrix) {
        const res = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, account?.token);
        expect(res.statusCode, `${account?.email} ${quote.note}`).toBe(status);
        if (status === 200) expect(quoteSchema.parse(res.json())._id).toBe(quote._id);
      }
      for (const id of ['f'.repeat(24), 'nope', '%00']) {
        const res = await call({ method: 'GET', url: `/api/quotes/${id}` }, buyer.token);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    });

    it('lists the caller’s quotes, a company admin’s company’s, and all for a shop admin', async () => {
      const list = async (account: TestAccount, query = '') => {
        const res = await call({ method: 'GET', url: `/api/quotes${query}` }, account.token);
        expect(res.statusCode, res.body).toBe(200);
        return quoteListSchema.parse(res.json());
      };
      const ids = (quotes: Quote[]) => quotes.map((quote) => quote._id);
      expect(ids(await list(buyer))).toContain(mine._id);
      expect(ids(await list(buyer))).not.toContain(members._id);
      expect(ids(await list(owner))).toContain(members._id);
      expect(ids(await list(owner))).not.toContain(mine._id);
      expect(ids(await list(member))).toEqual(expect.arrayContaining([members._id]));
      expect(ids(await list(member))).not.toContain(mine._id);
      expect(ids(await list(other))).toEqual([]);
      expect(ids(await list(shopAdmin))).toEqual(expect.arrayContaining([mine._id, members._id]));
      expect(ids(await list(shopAdmin, '?q=find-me-7f3a'))).toEqual([mine._id]);
      expect(ids(await list(shopAdmin, `?q=${mine.reference}`))).toEqual([mine._id]);
      const page = await call(
        { method: 'GET', url: '/api/quotes?status=requested&page=1&limit=1' },
        shopAdmin.token,
      );
      expect(quoteListSchema.parse(page.json())).toHaveLength(1);
      expect(Number(page.headers['x-total-count'])).toBeGreaterThan(1);
      const bad = await call({ method: 'GET', url: '/api/quotes?status=lost' }, shopAdmin.token);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('the artwork file', () => {
    let quote: Quote;
    const upload = (file: ReturnType<typeof multipartOf>, account?: TestAccount, id = quote._id) =>
      call({ method: 'POST', url: `/api/quotes/${id}/attachment`, ...file }, account?.token);

    beforeAll(async () => {
      const product = await insertProduct(db);
      quote = await request(member, [{ productId: product, quantity: 5000 }]);
    });

    it('takes a PNG, a PDF or an SVG checked by content, one at a time', async () => {
      // Up to 5 MB is taken (past the 256 KB of a JSON body).
      const large = Buffer.concat([PNG, Buffer.alloc(4.5 * 1024 * 1024)]);
      for (const [name, type, bytes, contentType, extension] of [
        ['large.png', 'image/png', large, 'image/png', 'png'],
        ['logo.png', 'image/png', PNG, 'image/png', 'png'],
        ['logo.pdf', 'application/pdf', PDF, 'application/pdf', 'pdf'],
        ['logo.svg', 'image/svg+xml', SVG, 'image/svg+xml', 'svg'],
      ] as const) {
        const res = await upload(multipartOf(name, type, bytes), member);
        expect(res.statusCode, res.body).toBe(200);
        expect(quoteModifiedSchema.parse(res.json()).quote.attachment).toMatchObject({
          // The shop's own name, never the uploaded one (security 2026-11-28 #6).
          filename: `artwork-${quote.reference}.${extension}`,
          contentType,
          size: bytes.length,
        });
      }
    });

    it('refuses a file whose content is not what its name or type says', async () => {
      const cases: [string, string, Buffer, number][] = [
        ['logo.png', 'image/png', Buffer.from('just text, not a picture'), 415],
        ['logo.pdf', 'application/pdf', PNG, 415],
        ['logo.png', 'image/svg+xml', PNG, 415],
        ['logo.svg', 'image/svg+xml', Buffer.from('<html><body>hi</body></html>'), 415],
        ['logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'), 415],
        [
          'logo.svg',
          'image/svg+xml',
          Buffer.from(
            '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
          ),
          415,
        ],
        ['logo.exe', 'application/octet-stream', Buffer.from('MZ\x90\x00'), 415],
        ['empty.png', 'image/png', Buffer.alloc(0), 400],
      ];
      for (const [name, type, bytes, status] of cases) {
        const res = await upload(multipartOf(name, type, bytes), member);
        expect(res.statusCode, `${name} ${type}`).toBe(status);
        refusal(res);
      }
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(multipartOf('big.png', 'image/png', big), member);
      expect(tooBig.statusCode).toBe(413);
      const wrongField = await upload(multipartOf('logo.png', 'image/png', PNG, 'other'), member);
      expect(wrongField.statusCode).toBe(400);
      // The SVG stored before is still the file.
      const res = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, member.token);
      expect(quoteSchema.parse(res.json()).attachment?.contentType).toBe('image/svg+xml');
    });

    it('serves it as a sandboxed download to the buyer, their company admin and shop admins only', async () => {
      for (const [account, status] of [
        [member, 200],
        [owner, 200],
        [shopAdmin, 200],
        [other, 403],
        [buyer, 403],
        [undefined, 401],
      ] as const) {
        const res = await call(
          { method: 'GET', url: `/api/quotes/${quote._id}/attachment` },
          account?.token,
        );
        expect(res.statusCode, account?.email).toBe(status);
        if (status === 200) {
          expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
          expect(res.headers['content-disposition']).toMatch(
            `attachment; filename="artwork-${quote.reference}.svg"`,
          );
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          expect(res.headers['content-security-policy']).toMatch(/sandbox/);
          expect(res.rawPayload.equals(SVG)).toBe(true);
        } else {
          expect(res.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
        }
      }
    });

    it('is taken from the buyer side only, and only until the quote is answered', async () => {
      const stranger = await upload(multipartOf('logo.png', 'image/png', PNG), other);
      expect(stranger.statusCode).toBe(403);
      const admin = await upload(multipartOf('logo.png', 'image/png', PNG), shopAdmin);
      expect(admin.statusCode).toBe(403);
      const anonymous = await upload(multipartOf('logo.png', 'image/png', PNG));
      expect(anonymous.statusCode).toBe(401);
      const product = quote.lines[0]?.productId ?? '';
      await offer(quote._id, [{ productId: product, quantity: 5000, unitPrice: 41.5 }]);
      const late = await upload(multipartOf('logo.png', 'image/png', PNG), member);
      expect(late.statusCode).toBe(409);
      expect(refusal(late).code).toBe('quote_closed');
    });

    it('answers 404 for a quote without a file', async () => {
      const product = await insertProduct(db);
      const bare = await request(buyer, [{ productId: product, quantity: 1 }]);
      const res = await call(
        { method: 'GET', url: `/api/quotes/${bare._id}/attachment` },
        buyer.token,
      );
      expect(res.statusCode).toBe(404);
    });
  });

  describe('offering', () => {
    it('lets a shop admin offer, mails the buyer, and counts each new offer', async () => {
      const product = await insertProduct(db, { stock: 6000, minimum: 10 });
      const quote = await request(buyer, [{ productId: product, quantity: 5000 }]);
      const first = await offer(quote._id, [
        { productId: product, quantity: 5000, unitPrice: 39.9 },
      ]);
      expect(first.status).toBe('offered');
      expect(first.offer).toMatchObject({
        version: 1,
        total: 199_500,
        message: 'Printed in black, ships in 3 weeks.',
        lines: [{ productId: product, quantity: 5000, unitPrice: 39.9, lineTotal: 199_500 }],
      });
      await app.mailOutbox.runOnce(clock());
      const mail = mails.filter((m) => m.to === buyer.email).at(-1);
      expect(mail?.subject).toBe(`Your quote ${quote.reference}: our offer`);
      expect(mail?.text).toContain(`/dashboard/quotes/${quote._id}`);
      expect(mail?.text).toContain('$199,500.00');
      const again = await offer(quote._id, [{ productId: product, quantity: 4000, unitPrice: 41 }]);
      expect(again.offer?.version).toBe(2);
      expect(again.offer?.total).toBe(164_000);
    });

    it('refuses anyone but a shop admin, bad offers, and a closed quote', async () => {
      const product = await insertProduct(db);
      const quote = await request(buyer, [{ productId: product, quantity: 10 }]);
      const payload = {
        lines: [{ productId: product, quantity: 10, unitPrice: 12.5 }],
        validUntil: inDays(3),
        message: '',
      };
      for (const [account, status] of [
        [buyer, 403],
        [other, 403],
        [owner, 403],
        [undefined, 401],
      ] as const) {
        const res = await call(
          { method: 'PUT', url: `/api/quotes/${quote._id}/offer`, payload },
          account?.token,
        );
        expect(res.statusCode).toBe(status);
      }
      const bad: [object, string][] = [
        [
          { ...payload, validUntil: new Date(clock().getTime() - 60_000).toISOString() },
          'validUntil',
        ],
        [{ ...payload, validUntil: inDays(400) }, 'validUntil'],
        [{ ...payload, validUntil: 'tomorrow' }, 'validUntil'],
        [
          { ...payload, lines: [{ productId: product, quantity: 10, unitPrice: 0 }] },
          'lines.0.unitPrice',
        ],
        [
          { ...payload, lines: [{ productId: product, quantity: 10, unitPrice: 1.234 }] },
          'lines.0.unitPrice',
        ],
        [
          { ...payload, lines: [{ productId: product, quantity: 1_000_000, unitPrice: 999 }] },
          'lines',
        ],
        [{ ...payload, message: 'x'.repeat(2001) }, 'message'],
      ];
      for (const [body, field] of bad) {
        const res = await call(
          { method: 'PUT', url: `/api/quotes/${quote._id}/offer`, payload: body },
          shopAdmin.token,
        );
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(refusal(res).fields?.[field], JSON.stringify(refusal(res))).toBeTruthy();
      }
      const unchanged = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, buyer.token);
      expect(quoteSchema.parse(unchanged.json()).status).toBe('requested');
      const unknown = await call(
        { method: 'PUT', url: `/api/quotes/${'a'.repeat(24)}/offer`, payload },
        shopAdmin.token,
      );
      expect(unknown.statusCode).toBe(404);
      await offer(quote._id, payload.lines);
      const declined = await call(
        { method: 'POST', url: `/api/quotes/${quote._id}/decline` },
        buyer.token,
      );
      expect(declined.statusCode).toBe(200);
      const late = await call(
        { method: 'PUT', url: `/api/quotes/${quote._id}/offer`, payload },
        shopAdmin.token,
      );
      expect(late.statusCode).toBe(409);
      expect(refusal(late).code).toBe('quote_closed');
    });
  });

  describe('accepting and declining', () => {
    it('makes one order at the offered prices, beyond the minimum and pack size, reserving the stock', async () => {
      const product = await insertProduct(db, { stock: 6000, minimum: 100, priceCents: 5_000 });
      await db.kysely
        .updateTable('products')
        .set({ increment: 50 })
        .where('id', '=', product)
        .execute();
      const quote = await request(buyer, [{ productId: product, quantity: 5000 }]);
      await offer(quote._id, [{ productId: product, quantity: 5003, unitPrice: 38.25 }]);
      const res = await accept(quote._id, buyer, {
        ...acceptBody,
        poNumber: 'PO-77',
        offerVersion: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const accepted = quoteAcceptedSchema.parse(res.json());
      expect(accepted.quote).toMatchObject({ status: 'ordered', orderId: accepted.order._id });
      expect(accepted.order).toMatchObject({
        userEmail: buyer.email,
        paid: false,
        paymentStatus: 'pending',
        poNumber: 'PO-77',
        orderPrice: 191_364.75,
      });
      expect(accepted.order.lines).toEqual([
        expect.objectContaining({ productId: product, quantity: 5003, unitPrice: 38.25 }),
      ]);
      expect(await stockIn(db, product)).toBe(997);
      // The order is the buyer's, readable as any order.
      const order = await call(
        { method: 'GET', url: `/api/orders/${accepted.order._id}` },
        buyer.token,
      );
      expect(orderSchema.parse(order.json()).orderPrice).toBe(191_364.75);
      // Accepting again changes nothing.
      const again = await accept(quote._id, buyer);
      expect(again.statusCode).toBe(409);
      expect(refusal(again).code).toBe('quote_closed');
      expect(await ordersOf(product)).toHaveLength(1);
      const decline = await call(
        { method: 'POST', url: `/api/quotes/${quote._id}/decline` },
        buyer.token,
      );
      expect(decline.statusCode).toBe(409);
    });

    it('refuses an offer past its time (quote_expired) and answers it as expired', async () => {
      const product = await insertProduct(db, { stock: 50 });
      const quote = await request(buyer, [{ productId: product, quantity: 10 }]);
      await offer(quote._id, [{ productId: product, quantity: 10, unitPrice: 20 }], inDays(1));
      offset += 2 * DAY;
      try {
        const res = await accept(quote._id, buyer);
        expect(res.statusCode).toBe(409);
        expect(refusal(res).code).toBe('quote_expired');
        const read = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, buyer.token);
        expect(quoteSchema.parse(read.json()).status).toBe('expired');
        const listed = await call(
          { method: 'GET', url: '/api/quotes?status=expired' },
          buyer.token,
        );
        expect(quoteListSchema.parse(listed.json()).map((q) => q._id)).toContain(quote._id);
        expect(await stockIn(db, product)).toBe(50);
        // A shop admin may renew it.
        const renewed = await offer(quote._id, [
          { productId: product, quantity: 10, unitPrice: 21 },
        ]);
        expect(renewed.status).toBe('offered');
      } finally {
        offset -= 2 * DAY;
      }
    });

    it('refuses the whole order when a line is short, naming it, and changes nothing', async () => {
      const plenty = await insertProduct(db, { stock: 500 });
      const scarce = await insertProduct(db, { stock: 30 });
      const quote = await request(buyer, [
        { productId: plenty, quantity: 100 },
        { productId: scarce, quantity: 40 },
      ]);
      await offer(quote._id, [
        { productId: plenty, quantity: 100, unitPrice: 10 },
        { productId: scarce, quantity: 40, unitPrice: 10 },
      ]);
      const res = await accept(quote._id, buyer);
      expect(res.statusCode).toBe(409);
      const error = refusal(res);
      expect(error.code).toBe('out_of_stock');
      expect(error.fields?.['lines.1.quantity']).toMatch(/Only 30 of Test Case/);
      expect(await stockIn(db, plenty)).toBe(500);
      expect(await stockIn(db, scarce)).toBe(30);
      const read = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, buyer.token);
      expect(quoteSchema.parse(read.json())).toMatchObject({ status: 'offered', orderId: null });
    });

    it('lets only the buyer or their company admin accept or decline', async () => {
      const product = await insertProduct(db, { stock: 500 });
      const quote = await request(member, [{ productId: product, quantity: 20 }]);
      await offer(quote._id, [{ productId: product, quantity: 20, unitPrice: 3 }]);
      for (const [account, status] of [
        [other, 403],
        [buyer, 403],
        [shopAdmin, 403],
        [undefined, 401],
      ] as const) {
        const res = await call(
          { method: 'POST', url: `/api/quotes/${quote._id}/accept`, payload: acceptBody },
          account?.token,
        );
        expect(res.statusCode).toBe(status);
        const decline = await call(
          { method: 'POST', url: `/api/quotes/${quote._id}/decline` },
          account?.token,
        );
        expect(decline.statusCode).toBe(status);
      }
      for (const payload of [{}, { phone: 'x', address: '' }, { ...acceptBody, offerVersion: 0 }]) {
        const res = await call(
          { method: 'POST', url: `/api/quotes/${quote._id}/accept`, payload },
          member.token,
        );
        expect(res.statusCode).toBe(400);
      }
      // The company admin accepts for the buyer: the order is the buyer's, for the company,
      // and needs no approval (the admin is the approver), though it is over the buyer's limit.
      const res = await accept(quote._id, owner);
      expect(res.statusCode, res.body).toBe(200);
      const { order } = quoteAcceptedSchema.parse(res.json());
      expect(order).toMatchObject({
        userEmail: member.email,
        companyId: company._id,
        approvalStatus: 'not_required',
      });
    });

    it('sends a company buyer’s own accept over their limit to approval', async () => {
      const product = await insertProduct(db, { stock: 500 });
      const quote = await request(member, [{ productId: product, quantity: 20 }]);
      await offer(quote._id, [{ productId: product, quantity: 20, unitPrice: 30 }]);
      const res = await accept(quote._id, member);
      expect(res.statusCode, res.body).toBe(200);
      expect(quoteAcceptedSchema.parse(res.json()).order).toMatchObject({
        companyId: company._id,
        approvalStatus: 'awaiting_approval',
      });
    });

    it('declines a requested or offered quote', async () => {
      const product = await insertProduct(db);
      const quote = await request(buyer, [{ productId: product, quantity: 2 }]);
      const res = await call(
        { method: 'POST', url: `/api/quotes/${quote._id}/decline` },
        buyer.token,
      );
      expect(res.statusCode).toBe(200);
      expect(quoteModifiedSchema.parse(res.json()).quote.status).toBe('declined');
      const acceptLate = await accept(quote._id, buyer);
      expect(acceptLate.statusCode).toBe(409);
      expect(refusal(acceptLate).code).toBe('quote_closed');
      const notOffered = await request(buyer, [{ productId: product, quantity: 2 }]);
      const early = await accept(notOffered._id, buyer);
      expect(early.statusCode).toBe(409);
      expect(refusal(early).code).toBe('quote_not_offered');
    });
  });

  describe('races', () => {
    it('makes exactly one order when accept is sent twice at once', async () => {
      for (let round = 0; round < 3; round++) {
        const product = await insertProduct(db, { stock: 1000 });
        const quote = await request(buyer, [{ productId: product, quantity: 100 }]);
        await offer(quote._id, [{ productId: product, quantity: 100, unitPrice: 9 }]);
        const results = await Promise.all([
          accept(quote._id, buyer, acceptBody, app),
          accept(quote._id, buyer, acceptBody, second),
          accept(quote._id, buyer, acceptBody, app),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
        expect(await ordersOf(product)).toHaveLength(1);
        expect(await stockIn(db, product)).toBe(900);
      }
    });

    it('gives the buyer the prices they saw or a 409 when the admin changes the offer meanwhile', async () => {
      for (let round = 0; round < 4; round++) {
        const product = await insertProduct(db, { stock: 1000 });
        const quote = await request(buyer, [{ productId: product, quantity: 10 }]);
        await offer(quote._id, [{ productId: product, quantity: 10, unitPrice: 5 }]);
        const [accepted, changed] = await Promise.all([
          accept(quote._id, buyer, { ...acceptBody, offerVersion: 1 }, round % 2 ? app : second),
          call(
            {
              method: 'PUT',
              url: `/api/quotes/${quote._id}/offer`,
              payload: {
                lines: [{ productId: product, quantity: 10, unitPrice: 7 }],
                validUntil: inDays(5),
                message: '',
              },
            },
            shopAdmin.token,
            round % 2 ? second : app,
          ),
        ]);
        const lines = await ordersOf(product);
        if (accepted.statusCode === 200) {
          // The buyer's accept came first: the price they saw, and the new offer refused.
          expect(changed.statusCode).toBe(409);
          expect(lines).toEqual([expect.objectContaining({ quantity: 10, unit_price_cents: 500 })]);
        } else {
          expect(accepted.statusCode).toBe(409);
          expect(refusal(accepted).code).toBe('quote_changed');
          expect(changed.statusCode).toBe(200);
          expect(lines).toHaveLength(0);
        }
      }
    });

    it('never takes the stock below zero when accepts of two quotes meet, nor half an order', async () => {
      const product = await insertProduct(db, { stock: 150 });
      const extra = await insertProduct(db, { stock: 1000 });
      const quotes = await Promise.all(
        [buyer, other].map((account) =>
          request(account, [
            { productId: extra, quantity: 10 },
            { productId: product, quantity: 100 },
          ]),
        ),
      );
      for (const quote of quotes) {
        await offer(quote._id, [
          { productId: extra, quantity: 10, unitPrice: 1 },
          { productId: product, quantity: 100, unitPrice: 2 },
        ]);
      }
      const results = await Promise.all([
        accept(quotes[0]?._id ?? '', buyer, acceptBody, app),
        accept(quotes[1]?._id ?? '', other, acceptBody, second),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.statusCode === 409);
      expect(refused && refusal(refused).fields?.['lines.1.quantity']).toMatch(/Only 50 of/);
      expect(await stockIn(db, product)).toBe(50);
      expect(await stockIn(db, extra)).toBe(990);
    });
  });
});
