import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  accessTokenSchema,
  companyAccountModifiedSchema,
  companyCreatedSchema,
  companyWithMembersSchema,
  invitationPreviewSchema,
  invoicePaymentRecordedSchema,
  orderCreatedSchema,
  orderModifiedSchema,
  orderSchema,
  paymentIntentSchema,
  productCreatedSchema,
  quoteAcceptedSchema,
  quoteCreatedSchema,
  quoteModifiedSchema,
  statementSchema,
  type Order,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../auth/mailer.js';
import { parseConfig } from '../config.js';
import { TEST_AUTH_SECRET, testConfig } from './build-app.js';
import { testDatabases } from './databases.js';
import { uniqueEmail } from './factories.js';
import { pdfPages } from './pdf-text.js';
import { withShop } from './shop.js';

/**
 * Issue 32, "Done when": a new buyer and a new company still register, invite, order, approve,
 * pay and download invoices and artwork without meeting a limit. A regression guard for the
 * limits of the security report of 2026-11-28: three people walk through the shop as they would
 * in a browser, over real HTTP (so the request budget, which the server applies before Fastify,
 * counts every call), each from an address of their own, with the shop's production settings.
 * Every step must succeed: never a 429, never a limit's 409 or 403.
 */

const ORIGIN = 'http://localhost:3000';

/**
 * The limits the tests' own config (testConfig) lifts, put back to the shop's defaults: read
 * from the config an empty environment gives, so a default changed in config.ts is the one
 * this journey meets. Limits testConfig does not touch keep their defaults anyway.
 */
function productionLimits(): Record<string, string> {
  const defaults = parseConfig({ AUTH_SECRET: TEST_AUTH_SECRET });
  return {
    ORDER_RATE_LIMIT_PER_MINUTE: String(defaults.rateLimits.ordersPerMinute),
    PAYMENT_RATE_LIMIT_PER_MINUTE: String(defaults.rateLimits.paymentsPerMinute),
    REVIEW_RATE_LIMIT_PER_HOUR: String(defaults.rateLimits.reviewsPerHour),
    INVOICE_RATE_LIMIT_PER_MINUTE: String(defaults.rateLimits.invoicesPerMinute),
    ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE: String(defaults.rateLimits.artworkDownloadsPerMinute),
    REQUEST_BUDGET_PER_SECOND: String(defaults.requestBudget.perSecond),
    REQUEST_BUDGET_BURST: String(defaults.requestBudget.burst),
    MAX_UNPAID_ORDERS: String(defaults.orderHolds.maxUnpaidOrders),
    MAX_UNPAID_VALUE: String(defaults.orderHolds.maxUnpaidCents / 100),
  };
}

/**
 * The web build the shop serves pages from. The real one (`npm run build`) when it is there;
 * otherwise a stand-in of the same shape, made here: an index.html and a server build
 * (dist-ssr/entry-server.js) whose public pages are drawn from the same API calls the web
 * app's loaders make (the home page's products, the products page, a product), through the
 * server's own drawing path: kept pages, in-process API calls and all.
 */
const BUILT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const BUILT_SSR_ENTRY = fileURLToPath(
  new URL('../../../web/dist-ssr/entry-server.js', import.meta.url),
);

const STAND_IN_RENDERER = `
const PUBLIC = [/^\\/$/, /^\\/products$/, /^\\/products\\/[^/]+$/];
export function kindOf(pathname) {
  return PUBLIC.some((pattern) => pattern.test(pathname)) ? 'public' : 'browser';
}
export function spellingOf(url) {
  const pathname = url.split('?')[0];
  return { kind: kindOf(pathname), url };
}
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderPage(url, { origin, api }) {
  const address = new URL(url, origin);
  const id = /^\\/products\\/([^/]+)$/.exec(address.pathname)?.[1];
  const call = id
    ? '/api/products/' + id
    : address.pathname === '/products'
      ? '/api/products?page=1&limit=12'
      : '/api/products?limit=6';
  const res = await api(call, { method: 'GET' });
  if (!res.ok) return { status: 404, head: '<title>Not found</title>', body: '', data: '', keep: false };
  const data = await res.json();
  const products = Array.isArray(data) ? data : [data];
  return {
    status: 200,
    head: '<title>CaseForge</title><link rel="canonical" href="' + origin + address.pathname + '">',
    body: products.map((p) => '<h2>' + escape(p.name) + '</h2>').join(''),
    data: '',
    keep: address.search === '',
  };
}
`;

function standInWebDist(): { webDist: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-journey-web-'));
  const webDist = path.join(root, 'dist');
  const ssr = path.join(root, 'dist-ssr');
  mkdirSync(webDist);
  mkdirSync(ssr);
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>CaseForge</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(ssr, 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(ssr, 'entry-server.js'), STAND_IN_RENDERER);
  return { webDist, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const realBuild = existsSync(BUILT_SSR_ENTRY);
const web = realBuild ? { webDist: BUILT_WEB_DIST, remove: () => undefined } : standInWebDist();
afterAll(() => web.remove());
const PAGES_DRAWN_BY = realBuild
  ? 'the web build'
  : 'a stand-in of the web build: run `npm run build` for the real one';

/**
 * A small PDF as a designer's export looks (about 200 KB): a header, a page, its content stream
 * of drawing operators, the cross-reference table and the trailer.
 */
function artworkPdf(): Buffer {
  const drawing: string[] = [];
  for (let i = 0, length = 0; length < 200_000; i += 1) {
    const x = (i * 37) % 560;
    const y = (i * 53) % 800;
    const operation = `${(i % 10) / 10} ${(i % 7) / 7} 0.4 rg ${x} ${y} ${12 + (i % 30)} 9 re f`;
    drawing.push(operation);
    length += operation.length + 1;
  }
  const stream = drawing.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.7\n%âãÏÓ\n';
  const offsets: number[] = [];
  objects.forEach((object, at) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${at + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** One multipart body with the field `file`, as a browser's form sends it. */
function multipartFile(filename: string, type: string, bytes: Buffer) {
  const boundary = `----WebKitFormBoundary${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json(): unknown;
}

interface Product {
  id: string;
  name: string;
}

/** Someone using the shop from their own computer (a 127.x address of this host). */
interface Person {
  name: string;
  email: string;
  password: string;
  from: string;
  /** The identity session cookie, after signing in. */
  cookie: string;
  /** The API token the web app asks for after signing in. */
  token: string;
}

const DAY = 86_400_000;

/** The shop of the journey: production's settings and limits, the web build, a staging gateway. */
const JOURNEY_CONFIG: Record<string, string> = {
  ...productionLimits(),
  NODE_ENV: 'production',
  // A staging shop: the built-in test gateway on purpose, no card is charged.
  PAYMENTS_TEST_MODE: 'true',
  ORDER_REQUIRES_CONFIRMED_EMAIL: 'true',
  PUBLIC_URL: ORIGIN,
  WEB_DIST: web.webDist,
  INVOICE_BANK_DETAILS: 'Bank: First Harbour Bank; IBAN: DE02 1203 0000 0000 2020 51',
};

it("the journey's shop has every limit at its default, none of the tests' lifted ones", () => {
  // What the journey's shop runs with (testConfig under JOURNEY_CONFIG) must be what production
  // parses from JOURNEY_CONFIG and the test-only settings (quiet logs, a temporary data
  // directory, the mail worker run by hand). A limit testConfig lifts that productionLimits does
  // not put back fails here: add its variable to productionLimits.
  const running = testConfig(JOURNEY_CONFIG);
  const production = parseConfig({
    ...JOURNEY_CONFIG,
    LOG_LEVEL: 'silent',
    DATA_DIR: running.dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    MAIL_WORKER_INTERVAL_MS: '0',
  });
  expect(running).toEqual(production);
  expect(running.orderHolds.requireConfirmedEmail).toBe(true);
});

describe.each(testDatabases)('a new company walks through the shop on $name', (kind) => {
  const mails: Mail[] = [];
  const shop = withShop(kind, {
    config: JOURNEY_CONFIG,
    deps: { mailer: { send: async (mail: Mail) => void mails.push(mail) } },
  });
  let port = 0;

  /** Every answer of the journey, to show none was a limit's. */
  const answers: { what: string; status: number }[] = [];

  /**
   * One request as a browser sends it: over a new connection from the person's address, with
   * their token when signed in, compressed answers accepted (brotli or gzip, as the shop
   * offers), and an Origin on writes (the
   * browser adds it to a same-origin POST, PUT, PATCH and DELETE, never to a page's GET).
   */
  function send(
    who: Pick<Person, 'from'> & Partial<Pick<Person, 'token' | 'cookie'>>,
    method: string,
    url: string,
    options: {
      json?: unknown;
      body?: { body: Buffer; type: string };
      headers?: Record<string, string>;
      auth?: 'token' | 'cookie' | 'none';
    } = {},
  ): Promise<Answer> {
    const { json, headers = {}, auth = 'token' } = options;
    const payload =
      json !== undefined
        ? { body: Buffer.from(JSON.stringify(json)), type: 'application/json' }
        : options.body;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method,
          localAddress: who.from,
          agent: false,
          headers: {
            accept: url.startsWith('/api/') ? 'application/json' : 'text/html',
            'accept-encoding': 'br, gzip',
            ...(method === 'GET' ? {} : { origin: ORIGIN }),
            ...(auth === 'token' && who.token ? { authorization: `Bearer ${who.token}` } : {}),
            ...(auth === 'cookie' && who.cookie ? { cookie: who.cookie } : {}),
            ...(payload
              ? { 'content-type': payload.type, 'content-length': String(payload.body.length) }
              : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const body =
              encoding === 'br'
                ? brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? gunzipSync(raw)
                  : raw;
            const text = body.toString('utf8');
            const status = res.statusCode ?? 0;
            answers.push({ what: `${method} ${url.split('?')[0]}`, status });
            resolve({ status, headers: res.headers, body, text, json: () => JSON.parse(text) });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload?.body);
    });
  }

  /** Expects a success (the status given), showing the answer when it is not. */
  function ok(res: Answer, status = 200): Answer {
    expect(res.status, `${res.status}: ${res.text.slice(0, 500)}`).toBe(status);
    return res;
  }

  /** The mail to `email` whose text matches `pattern`, once it has been sent. */
  async function mailTo(email: string, pattern: RegExp): Promise<Mail> {
    // vi.waitFor, not expect.poll: the shop's admin registers in beforeAll.
    return vi.waitFor(
      () => {
        const mail = mails.filter((m) => m.to === email && pattern.test(m.text)).at(-1);
        if (!mail) throw new Error(`no mail to ${email} matching ${pattern} yet`);
        return mail;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  /** The path and query of the first link in a mail's text that matches `pattern`. */
  function linkIn(mail: Mail, pattern: RegExp): string {
    const link = new RegExp(`https?://\\S+${pattern.source}\\S*`).exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in the mail "${mail.subject}": ${mail.text}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  /**
   * Registers as the Register page does (sign-up, then sign-in, then the API token), and
   * confirms the address by following the link of the confirmation mail.
   */
  async function register(name: string, label: string, from: string): Promise<Person> {
    const email = uniqueEmail(label);
    const password = 'a-long-and-honest-passphrase';
    const who = { from };
    ok(
      await send(who, 'POST', '/api/auth/sign-up/email', {
        json: { email, password, name },
        auth: 'none',
      }),
    );
    const signIn = ok(
      await send(who, 'POST', '/api/auth/sign-in/email', {
        json: { email, password },
        auth: 'none',
      }),
    );
    const setCookie = signIn.headers['set-cookie'] ?? [];
    const cookie = setCookie.map((one) => one.split(';')[0]).join('; ');
    expect(cookie).not.toBe('');
    const issued = ok(
      await send({ from, cookie }, 'PUT', `/api/user/${encodeURIComponent(email)}`, {
        json: { email, providerId: 'Email & Password' },
        auth: 'cookie',
      }),
    );
    const { token } = accessTokenSchema.parse(issued.json());
    const person: Person = { name, email, password, from, cookie, token };

    const confirmation = await mailTo(email, /verify-email/);
    expect(confirmation.subject).toBe('Confirm your CaseForge email address');
    const followed = await send(person, 'GET', linkIn(confirmation, /\/api\/auth\/verify-email/), {
      auth: 'none',
    });
    expect(followed.status, followed.text).toBe(302);
    expect(followed.headers.location).not.toMatch(/error=/);
    return person;
  }

  const checkout = { phone: '+49 40 3005 1200', address: 'Acme Integrators\n1 Dock Road\nHamburg' };

  /** Places an order from the cart, as the checkout does (with its Idempotency-Key). */
  async function placeOrder(
    buyer: Person,
    lines: { productId: string; quantity: number }[],
    poNumber: string,
  ): Promise<Order> {
    const res = ok(
      await send(buyer, 'POST', '/api/orders', {
        json: { lines, ...checkout, poNumber },
        headers: { 'idempotency-key': randomUUID() },
      }),
      201,
    );
    return orderCreatedSchema.parse(res.json()).order;
  }

  /** Pays an order by card on the built-in test gateway, as the payment page does. */
  async function payByCard(buyer: Person, orderId: string): Promise<Order> {
    const intent = paymentIntentSchema.parse(
      ok(await send(buyer, 'POST', '/api/create-payment-intent', { json: { orderId } })).json(),
    );
    ok(
      await send(buyer, 'POST', '/api/payments/test/confirm', {
        json: {
          clientSecret: intent.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
        },
      }),
    );
    const paid = ok(
      await send(buyer, 'PATCH', `/api/order/${orderId}`, {
        json: { transactionId: intent.paymentIntentId },
      }),
    );
    const order = orderModifiedSchema.parse(paid.json()).order;
    expect(order).toMatchObject({ paid: true, paymentStatus: 'paid' });
    return order;
  }

  /** Downloads an order's invoice PDF and answers its text. */
  async function downloadInvoice(buyer: Person, order: Order): Promise<string> {
    const res = ok(await send(buyer, 'GET', `/api/orders/${order._id}/invoice`));
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(res.body)).join(' ');
    expect(text).toContain(order.orderNumber);
    return text;
  }

  /** What a buyer looks at meanwhile: the home page, the products, a product, a search. */
  async function browse(who: Person, product: Product, search: string): Promise<void> {
    for (const url of ['/', '/products', `/products/${product.id}`]) {
      const page = ok(await send(who, 'GET', url, { auth: 'none' }));
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // Drawn by the server with its data, not the empty shell.
      expect(page.text, url).toContain(product.name);
    }
    const found = ok(await send(who, 'GET', `/api/products?q=${encodeURIComponent(search)}`));
    expect(JSON.stringify(found.json())).toContain(product.id);
    ok(await send(who, 'GET', `/api/products/${product.id}`));
  }

  let shopAdmin: Person;
  let owner: Person;
  let buyer: Person;
  let companyId: string;
  let tower: Product;
  let psu: Product;
  const artwork = artworkPdf();

  beforeAll(async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
    // The shop's own admin: an account made admin (as ADMIN_EMAIL does at start), with the
    // catalog the journey orders from.
    shopAdmin = await register('Sam Shopkeeper', 'shop-admin', '127.0.3.1');
    await shop.db.kysely
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', shopAdmin.email)
      .execute();
    const product = async (fields: Record<string, string>): Promise<Product> => {
      const created = productCreatedSchema.parse(
        ok(
          await send(shopAdmin, 'POST', '/api/product', {
            json: { imgURL: '/images/products/vortex-rgb-gaming.svg', ...fields },
          }),
        ).json(),
      ).product;
      return { id: created._id, name: created.name };
    };
    tower = await product({
      name: 'Vortex Mesh Midi Tower',
      description: 'A mesh-front mid tower with four 120 mm fans and room for a 360 mm radiator.',
      price: '60.00',
      aqty: '5000',
      minquantity: '10',
    });
    psu = await product({
      name: 'PowerCore 750W Gold',
      description: 'A fully modular 750 W power supply, 80 PLUS Gold, ten years of warranty.',
      price: '89.50',
      aqty: '2000',
      minquantity: '5',
    });
  });

  it('1. two people register and confirm their email from the mail', async () => {
    owner = await register('Olivia Owner', 'owner', '127.0.1.1');
    buyer = await register('Bruno Buyer', 'buyer', '127.0.2.1');
    for (const person of [owner, buyer]) {
      const me = ok(
        await send(person, 'GET', `/api/user/${encodeURIComponent(person.email)}`, {
          auth: 'token',
        }),
      );
      expect(me.json()).toMatchObject({ email: person.email, role: 'user' });
    }
    const confirmed = await shop.db.kysely
      .selectFrom('auth_user')
      .select(['email', 'emailVerified'])
      .where('email', 'in', [owner.email, buyer.email])
      .execute();
    expect(confirmed.map((row) => Boolean(row.emailVerified))).toEqual([true, true]);
  });

  it('2. the first makes a company and invites the second as a buyer with a $2,000 limit', async () => {
    const created = ok(
      await send(owner, 'POST', '/api/companies', {
        json: {
          name: 'Acme Integrators GmbH',
          vatId: 'DE 123 456 789',
          billingAddress: 'Acme Integrators GmbH\n1 Dock Road\n20457 Hamburg\nGermany',
        },
      }),
      201,
    );
    const company = companyCreatedSchema.parse(created.json()).company;
    companyId = company._id;
    expect(company).toMatchObject({ name: 'Acme Integrators GmbH', vatId: 'DE123456789' });

    ok(
      await send(owner, 'POST', `/api/companies/${companyId}/invitations`, {
        json: { email: buyer.email, role: 'buyer', orderLimit: 2000 },
      }),
      201,
    );
    // The outbox delivers the invitation (the worker's timer is off in tests: run by hand).
    await shop.app.mailOutbox.runOnce();
    const invitation = await mailTo(buyer.email, /\/invitations\//);
    const page = linkIn(invitation, /\/invitations\/[A-Za-z0-9_-]+/);
    const token = /^\/invitations\/([A-Za-z0-9_-]+)$/.exec(page)?.[1];
    if (!token) throw new Error(`no invitation token in ${page}`);
    // The invitation page (browser-drawn) and its data, then Accept.
    ok(await send(buyer, 'GET', page, { auth: 'none' }));
    const preview = invitationPreviewSchema.parse(
      ok(await send(buyer, 'GET', `/api/invitations/${token}`)).json(),
    );
    expect(preview).toMatchObject({ role: 'buyer', orderLimit: 2000, forYou: true });
    ok(await send(buyer, 'POST', `/api/invitations/${token}/accept`));

    const mine = companyWithMembersSchema.parse(
      ok(await send(owner, 'GET', '/api/companies/mine')).json(),
    );
    expect(mine.members.find((member) => member.email === buyer.email)).toMatchObject({
      role: 'buyer',
      orderLimit: 2000,
    });
  });

  it('3. the buyer orders under the limit, pays by card and downloads the invoice', async () => {
    await browse(buyer, tower, 'mesh tower');
    const order = await placeOrder(buyer, [{ productId: tower.id, quantity: 20 }], 'PO-1001');
    expect(order).toMatchObject({
      approvalStatus: 'not_required',
      companyId,
      orderPrice: 1200,
      paymentStatus: 'pending',
    });
    const paid = await payByCard(buyer, order._id);
    const text = await downloadInvoice(buyer, paid);
    expect(text).toContain('PO-1001');
    expect(text).toMatch(/PAID/);
  });

  it('4. an order over the limit ($3,000) waits for approval; the admin approves, the buyer pays', async () => {
    const order = await placeOrder(buyer, [{ productId: tower.id, quantity: 50 }], 'PO-1002');
    expect(order).toMatchObject({
      approvalStatus: 'awaiting_approval',
      orderPrice: 3000,
      paid: false,
    });
    // The company admin finds it among the company's orders and approves it.
    const waiting = ok(
      await send(owner, 'GET', `/api/companies/${companyId}/orders?approval=awaiting_approval`),
    );
    expect(JSON.stringify(waiting.json())).toContain(order._id);
    const approved = orderModifiedSchema.parse(
      ok(await send(owner, 'POST', `/api/orders/${order._id}/approve`)).json(),
    ).order;
    expect(approved.approvalStatus).toBe('approved');

    const paid = await payByCard(buyer, order._id);
    await downloadInvoice(buyer, paid);
    // The company admin reads it too.
    await downloadInvoice(owner, paid);
  });

  it('5. on payment terms the buyer pays on account; the shop records the transfer; the statement reads right', async () => {
    const terms = ok(
      await send(shopAdmin, 'PUT', `/api/companies/${companyId}/terms`, {
        json: { days: 30, creditLimit: 10_000 },
      }),
    );
    expect(companyAccountModifiedSchema.parse(terms.json()).company).toMatchObject({
      terms: { days: 30, creditLimit: 10_000 },
      onHold: false,
      balance: 0,
      availableCredit: 10_000,
    });

    const order = await placeOrder(buyer, [{ productId: psu.id, quantity: 10 }], 'PO-1003');
    expect(order).toMatchObject({ approvalStatus: 'not_required', orderPrice: 895 });
    const invoiced = orderModifiedSchema.parse(
      ok(await send(buyer, 'POST', `/api/orders/${order._id}/invoice-payment`)).json(),
    ).order;
    expect(invoiced).toMatchObject({ paymentStatus: 'invoiced', orderStatus: 'placed' });
    expect(invoiced.invoice).toMatchObject({ amountDue: 895, onAccount: { termsDays: 30 } });
    const issued = Date.parse(invoiced.invoice!.issuedAt);
    expect(Date.parse(invoiced.invoice!.dueAt) - issued).toBe(30 * DAY);
    const text = await downloadInvoice(buyer, invoiced);
    expect(text).toContain('First Harbour Bank');
    expect(text).toContain('Acme Integrators GmbH');

    const open = statementSchema.parse(
      ok(await send(owner, 'GET', `/api/companies/${companyId}/statement`)).json(),
    );
    expect(open).toMatchObject({ balance: 895, availableCredit: 9105, onHold: false });
    expect(open.invoices).toEqual([
      expect.objectContaining({
        orderId: order._id,
        invoiceNumber: invoiced.invoice!.number,
        amountDue: 895,
        total: 895,
        overdue: false,
      }),
    ]);

    // The transfer arrives a few days later; the shop records it on the day it was received.
    const recorded = invoicePaymentRecordedSchema.parse(
      ok(
        await send(shopAdmin, 'POST', `/api/orders/${order._id}/invoice-payments`, {
          json: {
            amount: 895,
            reference: `TRF ${invoiced.invoice!.number}`,
            receivedAt: new Date().toISOString().slice(0, 10),
          },
        }),
        201,
      ).json(),
    );
    expect(recorded.order).toMatchObject({ paid: true, paymentStatus: 'paid' });

    const settled = statementSchema.parse(
      ok(await send(buyer, 'GET', `/api/companies/${companyId}/statement`)).json(),
    );
    expect(settled).toMatchObject({ balance: 0, availableCredit: 10_000, onHold: false });
    expect(settled.invoices.filter((invoice) => invoice.amountDue > 0)).toEqual([]);
  });

  it('6. a quote with PDF artwork: downloaded, offered, accepted, ordered and paid', async () => {
    const created = ok(
      await send(buyer, 'POST', '/api/quotes', {
        json: {
          lines: [{ productId: tower.id, quantity: 100 }],
          note: 'Our logo printed on the side panel, see the attached artwork.',
        },
      }),
      201,
    );
    const quote = quoteCreatedSchema.parse(created.json()).quote;

    expect(artwork.length).toBeGreaterThan(190_000);
    // A PDF a reader opens: one page.
    expect(await pdfPages(artwork)).toHaveLength(1);
    const uploaded = quoteModifiedSchema.parse(
      ok(
        await send(buyer, 'POST', `/api/quotes/${quote._id}/attachment`, {
          body: multipartFile('Acme side panel v3.pdf', 'application/pdf', artwork),
        }),
      ).json(),
    ).quote;
    expect(uploaded.attachment).toMatchObject({
      contentType: 'application/pdf',
      size: artwork.length,
    });

    // The buyer checks what was sent, twice; the shop's admin opens it to price the print.
    for (const who of [buyer, buyer, shopAdmin]) {
      const file = ok(await send(who, 'GET', `/api/quotes/${quote._id}/attachment`));
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.body.equals(artwork)).toBe(true);
    }

    const offered = quoteModifiedSchema.parse(
      ok(
        await send(shopAdmin, 'PUT', `/api/quotes/${quote._id}/offer`, {
          json: {
            lines: [{ productId: tower.id, quantity: 100, unitPrice: 15 }],
            validUntil: new Date(Date.now() + 14 * DAY).toISOString(),
            message: 'Side panel print included; ships in two weeks.',
          },
        }),
      ).json(),
    ).quote;
    expect(offered.offer).toMatchObject({ total: 1500, version: 1 });

    ok(await send(buyer, 'GET', `/api/quotes/${quote._id}`));
    const accepted = quoteAcceptedSchema.parse(
      ok(
        await send(buyer, 'POST', `/api/quotes/${quote._id}/accept`, {
          json: { ...checkout, poNumber: 'PO-1004', offerVersion: 1 },
        }),
      ).json(),
    );
    expect(accepted.quote.orderId).toBe(accepted.order._id);
    expect(accepted.order).toMatchObject({ orderPrice: 1500, approvalStatus: 'not_required' });
    const paid = await payByCard(buyer, accepted.order._id);
    await downloadInvoice(buyer, paid);
  });

  it(`7. the pages and reads a buyer makes meanwhile answer 200 from the same address (pages drawn by ${PAGES_DRAWN_BY})`, async () => {
    for (const search of ['mesh tower', 'power supply 750', 'gold']) {
      await browse(buyer, search.includes('mesh') ? tower : psu, search);
    }
    const orders = orderSchema
      .array()
      .parse(
        ok(
          await send(buyer, 'GET', `/api/order?userEmail=${encodeURIComponent(buyer.email)}`),
        ).json(),
      );
    expect(orders).toHaveLength(4);
    ok(await send(buyer, 'GET', '/api/quotes'));
    ok(await send(buyer, 'GET', `/api/companies/${companyId}/statement`));
  });

  it('met no limit on the way, and every mail reached its reader', async () => {
    expect(answers.filter(({ status }) => status === 429 || status >= 500)).toEqual([]);
    expect(answers.filter(({ status }) => status >= 400)).toEqual([]);
    // The order mails of the journey, delivered (none held back by a per-address allowance).
    await shop.app.mailOutbox.runOnce();
    const pending = await shop.db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient'])
      .where('sent_at', 'is', null)
      .where('skipped_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
    expect(mails.filter((mail) => mail.to === buyer.email).length).toBeGreaterThan(3);
  });
});
