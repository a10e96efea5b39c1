import { connect, type Socket } from 'node:net';
import {
  apiErrorSchema,
  companyCreatedSchema,
  quoteAcceptedSchema,
  quoteCreatedSchema,
  quoteListSchema,
  quoteMessages,
  quoteModifiedSchema,
  quoteSchema,
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
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';

const HOUR = 3_600_000;
const KB = 1024;
/** The probe's file size: just under the 5 MB limit. */
const QUOTE_FILE_BYTES = Math.floor(4.9 * 1024 * 1024);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
/** A PDF of `size` bytes (its header, then padding). */
const pdfOf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
/** The probe's file: PDF magic, then an HTML page with a script. */
const POLYGLOT = Buffer.from(
  '%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>',
);

/** A multipart body with one field `file`. */
function multipartOf(filename: string, type: string, content: Buffer) {
  const boundary = '----artworktest5c2e';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      'latin1',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const refusal = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).error;

/**
 * Security report 2026-11-28, the quote artwork findings (#3 downloads, #4 storage, #6 names,
 * #14 early 413) and #8 (quotes follow the company), on both databases: each probe's attack,
 * refused, and the normal buyer still served.
 */
describe.each(testDatabases)('quote artwork and access (security 2026-11-28) on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let app: FastifyInstance;
  /** A second instance on the same database (PostgreSQL: its own pool). */
  let second: FastifyInstance;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let shopAdmin: TestAccount;
  let product: string;

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  async function customer(label: string): Promise<TestAccount> {
    const account = await registerAccount(app, { label, name: `${label} Person` });
    await confirmAddress(db, account.email);
    return account;
  }

  async function request(account: TestAccount): Promise<Quote> {
    const res = await call(
      {
        method: 'POST',
        url: '/api/quotes',
        payload: { lines: [{ productId: product, quantity: 10 }], note: 'Logo' },
      },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return quoteCreatedSchema.parse(res.json()).quote;
  }

  const upload = (
    quoteId: string,
    account: TestAccount,
    file = multipartOf('logo.pdf', 'application/pdf', pdfOf(400 * KB)),
    on = app,
  ) =>
    call({ method: 'POST', url: `/api/quotes/${quoteId}/attachment`, ...file }, account.token, on);

  const download = (quoteId: string, account?: TestAccount, headers: Record<string, string> = {}) =>
    call({ method: 'GET', url: `/api/quotes/${quoteId}/attachment`, headers }, account?.token);

  async function offer(quoteId: string, validUntil: string): Promise<void> {
    const res = await call(
      {
        method: 'PUT',
        url: `/api/quotes/${quoteId}/offer`,
        payload: {
          lines: [{ productId: product, quantity: 10, unitPrice: 3 }],
          validUntil,
          message: 'ok',
        },
      },
      shopAdmin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  const decline = async (quoteId: string, account: TestAccount) => {
    const res = await call(
      { method: 'POST', url: `/api/quotes/${quoteId}/decline` },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  };

  const storedFiles = async (quoteIds: string[]) =>
    (
      await db.kysely
        .selectFrom('quote_attachments')
        .select('quote_id')
        .where('quote_id', 'in', quoteIds)
        .execute()
    ).length;

  async function createCompany(owner: TestAccount, name: string): Promise<string> {
    const res = await call(
      { method: 'POST', url: '/api/companies', payload: { name, billingAddress: '1 Main St' } },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return companyCreatedSchema.parse(res.json()).company._id;
  }

  async function join(account: TestAccount, companyId: string, role: 'buyer' | 'admin') {
    await db.kysely
      .insertInto('company_members')
      .values({
        user_id: await userIdOf(db, account),
        company_id: companyId,
        role,
        order_limit_cents: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  beforeAll(async () => {
    db = await kind.open();
    otherDb = kind.name === 'postgres' ? db.reopen() : db;
    // A 1 MB quota, so the tests move 400 KB files, not 25 MB; the download limit and the
    // budget's burst as shipped (the tests' own settings lift them), the budget refilled so
    // slowly that no test sees a refill, whatever the machine's speed.
    const config = {
      ARTWORK_QUOTA_PER_ACCOUNT_MB: '1',
      ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE: '20',
      REQUEST_BUDGET_PER_SECOND: '0.1',
      REQUEST_BUDGET_BURST: '200',
    };
    app = await buildTestApp(db, config, { now: clock });
    second = await buildTestApp(otherDb, config, { now: clock });
    shopAdmin = await registerAdmin(app, db);
    product = await insertProduct(db, { stock: 1000 });
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    if (otherDb !== db) await otherDb?.close();
    await db?.drop();
  });

  describe('#3 downloads', () => {
    it('security 2026-11-28 #3: a customer downloading their own 5 MB artwork over and over is refused, priced by size and limited per account', async () => {
      const buyer = await customer('flooder');
      const quote = await request(buyer);
      const big = pdfOf(QUOTE_FILE_BYTES);
      // The quota is 1 MB in this shop: the 5 MB file goes in through the repository.
      await db.kysely
        .insertInto('quote_attachments')
        .values({
          quote_id: quote._id,
          filename: 'x',
          content_type: 'application/pdf',
          size: big.length,
          data: big,
          uploaded_at: clock().toISOString(),
        })
        .execute();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await download(quote._id, buyer);
        statuses.push(res.statusCode);
        if (res.statusCode === 200) expect(res.rawPayload.equals(big)).toBe(true);
        else {
          expect(refusal(res).code).toBe('rate_limited');
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
      }
      // 51 units each (one per 100 KB) of the 200 a client holds: three files, not 200 of them.
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another account has its own budget: the shop admin still downloads it.
      expect((await download(quote._id, shopAdmin)).statusCode).toBe(200);
    });

    it('security 2026-11-28 #3: artwork downloads are limited per account per minute, whatever their size', async () => {
      const buyer = await customer('manydownloads');
      const quote = await request(buyer);
      expect(
        (await upload(quote._id, buyer, multipartOf('a.png', 'image/png', PNG))).statusCode,
      ).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await download(quote._id, buyer)).statusCode);
      expect(statuses.every((status) => status === 200)).toBe(true);
      const refused = await download(quote._id, buyer);
      expect(refused.statusCode).toBe(429);
      expect(refusal(refused).message).toBe(quoteMessages.tooManyDownloads);
      // Another account is not held by this one's limit.
      expect((await download(quote._id, shopAdmin)).statusCode).toBe(200);
    });

    it('security 2026-11-28 #3: a repeat the client has is a 304 without the bytes; a new upload is a new ETag', async () => {
      const buyer = await customer('etag');
      const quote = await request(buyer);
      expect((await upload(quote._id, buyer)).statusCode).toBe(200);
      const first = await download(quote._id, buyer);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await download(quote._id, buyer, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      offset += 1000;
      expect(
        (await upload(quote._id, buyer, multipartOf('b.png', 'image/png', PNG))).statusCode,
      ).toBe(200);
      const changed = await download(quote._id, buyer, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(PNG)).toBe(true);
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('security 2026-11-28 #3: a normal buyer and the shop admin downloading a few times never meet a limit', async () => {
      const buyer = await customer('normal');
      const quote = await request(buyer);
      expect((await upload(quote._id, buyer)).statusCode).toBe(200);
      for (const account of [buyer, buyer, shopAdmin, shopAdmin, buyer]) {
        expect((await download(quote._id, account)).statusCode).toBe(200);
      }
    });
  });

  describe('#4 storage quota', () => {
    it('security 2026-11-28 #4: declining quotes does not free artwork storage', async () => {
      const buyer = await customer('diskfill');
      const quotes: Quote[] = [];
      // The probe's cycle: ask, upload, decline; the third 400 KB file would pass 1 MB.
      for (let i = 0; i < 2; i += 1) {
        const quote = await request(buyer);
        expect((await upload(quote._id, buyer)).statusCode).toBe(200);
        await decline(quote._id, buyer);
        quotes.push(quote);
      }
      const third = await request(buyer);
      const refused = await upload(third._id, buyer);
      expect(refused.statusCode).toBe(413);
      expect(refusal(refused)).toMatchObject({
        code: 'artwork_quota_exceeded',
        message: quoteMessages.artworkQuotaExceeded(1),
      });
      // Nothing stored.
      expect(await storedFiles([third._id])).toBe(0);
      const read = await call({ method: 'GET', url: `/api/quotes/${third._id}` }, buyer.token);
      expect(quoteSchema.parse(read.json()).attachment).toBeNull();
      // A day after the declines their files stop counting, and the purge deletes them.
      offset += 24 * HOUR + 1000;
      expect((await upload(third._id, buyer)).statusCode).toBe(200);
      expect(await storedFiles(quotes.map((quote) => quote._id))).toBe(2);
      expect(await app.artworkPurge.runOnce()).toBeGreaterThanOrEqual(2);
      expect(await storedFiles(quotes.map((quote) => quote._id))).toBe(0);
      expect(await storedFiles([third._id])).toBe(1);
      const gone = await download(quotes[0]?._id ?? '', buyer);
      expect(gone.statusCode).toBe(404);
    });

    it('security 2026-11-28 #4: an expired offer’s artwork counts for a day, then is deleted; an ordered quote’s is kept and not counted', async () => {
      const buyer = await customer('expiring');
      const expiring = await request(buyer);
      expect((await upload(expiring._id, buyer)).statusCode).toBe(200);
      await offer(expiring._id, new Date(clock().getTime() + HOUR).toISOString());
      const ordered = await request(buyer);
      expect((await upload(ordered._id, buyer)).statusCode).toBe(200);
      await offer(ordered._id, new Date(clock().getTime() + 48 * HOUR).toISOString());
      const accepted = await call(
        {
          method: 'POST',
          url: `/api/quotes/${ordered._id}/accept`,
          payload: { phone: '+1 555 0100', address: '1 Test Street' },
        },
        buyer.token,
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      quoteAcceptedSchema.parse(accepted.json());
      // The offer has expired (2 h later), its file still counts: 400 + 400 + 400 > 1 MB
      // would be refused were the ordered one counted; it is not, so one more fits, not two.
      offset += 2 * HOUR;
      const next = await request(buyer);
      expect((await upload(next._id, buyer)).statusCode).toBe(200);
      const over = await request(buyer);
      expect((await upload(over._id, buyer)).statusCode).toBe(413);
      await app.artworkPurge.runOnce();
      expect(await storedFiles([expiring._id])).toBe(1);
      // A day after the offer expired, its file is deleted; the ordered quote's stays.
      offset += 24 * HOUR;
      expect(await app.artworkPurge.runOnce()).toBeGreaterThanOrEqual(1);
      expect(await storedFiles([expiring._id, ordered._id])).toBe(1);
      expect(await storedFiles([ordered._id])).toBe(1);
      expect((await upload(over._id, buyer)).statusCode).toBe(200);
    });

    it('security 2026-11-28 #4: uploads at once on two instances cannot pass the quota together', async () => {
      for (let round = 0; round < 3; round += 1) {
        const buyer = await customer(`race${round}`);
        const held = await request(buyer);
        expect((await upload(held._id, buyer)).statusCode).toBe(200);
        const [a, b] = [await request(buyer), await request(buyer)];
        // 400 KB held: one more 400 KB file fits in 1 MB, two do not.
        const results = await Promise.all([
          upload(a._id, buyer, undefined, app),
          upload(b._id, buyer, undefined, second),
        ]);
        expect(results.map((res) => res.statusCode).sort()).toEqual([200, 413]);
        expect(await storedFiles([a._id, b._id])).toBe(1);
      }
    });
  });

  describe('#6 names', () => {
    it('security 2026-11-28 #6: names naming another type after cleaning are refused, and nothing is stored under them', async () => {
      const buyer = await customer('names');
      const quote = await request(buyer);
      for (const name of [
        'art.html ',
        'invoice.hta\t',
        'x.htm\0',
        'invoice.bat.',
        'a.html. . ',
        'x\u202Efdp.html',
      ]) {
        const res = await upload(quote._id, buyer, multipartOf(name, 'application/pdf', POLYGLOT));
        expect(res.statusCode, JSON.stringify(name)).toBe(415);
        expect(refusal(res).message).toBe(quoteMessages.attachmentMismatch);
      }
      expect(await storedFiles([quote._id])).toBe(0);
    });

    it('security 2026-11-28 #6: the stored and served name is the shop’s, from the quote and the detected type', async () => {
      const buyer = await customer('shopname');
      const quote = await request(buyer);
      const expected = `artwork-${quote.reference}.pdf`;
      for (const name of ['logo.pdf', 'no extension', '../../etc/passwd.pdf', 'logo.PDF. ']) {
        const res = await upload(quote._id, buyer, multipartOf(name, 'application/pdf', POLYGLOT));
        expect(res.statusCode, name).toBe(200);
        expect(quoteModifiedSchema.parse(res.json()).quote.attachment?.filename).toBe(expected);
        const row = await db.kysely
          .selectFrom('quote_attachments')
          .select('filename')
          .where('quote_id', '=', quote._id)
          .executeTakeFirstOrThrow();
        expect(row.filename).toBe(expected);
      }
      // A file stored before this release under the uploaded name is served under the shop's.
      await db.kysely
        .updateTable('quote_attachments')
        .set({ filename: 'art.html' })
        .where('quote_id', '=', quote._id)
        .execute();
      const res = await download(quote._id, shopAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${expected}"; filename*=UTF-8''${expected}`,
      );
      expect(res.headers['content-type']).toMatch(/^application\/pdf/);
      const read = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, shopAdmin.token);
      // The web app's Download button shows this name.
      expect(quoteSchema.parse(read.json()).attachment?.filename).toBe(expected);
    });
  });

  describe('#14 early 413', () => {
    let port = 0;
    let server: FastifyInstance;
    let buyer: TestAccount;
    let quote: Quote;

    beforeAll(async () => {
      server = await buildTestApp(db, {}, { now: clock });
      await server.listen({ port: 0, host: '127.0.0.1' });
      const address = server.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
      buyer = await customer('bigupload');
      quote = await request(buyer);
    });
    afterAll(async () => {
      await server?.close();
    });

    /** Sends `head` (and `body`, written as it can be) and answers the status line it gets. */
    function statusOf(head: string, body?: (socket: Socket) => void): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        socket.on('error', (error) => {
          // The server closes the connection once it refused: writes after that fail.
          if (received.includes('\r\n')) resolve(received.split('\r\n')[0] ?? '');
          else reject(error);
        });
        socket.on('data', (chunk) => {
          received += chunk.toString('latin1');
          if (received.includes('\r\n')) {
            resolve(received.split('\r\n')[0] ?? '');
            socket.destroy();
          }
        });
        socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
        socket.write(head, () => body?.(socket));
      });
    }

    const head = (extra: string) =>
      `POST /api/quotes/${quote._id}/attachment HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${buyer.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=xyz\r\n${extra}\r\n`;

    it('security 2026-11-28 #14: an upload declaring 60 MB is refused with 413 before its body is sent', async () => {
      // Not a byte of the body is ever sent: the answer comes from the headers alone.
      const status = await statusOf(head(`Content-Length: ${60 * 1024 * 1024}\r\n`));
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    });

    it('security 2026-11-28 #14: a chunked upload past the limit is refused at the limit, before it ends', async () => {
      const chunk = Buffer.alloc(256 * KB, 0x20);
      const status = await statusOf(head('Transfer-Encoding: chunked\r\n'), (socket) => {
        const part = Buffer.from(
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
        );
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write('\r\n');
        // 8 MB sent, the body never finished: the 413 must come without its end.
        for (let i = 0; i < 32 && !socket.destroyed; i += 1) {
          socket.write(`${chunk.length.toString(16)}\r\n`);
          socket.write(chunk);
          socket.write('\r\n');
        }
      });
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(await storedFiles([quote._id])).toBe(0);
    });

    it('security 2026-11-28 #14: an upload within the limit still goes through', async () => {
      const res = await upload(quote._id, buyer, multipartOf('logo.png', 'image/png', PNG));
      expect(res.statusCode).toBe(200);
    });
  });

  describe('#8 quotes follow the company', () => {
    it('security 2026-11-28 #8: a former company’s admin cannot read, download or accept a member’s quote once they left', async () => {
      const xavier = await customer('xavier');
      const yann = await customer('yann');
      const companyX = await createCompany(xavier, 'X Industries');
      await join(yann, companyX, 'buyer');
      const quote = await request(yann);
      expect(quote.companyId).toBe(companyX);
      expect((await upload(quote._id, yann)).statusCode).toBe(200);
      await offer(quote._id, new Date(clock().getTime() + 7 * 24 * HOUR).toISOString());
      // While Yann is X's member, X's admin sees the quote.
      expect(
        (await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, xavier.token)).statusCode,
      ).toBe(200);

      // Yann leaves X and founds Y.
      const left = await call(
        { method: 'DELETE', url: `/api/companies/${companyX}/members/${await userIdOf(db, yann)}` },
        yann.token,
      );
      expect(left.statusCode, left.body).toBeLessThan(300);
      const companyY = await createCompany(yann, 'Y Labs');

      const read = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, xavier.token);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain('Logo');
      expect((await download(quote._id, xavier)).statusCode).toBe(403);
      const accept = await call(
        {
          method: 'POST',
          url: `/api/quotes/${quote._id}/accept`,
          payload: { phone: '+1 555 0100', address: "Xavier's warehouse, 1 Other Road" },
        },
        xavier.token,
      );
      expect(accept.statusCode).toBe(403);
      const declined = await call(
        { method: 'POST', url: `/api/quotes/${quote._id}/decline` },
        xavier.token,
      );
      expect(declined.statusCode).toBe(403);
      const list = await call({ method: 'GET', url: '/api/quotes' }, xavier.token);
      expect(quoteListSchema.parse(list.json()).map((one) => one._id)).not.toContain(quote._id);
      // No order was placed into Y, and the quote is still Yann's to take.
      const orders = await db.kysely
        .selectFrom('orders')
        .select('id')
        .where('company_id', '=', companyY)
        .execute();
      expect(orders).toEqual([]);
      const after = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, yann.token);
      expect(quoteSchema.parse(after.json()).status).toBe('offered');
      // The shop admin keeps their access (they make the offers).
      expect(
        (await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, shopAdmin.token))
          .statusCode,
      ).toBe(200);
      expect((await download(quote._id, shopAdmin)).statusCode).toBe(200);
    });

    it('security 2026-11-28 #8: who may read a quote and download its artwork', async () => {
      const admin = await customer('coadmin');
      const buyer = await customer('cobuyer');
      const member = await customer('comember');
      const stranger = await customer('stranger');
      const companyId = await createCompany(admin, 'Access Matrix Co');
      await join(buyer, companyId, 'buyer');
      await join(member, companyId, 'buyer');
      const quote = await request(buyer);
      expect(
        (await upload(quote._id, buyer, multipartOf('a.png', 'image/png', PNG))).statusCode,
      ).toBe(200);
      for (const [who, account, status] of [
        ['anonymous', undefined, 401],
        ['the buyer', buyer, 200],
        ['another customer', stranger, 403],
        ['a member of the company', member, 403],
        ['the company admin', admin, 200],
        ['a shop admin', shopAdmin, 200],
      ] as const) {
        const read = await call({ method: 'GET', url: `/api/quotes/${quote._id}` }, account?.token);
        expect(read.statusCode, `read: ${who}`).toBe(status);
        const file = await download(quote._id, account);
        expect(file.statusCode, `download: ${who}`).toBe(status);
      }
    });
  });
});
