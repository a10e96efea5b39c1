import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  insertCustomer,
  insertProduct,
  oneLineOrder,
  stockIn,
  unpaidOrdersOf,
  unpaidValueOf,
} from '../../test/factories.js';
import { lineField, refusedOrder } from './orders.service.js';
import { createOrdersRepository } from './orders.repository.js';
import type { NewOrder, PlaceResult, PlaceRules } from './place-order.repository.js';
import { createPostgresOrderPlacement } from './place-postgres.repository.js';

const postgres = testDatabases.find((kind) => kind.name === 'postgres');

/** Which way an order went on the one-statement side. */
type Path = 'one statement' | 'stepped aside';
type Side = 'kysely' | 'one-statement';

const LIMITS = { maxUnpaid: 1_000, maxUnpaidCents: 1e12 };

/**
 * One case of the table: a product and a customer made afresh for each side, what happened
 * before (`before`, through the same side), then the order placed, and which way the
 * one-statement side must take it: placing or refusing itself ('one statement'), or stepping
 * aside to the general path ('stepped aside': never placing what the general path refuses).
 */
interface ParityCase {
  name: string;
  product?: { stock?: number; minimum?: number; priceCents?: number; increment?: number };
  quantity: number;
  limits?: PlaceRules['limits'];
  before?: (side: SideContext) => Promise<void>;
  /** A retry: the order is placed twice with one idempotency key; the second answer compared. */
  retry?: boolean;
  /** Placed by a member of a company with this order limit in cents (DESIGN.md section 12). */
  company?: { orderLimitCents: number | null; awaits?: true };
  /** What both must answer: the HTTP status, and a refusal's error code. */
  answer: { status: 200; sameAsFirst?: boolean } | { status: number; code: string };
  path: Path;
}

interface SideContext {
  productId: string;
  userId: string;
  place(input: NewOrder, rules?: PlaceRules): Promise<{ result: PlaceResult; path: Path }>;
  edit(values: {
    price_cents?: number;
    price_breaks?: string;
    archived_at?: string;
  }): Promise<void>;
}

/**
 * Issue 21: on PostgreSQL an order is placed two ways, the general Kysely path
 * (place-order.repository.ts) and, for a one-line order, one statement
 * (place-postgres.repository.ts, kept for its speed). Every case of this table goes through
 * both, each on fresh rows, and what they answer (the HTTP status, error code and fields the
 * service makes of it) and write (the order, its line, the stock, the outbox mail, the unpaid
 * counters) must be the same. A rule added to one path and not the other fails here.
 */
describe.skipIf(!postgres)('placing an order: the one statement and the Kysely path agree', () => {
  let db: TestDb;
  let general: ReturnType<typeof createOrdersRepository>;
  let oneStatement: ReturnType<typeof createPostgresOrderPlacement>;

  beforeAll(async () => {
    if (!postgres) return;
    db = await postgres.open();
    general = createOrdersRepository(db.kysely, db.dialect);
    if (db.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    oneStatement = createPostgresOrderPlacement(db.driver.pool, db.changes);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const rulesWith = (limits: PlaceRules['limits'] = LIMITS): PlaceRules => ({
    holdMinutes: 60,
    approvalHoldMinutes: 1440,
    maxAwaitingApproval: 5,
    limits,
  });
  /** The company of the parity cases' members (no row needed: placing reads none). */
  const companyId = newId();

  async function sideFor(side: Side, parity: ParityCase): Promise<SideContext> {
    const productId = await insertProduct(db, parity.product);
    if (parity.product?.increment) {
      await db.kysely
        .updateTable('products')
        .set({ increment: parity.product.increment })
        .where('id', '=', productId)
        .execute();
    }
    const userId = await insertCustomer(db);
    return {
      productId,
      userId,
      async place(input, rules = rulesWith(parity.limits)) {
        if (side === 'one-statement') {
          const placed = await oneStatement.place(input, rules);
          if (placed) return { result: placed, path: 'one statement' };
        }
        return { result: await general.place(input, rules), path: 'stepped aside' };
      },
      async edit(values) {
        await db.kysely.updateTable('products').set(values).where('id', '=', productId).execute();
      },
    };
  }

  /** What a case answered and wrote, with this side's ids and names taken out. */
  async function outcome(side: Side, parity: ParityCase) {
    const context = await sideFor(side, parity);
    const { productId, userId } = context;
    await parity.before?.(context);
    const tag = parity.retry ? `parity-${newId()}` : undefined;
    const input: NewOrder = {
      ...oneLineOrder(userId, productId, parity.quantity),
      poNumber: 'PO-21',
      ...(parity.company
        ? {
            company: {
              companyId,
              orderLimitCents: parity.company.orderLimitCents,
              approvers: [{ email: 'approver@example.com', name: 'Approver' }],
            },
          }
        : {}),
      ...(tag ? { idempotency: { tag, since: new Date(Date.now() - 60_000).toISOString() } } : {}),
    };
    const first = parity.retry ? await context.place(input) : undefined;
    const { result, path } = await context.place(input);

    const orders = await db.kysely
      .selectFrom('orders')
      .select([
        'id',
        'product_name',
        'quantity',
        'unit_price_cents',
        'price_cents',
        'payment_status',
        'order_status',
        'po_number',
        'idempotency_key',
        'company_id',
        'placed_by_user_id',
        'approval_status',
        'expires_at',
        'created_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const ids = orders.map((order) => order.id);
    const lines =
      ids.length === 0
        ? []
        : await db.kysely
            .selectFrom('order_lines')
            .select(['order_id', 'position', 'quantity', 'unit_price_cents', 'line_total_cents'])
            .where('order_id', 'in', ids)
            .orderBy('order_id')
            .orderBy('position')
            .execute();
    const mails =
      ids.length === 0
        ? []
        : await db.kysely
            .selectFrom('mail_outbox')
            .select(['order_id', 'kind', 'recipient'])
            .where('order_id', 'in', ids)
            .orderBy('created_at')
            .execute();
    const product = await db.kysely
      .selectFrom('products')
      .select('name')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const answer =
      result.kind === 'placed'
        ? {
            status: 200,
            order: result.order.id,
            sameAsFirst:
              first?.result.kind === 'placed' && first.result.order.id === result.order.id,
          }
        : (() => {
            const error = refusedOrder(result, lineField);
            return {
              status: error.status,
              code: error.code,
              message: error.message,
              fields: error.fields,
            };
          })();
    const written = {
      answer,
      stock: Number(await stockIn(db, productId)),
      // How long each order holds its stock, in minutes (the times themselves differ).
      orders: orders.map(({ expires_at, created_at, ...order }) => ({
        ...order,
        holdMinutes:
          expires_at === null
            ? null
            : Math.round(
                (Date.parse(String(new Date(expires_at).toISOString())) -
                  Date.parse(new Date(created_at).toISOString())) /
                  60_000,
              ),
      })),
      lines,
      mails,
      unpaid: await unpaidOrdersOf(db, userId),
      unpaidValue: await unpaidValueOf(db, userId),
    };
    // The same rows under other ids: each id and name becomes its place in this case.
    let text = JSON.stringify(written);
    ids.forEach((id, index) => (text = text.replaceAll(id, `<order ${index}>`)));
    text = text
      .replaceAll(productId, '<product>')
      .replaceAll(userId, '<customer>')
      .replaceAll(product.name, '<product name>');
    if (tag) text = text.replaceAll(tag, '<key>');
    return { written: JSON.parse(text) as typeof written, path };
  }

  /** A first order of the customer's, placed the same way as the case's. */
  const earlier =
    (quantity: number) =>
    async ({ place, userId, productId }: SideContext) => {
      const { result } = await place(oneLineOrder(userId, productId, quantity));
      expect(result.kind).toBe('placed');
    };
  /** Another customer's order, so the one-statement side knows (keeps) the product's price. */
  const knownThen = (change: (side: SideContext) => Promise<void>) => async (side: SideContext) => {
    const other = await insertCustomer(db);
    expect((await side.place(oneLineOrder(other, side.productId, 2))).result.kind).toBe('placed');
    await change(side);
  };

  const cases: ParityCase[] = [
    {
      name: 'an order that fits every rule',
      quantity: 4,
      answer: { status: 200 },
      path: 'one statement',
    },
    {
      name: 'a volume price break',
      product: { priceCents: 1_000 },
      quantity: 10,
      before: async ({ edit }) =>
        edit({ price_breaks: JSON.stringify([{ minQty: 10, price: 8 }]) }),
      answer: { status: 200 },
      path: 'one statement',
    },
    {
      name: 'more than the stock',
      product: { stock: 5, minimum: 1 },
      quantity: 6,
      answer: { status: 409, code: 'out_of_stock' },
      path: 'stepped aside',
    },
    {
      name: 'below the minimum',
      product: { minimum: 5 },
      quantity: 4,
      answer: { status: 400, code: 'below_minimum' },
      path: 'stepped aside',
    },
    {
      name: 'not a whole number of packs',
      product: { minimum: 1, increment: 4 },
      quantity: 6,
      answer: { status: 400, code: 'not_pack_multiple' },
      path: 'stepped aside',
    },
    {
      name: 'a price changed since the one statement learnt it',
      quantity: 3,
      before: knownThen(({ edit }) => edit({ price_cents: 5_990 })),
      answer: { status: 200 },
      path: 'stepped aside',
    },
    {
      name: 'a product archived since the one statement learnt it',
      quantity: 3,
      before: knownThen(({ edit }) => edit({ archived_at: new Date().toISOString() })),
      answer: { status: 404, code: 'not_found' },
      path: 'stepped aside',
    },
    {
      name: 'one unpaid order over the limit',
      quantity: 2,
      limits: { maxUnpaid: 1, maxUnpaidCents: 1e12 },
      before: earlier(2),
      answer: { status: 409, code: 'too_many_unpaid_orders' },
      path: 'one statement',
    },
    {
      name: 'an unpaid value over the limit',
      quantity: 3,
      limits: { maxUnpaid: 10, maxUnpaidCents: 4 * 4_850 },
      before: earlier(2),
      answer: { status: 409, code: 'unpaid_value_exceeded' },
      path: 'one statement',
    },
    {
      name: "a company buyer's order within their limit",
      quantity: 2,
      company: { orderLimitCents: 2 * 4_850 },
      answer: { status: 200 },
      path: 'one statement',
    },
    {
      name: "a company buyer's order over their limit: it awaits approval, counted nowhere",
      quantity: 3,
      company: { orderLimitCents: 2 * 4_850, awaits: true },
      answer: { status: 200 },
      path: 'stepped aside',
    },
    {
      name: 'a company admin (no limit) ordering far over any buyer limit',
      quantity: 50,
      company: { orderLimitCents: null },
      answer: { status: 200 },
      path: 'one statement',
    },
    {
      name: 'a retry with the same idempotency key',
      quantity: 2,
      retry: true,
      answer: { status: 200, sameAsFirst: true },
      path: 'stepped aside',
    },
  ];

  it.each(cases)('$name', async (parity) => {
    const kysely = await outcome('kysely', parity);
    const fast = await outcome('one-statement', parity);
    expect(kysely.written.answer).toMatchObject(parity.answer);
    expect(fast.written).toEqual(kysely.written);
    expect(fast.path).toBe(parity.path);
    if (parity.company) {
      expect(kysely.written.orders[0]).toMatchObject({
        approval_status: parity.company.awaits ? 'awaiting_approval' : 'not_required',
        holdMinutes: parity.company.awaits ? 1440 : 60,
      });
      expect(kysely.written.unpaid).toBe(parity.company.awaits ? 0 : 1);
      expect(kysely.written.mails.map((mail) => mail.kind)).toEqual(
        parity.company.awaits ? ['order-placed', 'order-awaiting-approval'] : ['order-placed'],
      );
    }
  });
});
