import {
  apiErrorSchema,
  DEFAULT_INVOICE_TAX,
  DEFAULT_SELLER,
  messages,
  orderSchema,
  type InvoiceSettings,
  type Order,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  insertProduct,
  registerAccount,
  registerAdmin,
  type TestAccount,
} from '../../test/factories.js';
import { pdfPages } from '../../test/pdf-text.js';
import * as invoicePdf from './invoice-pdf.js';
import {
  createInvoiceRenderer,
  DEFAULT_INVOICE_RENDER_LIMITS,
  INVOICE_RETRY_AFTER_SECONDS,
  invoiceVersion,
  type RenderPdf,
} from './invoice-renderer.js';

const SETTINGS: InvoiceSettings = { seller: DEFAULT_SELLER, tax: DEFAULT_INVOICE_TAX };

/** Every call of the PDF layout in this thread (the worker loads its own copy of the module). */
vi.mock('./invoice-pdf.js', { spy: true });

const order = (changes: Partial<Order> = {}): Order =>
  orderSchema.parse({
    _id: '0123456789abcdef01234567',
    orderNumber: 'CF-10001',
    orderProduct: 'fedcba9876543210fedcba98',
    orderPName: 'Vortex Tower',
    userName: 'Daniel Okafor',
    userEmail: 'daniel@example.com',
    customerName: 'Daniel Okafor',
    customerEmail: 'daniel@example.com',
    phone: '+1 555 0100',
    address: '1 Main St, Springfield',
    orderQty: 10,
    orderPrice: 485,
    unitPrice: 48.5,
    paid: false,
    paymentStatus: 'pending',
    orderStatus: 'pending',
    transactionId: null,
    trxId: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    expiresAt: '2026-11-28T10:00:00.000Z',
    refundNeeded: false,
    lines: [
      {
        productId: 'fedcba9876543210fedcba98',
        productName: 'Vortex Tower',
        sku: 'VX-TWR',
        quantity: 10,
        unitPrice: 48.5,
        lineTotal: 485,
      },
    ],
    poNumber: null,
    placedAt: '2026-11-26T10:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    shipment: null,
    billing: { company: null, vatNumber: null, address: null },
    invoice: null,
    // DESIGN.md section 12: an order of no company.
    companyId: null,
    placedBy: null,
    approvalStatus: 'not_required',
    approval: null,
    ...changes,
  });

/** A stand-in layout: counts its calls, and holds each until the test lets it finish. */
function gatedRender() {
  const held: (() => void)[] = [];
  let calls = 0;
  const render: RenderPdf = async (one) => {
    calls += 1;
    await new Promise<void>((resolve) => held.push(resolve));
    return Buffer.from(`%PDF-${invoiceVersion(one)}`);
  };
  return {
    render,
    held,
    get calls() {
      return calls;
    },
  };
}

describe('finding 2: an invoice is laid out once per order version, off the event loop', () => {
  it('lays each version out once however many ask at once, and keeps it', async () => {
    const gate = gatedRender();
    const renderer = createInvoiceRenderer(DEFAULT_INVOICE_RENDER_LIMITS, gate.render);
    const asks = Array.from({ length: 50 }, () => renderer.pdfOf(order(), SETTINGS));
    await vi.waitFor(() => expect(gate.held).toHaveLength(1));
    gate.held.shift()?.();
    const pdfs = await Promise.all(asks);
    expect(new Set(pdfs.map((pdf) => pdf.toString())).size).toBe(1);
    expect(await renderer.pdfOf(order(), SETTINGS)).toBe(pdfs[0]);
    expect(gate.calls).toBe(1);

    // Any change to the order is a new version, laid out anew; the old one is not kept.
    const paid = renderer.pdfOf(order({ paid: true, paymentStatus: 'paid' }), SETTINGS);
    await vi.waitFor(() => expect(gate.held).toHaveLength(1));
    gate.held.shift()?.();
    expect((await paid).toString()).not.toBe(pdfs[0]?.toString());
    expect(gate.calls).toBe(2);
    expect(renderer.stats().kept).toBe(1);
    await renderer.close();
  });

  it('keeps at most its bytes, the least recently sent going first', async () => {
    const render: RenderPdf = async (one) => Buffer.alloc(400, one._id);
    const renderer = createInvoiceRenderer({ concurrency: 1, queue: 4, cacheBytes: 1000 }, render);
    const ids = ['a', 'b', 'c'].map((c) => c.repeat(24));
    for (const id of ids) await renderer.pdfOf(order({ _id: id }), SETTINGS);
    // 1,200 bytes do not fit in 1,000: the first went.
    expect(renderer.stats()).toMatchObject({ kept: 2, keptBytes: 800 });
    const spy = vi.fn(render);
    const counted = createInvoiceRenderer({ concurrency: 1, queue: 4, cacheBytes: 1000 }, spy);
    await counted.pdfOf(order({ _id: ids[0] }), SETTINGS);
    await counted.pdfOf(order({ _id: ids[1] }), SETTINGS);
    await counted.pdfOf(order({ _id: ids[0] }), SETTINGS); // sent again: most recent now
    await counted.pdfOf(order({ _id: ids[2] }), SETTINGS); // pushes out b, not a
    await counted.pdfOf(order({ _id: ids[0] }), SETTINGS);
    expect(spy).toHaveBeenCalledTimes(3);
    await renderer.close();
    await counted.close();
  });

  it('lays out at most `concurrency` at once and queues a few; past that, 503 invoice_busy', async () => {
    const gate = gatedRender();
    const renderer = createInvoiceRenderer(
      { concurrency: 1, queue: 1, cacheBytes: 1 << 20 },
      gate.render,
    );
    const first = renderer.pdfOf(order({ _id: '1'.repeat(24) }), SETTINGS);
    const second = renderer.pdfOf(order({ _id: '2'.repeat(24) }), SETTINGS);
    const refused = await renderer
      .pdfOf(order({ _id: '3'.repeat(24) }), SETTINGS)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'invoice_busy', status: 503 });
    expect(renderer.stats()).toMatchObject({ running: 1, waiting: 1 });
    gate.held.shift()?.();
    await first;
    await vi.waitFor(() => expect(gate.held).toHaveLength(1));
    gate.held.shift()?.();
    await second;
    expect(renderer.stats()).toMatchObject({ running: 0, waiting: 0 });
    await renderer.close();
  });

  it('lays the PDF out in a worker thread: this thread never runs the layout', async () => {
    const renderer = createInvoiceRenderer();
    vi.mocked(invoicePdf.renderInvoicePdf).mockClear();
    const pdf = await renderer.pdfOf(order(), SETTINGS);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [page] = await pdfPages(pdf);
    expect(page).toContain('Vortex Tower');
    expect(page).toContain('Daniel Okafor');
    expect(invoicePdf.renderInvoicePdf).not.toHaveBeenCalled();
    await renderer.close();
  });
});

describe.each(testDatabases)('finding 2: invoices cannot stall the shop on $name', (kind) => {
  let db: TestDb;
  const apps: FastifyInstance[] = [];
  let customer: TestAccount;

  async function shop(
    overrides: Record<string, string> = {},
    renderer = createInvoiceRenderer(),
  ): Promise<FastifyInstance> {
    const app = await buildTestApp(db, overrides, { invoiceRenderer: renderer });
    apps.push(app);
    return app;
  }

  async function placeOrder(app: FastifyInstance, account: TestAccount): Promise<Order> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(account.token),
      payload: {
        lines: [{ productId: await insertProduct(db), quantity: 4 }],
        phone: '+1 555 0100',
        address: '1 Main St, Springfield',
      },
    });
    if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
    return orderSchema.parse((res.json() as { order: unknown }).order);
  }

  const invoice = (app: FastifyInstance, orderId: string, token: string) =>
    app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice`, headers: bearer(token) });

  beforeAll(async () => {
    db = await kind.open();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db.drop();
  });

  it('answers 50 downloads of one invoice with one layout, checking access on every one', async () => {
    const real = vi.fn<RenderPdf>((one, seller) =>
      vi
        .importActual<typeof invoicePdf>('./invoice-pdf.js')
        .then((m) => m.renderInvoicePdf(one, seller)),
    );
    const app = await shop({}, createInvoiceRenderer(DEFAULT_INVOICE_RENDER_LIMITS, real));
    const [owner, stranger, admin] = [
      await registerAccount(app),
      await registerAccount(app),
      await registerAdmin(app, db),
    ];
    const placed = await placeOrder(app, owner);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => invoice(app, placed._id, owner.token)),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
    expect(real).toHaveBeenCalledTimes(1);
    // Kept bytes are never sent before the access check: another customer gets nothing.
    const refused = await invoice(app, placed._id, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('%PDF');

    // Marking it paid changes the order: the next download is a new layout that says so.
    const paid = await app.inject({
      method: 'PUT',
      url: `/api/order/${placed._id}`,
      headers: bearer(admin.token),
    });
    expect(paid.statusCode).toBe(200);
    const [page] = await pdfPages((await invoice(app, placed._id, owner.token)).rawPayload);
    expect(page).toContain('PAID');
    expect(page).not.toContain('UNPAID');
    expect(real).toHaveBeenCalledTimes(2);
  });

  it('limits downloads per account: past INVOICE_RATE_LIMIT_PER_MINUTE, 429 with Retry-After', async () => {
    const app = await shop({ INVOICE_RATE_LIMIT_PER_MINUTE: '3' });
    customer = await registerAccount(app);
    const other = await registerAccount(app);
    const placed = await placeOrder(app, customer);
    for (let i = 0; i < 3; i += 1) {
      expect((await invoice(app, placed._id, customer.token)).statusCode).toBe(200);
    }
    const refused = await invoice(app, placed._id, customer.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(refused.json()).error).toEqual({
      code: 'rate_limited',
      message: messages.tooManyInvoices,
    });
    const theirs = await placeOrder(app, other);
    expect((await invoice(app, theirs._id, other.token)).statusCode).toBe(200);
  });

  it('refuses a layout past the workers and their queue with 503 and Retry-After', async () => {
    const gate = gatedRender();
    const app = await shop(
      {},
      createInvoiceRenderer({ concurrency: 1, queue: 1, cacheBytes: 1 << 20 }, gate.render),
    );
    const buyer = await registerAccount(app);
    const orders = [
      await placeOrder(app, buyer),
      await placeOrder(app, buyer),
      await placeOrder(app, buyer),
    ];
    const first = invoice(app, orders[0]?._id ?? '', buyer.token);
    const second = invoice(app, orders[1]?._id ?? '', buyer.token);
    await vi.waitFor(() => expect(gate.held).toHaveLength(1));
    const third = await invoice(app, orders[2]?._id ?? '', buyer.token);
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe(String(INVOICE_RETRY_AFTER_SECONDS));
    expect(apiErrorSchema.parse(third.json()).error).toEqual({
      code: 'invoice_busy',
      message: messages.invoicesBusy,
    });
    gate.held.shift()?.();
    await vi.waitFor(() => expect(gate.held).toHaveLength(1));
    gate.held.shift()?.();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
  });
});
