import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import type pg from 'pg';
import type { ChangeFeed } from '../../db/change-feed.js';
import { precompile } from '../../db/precompiled.js';
import type { Database, OrderRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { ORDER_NUMBER_PREFIX, placedApproval, unitPriceFor } from '@shop/shared';
import {
  ORDER_MAIL_COLUMNS,
  orderMailEnqueued,
  orderMailRow,
  shopOrderMailRow,
} from '../mail/outbox.repository.js';
import { toOrder } from './order-view.js';
import {
  MAX_ORDER_CENTS,
  NEW_ORDER_COLUMNS,
  approvalOnPlacing,
  NEW_ORDER_LINE_COLUMNS,
  newOrderRows,
  placeQueries,
  priceBreaksOf,
  type NewOrder,
  type PlaceResult,
  type PlaceRules,
} from './place-order.repository.js';

/** How many products' prices one instance keeps for placing orders in one statement. */
export const MAX_KNOWN_PRODUCTS = 10_000;

/** What a one-statement order relies on of its product: checked by the statement itself. */
interface KnownProduct {
  name: string;
  price_cents: number;
  price_breaks: string;
}

/**
 * SQLSTATEs of `shop_reserve_unpaid_hold` (migration 0014): the customer holds `max_unpaid`
 * orders already; the order would take their unpaid value past `max_cents`; the product cools
 * down for them after an order of theirs expired.
 */
const TOO_MANY_UNPAID = 'SH001';
const UNPAID_VALUE_EXCEEDED = 'SH002';
const HOLD_COOLDOWN = 'SH003';

/**
 * A Kysely that only compiles, for PostgreSQL: the one statement below is built from the same
 * queries as the general path (`placeQueries`) and compiled once, at start.
 */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const CHECKS = [
  'productId',
  'quantity',
  'now',
  'name',
  'priceCents',
  'priceBreaks',
  'userId',
  'maxUnpaid',
  'tag',
  'since',
  'cents',
  'maxCents',
] as const;
const orderParam = (column: string) => `order.${column}`;
const lineParam = (column: string) => `line.${column}`;
const mailParam = (column: string) => `mail.${column}`;
const shopMailParam = (column: string) => `shopMail.${column}`;
const PARAMS = [
  ...CHECKS,
  ...NEW_ORDER_COLUMNS.map(orderParam),
  ...NEW_ORDER_LINE_COLUMNS.map(lineParam),
  ...ORDER_MAIL_COLUMNS.map(mailParam),
  ...ORDER_MAIL_COLUMNS.map(shopMailParam),
];

/**
 * A one-line order in one statement, so one round trip and one implicit transaction: the stock
 * is taken by `placeQueries.takeStock` (every rule of the general path), only if the product
 * still has the name and prices the order was priced with, and no order was placed with the
 * same idempotency key since `since` (`placeQueries.idempotentOrder`); the customer's place and
 * the order's value are reserved, after the product's cooldown for them is checked (raising
 * SH001, SH002 or SH003, which rolls back the whole statement, when a limit is met); then the
 * order, its line and its mail (and the shop's, with SHOP_ORDERS_EMAIL) are written from the rows
 * `newOrderRows` made; the insert gives the order its number (the sequence default).
 */
const PLACE_ONE_LINE = precompile<Record<string, unknown>>(PARAMS, (p) => {
  const text = (name: string) => p[name] as string;
  const number = (name: string) => p[name] as number;
  const valuesOf = (columns: readonly string[], param: (column: string) => string) =>
    columns.map((column) => sql.val(p[param(column)]).as(column));
  // A mail's payload is the order as the API shows it, written before the insert gave the order
  // its number (the sequence default, migration 0016): the number goes in here, spelled as
  // `formatOrderNumber` spells it.
  const mailValuesOf = (param: (column: string) => string) =>
    ORDER_MAIL_COLUMNS.map((column) =>
      column === 'payload'
        ? sql<string>`jsonb_set(cast(${p[param(column)]} as jsonb), '{orderNumber}',
            to_jsonb(${sql.lit(ORDER_NUMBER_PREFIX)} || new_order.number))::text`.as(column)
        : sql.val(p[param(column)]).as(column),
    );
  return (
    compiler
      .with('taken', (q) =>
        placeQueries
          .takeStock(q, {
            productId: text('productId'),
            quantity: number('quantity'),
            now: text('now'),
          })
          .where('name', '=', text('name'))
          .where('price_cents', '=', number('priceCents'))
          .where('price_breaks', '=', text('priceBreaks'))
          .where((eb) =>
            eb.or([
              eb(eb.cast(eb.val(text('tag')), 'text'), 'is', null),
              eb.not(
                eb.exists(
                  placeQueries.idempotentOrder(compiler, {
                    userId: text('userId'),
                    tag: text('tag'),
                    since: text('since'),
                  }),
                ),
              ),
            ]),
          ),
      )
      .with('held', (q) =>
        q.selectFrom('taken').select(
          sql<boolean>`shop_reserve_unpaid_hold(${p.userId}::varchar, ${p.productId}::varchar,
            ${p.now}::timestamptz, ${p.maxUnpaid}::integer, ${p.cents}::bigint,
            ${p.maxCents}::bigint)`.as('reserved'),
        ),
      )
      .with('new_order', (q) =>
        q
          .insertInto('orders')
          .columns(NEW_ORDER_COLUMNS)
          .expression((eb) =>
            eb
              .selectFrom('held')
              .select(valuesOf(NEW_ORDER_COLUMNS, orderParam))
              .where('held.reserved', '=', true),
          )
          .returningAll(),
      )
      .with('new_line', (q) =>
        q
          .insertInto('order_lines')
          .columns(NEW_ORDER_LINE_COLUMNS)
          .expression((eb) =>
            eb.selectFrom('new_order').select(valuesOf(NEW_ORDER_LINE_COLUMNS, lineParam)),
          ),
      )
      .with('new_mail', (q) =>
        q
          .insertInto('mail_outbox')
          .columns(ORDER_MAIL_COLUMNS)
          .expression((eb) => eb.selectFrom('new_order').select(mailValuesOf(mailParam))),
      )
      // The shop's own mail of the new order (SHOP_ORDERS_EMAIL), when it has an address.
      .with('new_shop_mail', (q) =>
        q
          .insertInto('mail_outbox')
          .columns(ORDER_MAIL_COLUMNS)
          .expression((eb) =>
            eb
              .selectFrom('new_order')
              .select(mailValuesOf(shopMailParam))
              .where(sql`cast(${p[shopMailParam('recipient')]} as text)`, 'is not', null),
          ),
      )
      .selectFrom('new_order')
      .selectAll()
  );
});
const PLACE_ONE_LINE_NAME = 'shop_place_one_line_order';

/** The most one-line orders of one product a PostgreSQL transaction takes. */
export const MAX_ORDERS_PER_COMMIT = 32;

interface Waiting {
  userId: string;
  values: unknown[];
  resolve(row: OrderRow | undefined): void;
  reject(error: unknown): void;
}

/** The one statement on its own: its own transaction. */
async function placeAlone(pool: pg.Pool, values: unknown[]): Promise<OrderRow | undefined> {
  const { rows } = await pool.query<OrderRow>({
    name: PLACE_ONE_LINE_NAME,
    text: PLACE_ONE_LINE.sql,
    values,
  });
  return rows[0];
}

/**
 * PostgreSQL's group commit for the one statement: the orders of one product that arrive while
 * its last transaction is being written share the next one. Every order of a product waits for
 * the one before it anyway (the UPDATE locks the product's row until the commit, and a commit
 * waits for the WAL to reach the disk, and for the notification lock); in one transaction, a
 * batch pays that wait once. Nothing is answered before its commit.
 *
 * - One product per transaction, and its orders in customer order: every transaction of the
 *   shop locks products first (in id order), then customers' unpaid counts (in id order), so
 *   none can wait on another in a circle.
 * - A statement that fails (a customer at an unpaid limit raises SH001 or SH002, a product
 *   cooling down for them SH003, or a broken row) aborts the transaction: nothing of it is stored, and each of its orders is placed again
 *   alone, to get its own answer. A failed COMMIT fails the whole batch (whether it was
 *   stored is then unknown, as for any statement whose connection breaks).
 */
function createPostgresOrderBatches(pool: pg.Pool) {
  const waiting = new Map<string, Waiting[]>();
  let retriedAlone = 0;

  async function writeBatch(batch: Waiting[]): Promise<void> {
    const [only] = batch;
    if (only && batch.length === 1) {
      await placeAlone(pool, only.values).then(only.resolve, only.reject);
      return;
    }
    batch.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      for (const order of batch) order.reject(error);
      return;
    }
    const rows: (OrderRow | undefined)[] = [];
    let broken: unknown;
    try {
      await client.query('begin');
      for (const order of batch) {
        rows.push(
          (
            await client.query<OrderRow>({
              name: PLACE_ONE_LINE_NAME,
              text: PLACE_ONE_LINE.sql,
              values: order.values,
            })
          ).rows[0],
        );
      }
    } catch {
      // Rolled back (or the connection is gone, and the transaction with it): each alone.
      await client.query('rollback').catch((lost: unknown) => (broken = lost));
      client.release(broken instanceof Error ? broken : undefined);
      retriedAlone += 1;
      await Promise.all(
        batch.map((order) => placeAlone(pool, order.values).then(order.resolve, order.reject)),
      );
      return;
    }
    try {
      await client.query('commit');
    } catch (error) {
      broken = error;
      for (const order of batch) order.reject(error);
      return;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
    batch.forEach((order, index) => order.resolve(rows[index]));
  }

  async function writeAll(productId: string): Promise<void> {
    for (;;) {
      const queue = waiting.get(productId) ?? [];
      if (queue.length === 0) {
        waiting.delete(productId);
        return;
      }
      await writeBatch(queue.splice(0, MAX_ORDERS_PER_COMMIT));
    }
  }

  return {
    /** How many batches failed a statement and were placed again order by order (for tests). */
    get retriedAlone(): number {
      return retriedAlone;
    },

    /** The order's row once committed; undefined when the statement took no row. */
    place(productId: string, userId: string, values: unknown[]): Promise<OrderRow | undefined> {
      return new Promise((resolve, reject) => {
        const queue = waiting.get(productId);
        if (queue) {
          queue.push({ userId, values, resolve, reject });
          return;
        }
        waiting.set(productId, [{ userId, values, resolve, reject }]);
        // The first order waits for the event loop's turn, so those that arrived with it join.
        setImmediate(() => void writeAll(productId));
      });
    },
  };
}

/**
 * Places one-line orders on PostgreSQL in one named prepared statement (issue 15): four round
 * trips or more of a Kysely transaction become one. Each instance keeps the name and prices of
 * the products it has sold; the statement checks them, so a product edited since simply takes
 * no row and the order goes the general way (`place` answers undefined), which also refuses
 * with the right reason. Orders of several lines go the general way too.
 */
export function createPostgresOrderPlacement(pool: pg.Pool, changes: ChangeFeed) {
  const known = new Map<string, KnownProduct>();
  const batches = createPostgresOrderBatches(pool);

  async function productOf(productId: string): Promise<KnownProduct | undefined> {
    const cached = known.get(productId);
    if (cached) return cached;
    const { rows } = await pool.query<KnownProduct>({
      name: 'shop_product_prices',
      text: `select name, price_cents, price_breaks from products
        where id = $1::varchar and archived_at is null`,
      values: [productId],
    });
    const [product] = rows;
    if (!product) return undefined;
    if (known.size >= MAX_KNOWN_PRODUCTS) known.clear();
    known.set(productId, product);
    return product;
  }

  return {
    /** How many batches failed a statement and were placed again order by order (for tests). */
    get retriedAlone(): number {
      return batches.retriedAlone;
    },

    /** The order placed or refused, or undefined when the general path must place it. */
    async place(input: NewOrder, rules: PlaceRules): Promise<PlaceResult | undefined> {
      const [line] = input.lines;
      if (!line || input.lines.length !== 1) return undefined;
      const product = await productOf(line.productId);
      if (!product) return undefined;
      const unitCents = unitPriceFor(
        product.price_cents,
        priceBreaksOf(product.price_breaks),
        line.quantity,
      );
      const totalCents = unitCents * line.quantity;
      if (totalCents > MAX_ORDER_CENTS) return undefined;
      // An order awaiting approval reserves no unpaid place (section 12): the general path.
      if (approvalOnPlacing(input.company, totalCents) !== placedApproval.none) return undefined;
      // A monthly limit reads the month's orders under the buyer's locks: the general path.
      if ((input.company?.monthlyLimitCents ?? null) !== null) return undefined;

      const now = rules.now ?? nowIso();
      const priced = [{ id: line.productId, name: product.name, unitCents, ...line }];
      const rows = newOrderRows(input, rules, priced, totalCents, now);
      // The order as the database will hold it, for the mail written with it.
      const stored: OrderRow = {
        ...rows.order,
        // Given by the insert; the statement writes it into the mails (`mailValuesOf`).
        number: 0,
        refund_needed: false,
        paid_at: null,
        shipped_at: null,
        carrier: null,
        tracking_number: null,
        invoice_number: null,
        invoice_issued_at: null,
        invoice_due_at: null,
        invoice_amount_due_cents: null,
        approval_decided_at: null,
        approval_decided_by: null,
        approval_decided_by_name: null,
        rejection_reason: null,
        invoice_terms_days: null,
        invoice_company_name: null,
        invoice_company_vat_id: null,
        payment_received_at: null,
      };
      const view = toOrder(stored, rows.lines);
      const mail = orderMailRow('order-placed', view);
      const shopMail = rules.shopEmail ? shopOrderMailRow(view, rules.shopEmail) : undefined;
      const checks: Record<(typeof CHECKS)[number], unknown> = {
        productId: line.productId,
        quantity: line.quantity,
        now,
        name: product.name,
        priceCents: product.price_cents,
        priceBreaks: product.price_breaks,
        userId: input.userId,
        maxUnpaid: rules.limits?.maxUnpaid ?? null,
        tag: input.idempotency?.tag ?? null,
        since: input.idempotency?.since ?? null,
        cents: totalCents,
        maxCents: rules.limits?.maxUnpaidCents ?? null,
      };
      const [lineRow] = rows.lines;
      const values = PLACE_ONE_LINE.parameters({
        ...checks,
        ...Object.fromEntries(NEW_ORDER_COLUMNS.map((c) => [orderParam(c), rows.order[c]])),
        ...Object.fromEntries(NEW_ORDER_LINE_COLUMNS.map((c) => [lineParam(c), lineRow?.[c]])),
        ...Object.fromEntries(ORDER_MAIL_COLUMNS.map((c) => [mailParam(c), mail[c]])),
        ...Object.fromEntries(
          ORDER_MAIL_COLUMNS.map((c) => [shopMailParam(c), shopMail?.[c] ?? null]),
        ),
      });
      let placed: OrderRow | undefined;
      try {
        placed = await batches.place(line.productId, input.userId, values);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === TOO_MANY_UNPAID) {
          return { kind: 'too-many-unpaid', max: rules.limits?.maxUnpaid ?? 0 };
        }
        if (code === UNPAID_VALUE_EXCEEDED) {
          return { kind: 'unpaid-value-exceeded', maxCents: rules.limits?.maxUnpaidCents ?? 0 };
        }
        // The general path reads the cooldown again and names its end in the refusal.
        if (code === HOLD_COOLDOWN) return undefined;
        throw error;
      }
      if (!placed) {
        // Out of stock, edited, archived, a rule broken, or placed before with this key: the
        // general path tells which, and reads the product afresh next time.
        known.delete(line.productId);
        return undefined;
      }
      changes.wrote(['products']);
      orderMailEnqueued();
      return { kind: 'placed', order: placed, lines: rows.lines };
    },
  };
}
