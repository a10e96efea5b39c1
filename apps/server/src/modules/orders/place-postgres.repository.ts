import type pg from 'pg';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { OrderRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { unitPriceFor } from '@shop/shared';
import { ORDER_MAIL_COLUMNS, orderMailEnqueued, orderMailRow } from '../mail/outbox.repository.js';
import { toOrder } from './order-view.js';
import {
  MAX_ORDER_CENTS,
  NEW_ORDER_COLUMNS,
  NEW_ORDER_LINE_COLUMNS,
  newOrderRows,
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

/** `$n` for each of `names`, numbered from `first`. */
const placeholders = (names: readonly string[], first: number) =>
  names.map((_, index) => `$${first + index}`).join(', ');

/**
 * A one-line order in one statement, so one round trip and one implicit transaction: the
 * conditional UPDATE takes the stock only if the product still has the name and prices the
 * order was priced with (and every rule of `placeQueries.takeStock` holds, and no order was
 * placed with the same idempotency key since `since`); the customer's place and the order's
 * value are reserved, after the product's cooldown for them is checked (raising SH001, SH002 or
 * SH003, which rolls back the whole statement, when a limit is met); then the order, its line
 * and its mail are written from the rows `newOrderRows` made.
 */
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
const ORDER_AT = CHECKS.length + 1;
const LINE_AT = ORDER_AT + NEW_ORDER_COLUMNS.length;
const MAIL_AT = LINE_AT + NEW_ORDER_LINE_COLUMNS.length;
const PLACE_ONE_LINE = {
  name: 'shop_place_one_line_order',
  text: `with taken as (
    update products set aqty = aqty - $2::integer, updated_at = $3::timestamptz
    where id = $1::varchar and archived_at is null
      and aqty >= $2::integer and minquantity <= $2::integer and $2::integer % increment = 0
      and name = $4::text and price_cents = $5::integer and price_breaks = $6::text
      and ($9::text is null or not exists (
        select 1 from orders
        where user_id = $7::varchar and idempotency_key = $9::text
          and created_at >= $10::timestamptz))
    returning id
  ), held as (
    select shop_reserve_unpaid_hold($7::varchar, $1::varchar, $3::timestamptz, $8::integer,
      $11::bigint, $12::bigint) as reserved from taken
  ), placed as (
    insert into orders (${NEW_ORDER_COLUMNS.join(', ')})
    select ${placeholders(NEW_ORDER_COLUMNS, ORDER_AT)} from held where reserved
    returning *
  ), line as (
    insert into order_lines (${NEW_ORDER_LINE_COLUMNS.join(', ')})
    select ${placeholders(NEW_ORDER_LINE_COLUMNS, LINE_AT)} from placed
  ), mail as (
    insert into mail_outbox (${ORDER_MAIL_COLUMNS.join(', ')})
    select ${placeholders(ORDER_MAIL_COLUMNS, MAIL_AT)} from placed
  )
  select * from placed`,
};

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
  const { rows } = await pool.query<OrderRow>({ ...PLACE_ONE_LINE, values });
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
          (await client.query<OrderRow>({ ...PLACE_ONE_LINE, values: order.values })).rows[0],
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

      const now = rules.now ?? nowIso();
      const priced = [{ id: line.productId, name: product.name, unitCents, ...line }];
      const rows = newOrderRows(input, rules, priced, totalCents, now);
      // The order as the database will hold it, for the mail written with it.
      const stored: OrderRow = {
        ...rows.order,
        refund_needed: false,
        paid_at: null,
        shipped_at: null,
        carrier: null,
        tracking_number: null,
      };
      const mail = orderMailRow('order-placed', toOrder(stored, rows.lines));
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
      const values = [
        ...CHECKS.map((name) => checks[name]),
        ...NEW_ORDER_COLUMNS.map((column) => rows.order[column]),
        ...NEW_ORDER_LINE_COLUMNS.map((column) => lineRow?.[column]),
        ...ORDER_MAIL_COLUMNS.map((column) => mail[column]),
      ];
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
