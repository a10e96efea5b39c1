import type { Insertable, QueryCreator, Transaction } from 'kysely';
import type {
  Database,
  MailOutboxTable,
  OrderLinesTable,
  OrderRow,
  OrdersTable,
} from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso, toIso } from '../../db/time.js';
import {
  messages,
  newOrderState,
  orderTitle,
  placedApproval,
  quantityIssue,
  quoteMessages,
  unitPriceFor,
  type PaymentMethod,
  type QuantityIssue,
} from '@shop/shared';
import { insertOrderMail, orderMailRow, shopOrderMailRow } from '../mail/outbox.repository.js';
import type { Dialect } from '../../db/database.js';
import { inStateFor } from './apply-transition.repository.js';
import { toOrder } from './order-view.js';

// Placing an order: its rules and statements, written once for every way they are run (a
// Kysely transaction, or SQLite's batches in place-sqlite.repository.ts).

export interface NewOrderLine {
  productId: string;
  quantity: number;
}

export interface NewOrder {
  /** 1 to 50 lines, each product once (the shared schema checks it), in the buyer's order. */
  lines: readonly NewOrderLine[];
  userId: string;
  userEmail: string;
  userName: string;
  phone: string;
  address: string;
  poNumber?: string | undefined;
  /** Whom the invoice is made out to (checkout's billing details); absent: not given. */
  billingCompany?: string | undefined;
  billingVatNumber?: string | undefined;
  /** Absent: the shipping address. */
  billingAddress?: string | undefined;
  /**
   * The request's claimed `Idempotency-Key` (http/idempotency.ts `idempotencyTag`): kept on the
   * order, and an order placed with the same tag since the key's life began is answered
   * instead of placing another.
   */
  idempotency?: { tag: string; since: string } | undefined;
  /**
   * The company of the member placing it (DESIGN.md section 12), and their order limit in cents:
   * null for none (a company admin's is always none). Absent: a customer in no company.
   */
  company?: CompanyPlacement | undefined;
  /**
   * An accepted quote's order (DESIGN.md section 14): line `i` is priced at `unitCents[i]`, the
   * offered unit price, and its stock is taken without the minimum and the pack size (the shop
   * admin chose the quantity), never without the stock. Absent: priced from the product.
   */
  offer?:
    | {
        unitCents: readonly number[];
        /**
         * The offer's lines that are not products (a setup or tooling fee; issue 33, defect 21):
         * each one more line of the order, quantity 1, no product, no SKU, no stock.
         */
        charges?: readonly OrderCharge[] | undefined;
      }
    | undefined;
  /**
   * How the buyer pays (ux 2026-11-28 #14); absent: card. An order `on_account` is invoiced in
   * its placing transaction, or at its approval (orders.service.ts); placing only records it.
   */
  paymentMethod?: PaymentMethod | undefined;
}

/** An order line that is no product: a description (its name) and an amount in cents. */
export interface OrderCharge {
  description: string;
  unitCents: number;
}

/** What placing needs to know of the buyer's company. */
export interface CompanyPlacement {
  companyId: string;
  /** Null: no limit (a buyer without one, or a company admin). */
  orderLimitCents: number | null;
  /**
   * What the buyer's company orders of the calendar month (UTC) may total before the next one
   * awaits approval (security 2026-11-28 #7); null or absent: no limit (a company admin's is none).
   */
  monthlyLimitCents?: number | null | undefined;
  /** The company's admins, each mailed when the order awaits their approval. */
  approvers: readonly { email: string; name: string }[];
  /**
   * False: no admin of the company has confirmed their email, so an order that would await
   * approval is refused (security 2026-11-28 #1). Undefined: not asked (a quote's order, a shop
   * admin, or a shop that does not ask for confirmed emails).
   */
  approverConfirmed?: boolean | undefined;
}

/** The first moment of `now`'s calendar month (UTC), ISO: where a monthly limit starts counting. */
export const monthStartOf = (now: string): string =>
  `${new Date(now).toISOString().slice(0, 7)}-01T00:00:00.000Z`;

/**
 * Whether a new order waits for a company admin: placed by a member with an order limit and
 * worth more than it (DESIGN.md section 12). The one place this rule is written.
 */
export function approvalOnPlacing(
  company: CompanyPlacement | undefined,
  totalCents: number,
  /** The buyer's company orders of this month so far (`monthSpent`); needed with a monthly limit. */
  monthSpentCents = 0,
): (typeof placedApproval)[keyof typeof placedApproval] {
  if (!company) return placedApproval.none;
  if (company.orderLimitCents !== null && totalCents > company.orderLimitCents) {
    return placedApproval.awaiting;
  }
  // The monthly limit (security 2026-11-28 #7): what the month's orders would total with this one.
  const monthly = company.monthlyLimitCents ?? null;
  return monthly !== null && monthSpentCents + totalCents > monthly
    ? placedApproval.awaiting
    : placedApproval.none;
}

/** What a customer's unpaid orders are held to (DESIGN.md section 11). */
export interface CustomerLimits {
  /** At most this many unpaid orders (MAX_UNPAID_ORDERS). */
  maxUnpaid: number;
  /** Worth at most this much together, in cents (MAX_UNPAID_VALUE). */
  maxUnpaidCents: number;
}

export interface PlaceRules {
  /** How long the order holds its stock unpaid (ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /**
   * How long an order awaiting a company admin's approval holds its stock from placing
   * (APPROVAL_HOLD_MINUTES); `holdMinutes` when not given.
   */
  approvalHoldMinutes?: number | undefined;
  /**
   * MAX_AWAITING_APPROVAL_ORDERS: how many orders one buyer may have awaiting approval at once
   * (they hold stock, and the unpaid limits do not count them); undefined: no limit.
   */
  maxAwaitingApproval?: number | undefined;
  /**
   * MAX_AWAITING_APPROVAL_VALUE in cents: what the orders awaiting approval may be worth
   * together, the buyer's and their company's each (security 2026-11-28 #1); undefined: no limit.
   */
  maxAwaitingApprovalCents?: number | undefined;
  /**
   * The customer's limits, and the cooldown of products whose order of theirs expired;
   * undefined: an admin, whose orders are counted but never limited.
   */
  limits: CustomerLimits | undefined;
  /** The time of placing (ISO); now when not given. Tests move it to see a cooldown end. */
  now?: string | undefined;
  /** The shop's address for a mail of each new order (SHOP_ORDERS_EMAIL); none when unset. */
  shopEmail?: string | undefined;
}

/** Why an order was refused; `line` is the index of the refused line in the buyer's order. */
export type PlaceRefusal =
  | { kind: 'no-product'; line: number }
  | { kind: 'quantity'; line: number; issue: QuantityIssue }
  | { kind: 'too-expensive'; line: number }
  | { kind: 'too-many-unpaid'; max: number }
  | { kind: 'unpaid-value-exceeded'; maxCents: number }
  /** The buyer has `max` orders awaiting approval already (DESIGN.md section 12). */
  | { kind: 'too-many-awaiting'; max: number }
  /** The buyer's (or their company's) orders awaiting approval would be worth more than `maxCents`. */
  | { kind: 'awaiting-value-exceeded'; scope: 'buyer' | 'company'; maxCents: number }
  /** It would await approval, and no admin of the company has confirmed their email. */
  | { kind: 'approver-unconfirmed' }
  /** The line's product cools down for this customer until `until` (its order expired). */
  | { kind: 'hold-cooldown'; line: number; productName: string; until: string };

export type PlaceResult =
  /** `lines` is undefined when an idempotent retry found the order placed before. */
  { kind: 'placed'; order: OrderRow; lines: readonly NewOrderLineRow[] | undefined } | PlaceRefusal;

/** Where a placement query is built: the database, a transaction, or a CTE of a larger one. */
type Executor = QueryCreator<Database>;

/** The columns an order is placed with (each of them, so a prepared INSERT can bind them all). */
export const NEW_ORDER_COLUMNS = [
  'id',
  'product_id',
  'product_name',
  'user_id',
  'user_email',
  'user_name',
  'phone',
  'address',
  'quantity',
  'unit_price_cents',
  'price_cents',
  'payment_status',
  'order_status',
  'transaction_id',
  'po_number',
  'billing_company',
  'billing_vat_number',
  'billing_address',
  'expires_at',
  'idempotency_key',
  'company_id',
  'placed_by_user_id',
  'placed_by_name',
  'approval_status',
  'payment_method',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof OrdersTable)[];
export type NewOrderRow = Required<
  Pick<Insertable<OrdersTable>, (typeof NEW_ORDER_COLUMNS)[number]>
>;

export const NEW_ORDER_LINE_COLUMNS = [
  'order_id',
  'position',
  'product_id',
  'product_name',
  'quantity',
  'unit_price_cents',
  'line_total_cents',
] as const satisfies readonly (keyof OrderLinesTable)[];
export type NewOrderLineRow = Required<Insertable<OrderLinesTable>>;

/** Thrown inside a transaction to roll it back and answer a refusal instead. */
export class Refusal extends Error {
  constructor(readonly result: PlaceRefusal) {
    super(result.kind);
  }
}

/** The largest total one card payment may carry ($999,999.99, Stripe's limit). */
export const MAX_ORDER_CENTS = 99_999_999;

/** A product's stored price breaks (JSON `[{minQty, priceCents}]`) as `unitPriceFor` takes them. */
export function priceBreaksOf(json: string): { minQty: number; price: number }[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) => {
      const { minQty, priceCents } = (entry ?? {}) as { minQty?: unknown; priceCents?: unknown };
      return typeof minQty === 'number' && typeof priceCents === 'number'
        ? [{ minQty, price: priceCents }]
        : [];
    });
  } catch {
    return [];
  }
}

/** Products are always locked in one order (by id), so two orders can never wait on each other. */
export const byProductId = <T extends { productId: string }>(a: T, b: T) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;

/**
 * Why a line's stock could not be taken: the product, read again inside the same transaction,
 * judged by the shared rules the web app shows.
 */
async function refusal(
  statements: PlaceStatements,
  line: NewOrderLine & { index: number },
  quoted = false,
): Promise<PlaceRefusal> {
  const product = await statements.productRules({ productId: line.productId });
  if (!product) return { kind: 'no-product', line: line.index };
  // An offer's line is refused by the stock alone: it names the product and what is left.
  if (quoted) {
    return {
      kind: 'quantity',
      line: line.index,
      issue: { code: 'out_of_stock', message: quoteMessages.shortLine(product.name, product.aqty) },
    };
  }
  const issue = quantityIssue(product, line.quantity);
  if (issue && issue.code !== 'out_of_stock') return { kind: 'quantity', line: line.index, issue };
  const unit = unitPriceFor(
    product.price_cents,
    priceBreaksOf(product.price_breaks),
    line.quantity,
  );
  if (unit * line.quantity > MAX_ORDER_CENTS) return { kind: 'too-expensive', line: line.index };
  // No rule refuses it now: the stock it lacked came back meanwhile. Still a conflict.
  return {
    kind: 'quantity',
    line: line.index,
    issue: issue ?? { code: 'out_of_stock', message: messages.orderMaximum(product.aqty) },
  };
}

/**
 * The statements of an order's placement. Written once with Kysely's builder: run through
 * Kysely in a transaction (PostgreSQL), or compiled once and run as prepared statements in a
 * batch's savepoint (SQLite, place-sqlite.repository.ts).
 */
/**
 * The stock rule every placement takes stock under, written once: the product is still sold
 * and has the quantity. One conditional UPDATE, applied by the database as one step, so no
 * concurrency can take the stock below zero.
 */
const takingStock = (q: Executor, p: { productId: string; quantity: number; now: string }) =>
  q
    .updateTable('products')
    .set((eb) => ({ aqty: eb('aqty', '-', p.quantity), updated_at: p.now }))
    .where('id', '=', p.productId)
    .where('archived_at', 'is', null)
    .where('aqty', '>=', p.quantity);

export const placeQueries = {
  /** The order an idempotent retry placed before, if any. */
  idempotentOrder: (q: Executor, p: { userId: string; tag: string; since: string }) =>
    q
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', p.userId)
      .where('idempotency_key', '=', p.tag)
      .where('created_at', '>=', p.since),

  /**
   * Takes a line's stock if every rule that depends on the product holds, atomically: the
   * database applies the conditional UPDATE as one step, so no concurrency can take it below zero.
   */
  takeStock: (q: Executor, p: { productId: string; quantity: number; now: string }) =>
    takingStock(q, p)
      .where('minquantity', '<=', p.quantity)
      .where((eb) => eb(eb(eb.val(p.quantity), '%', eb.ref('increment')), '=', 0))
      // Without breaks the unit price is known here, so a total too large is refused
      // without writing; with breaks it is checked after (and the stock given back).
      .where((eb) =>
        eb.or([
          eb('price_breaks', '!=', '[]'),
          // In 64 bits: a 32-bit PostgreSQL integer would overflow on a large order.
          eb(eb(eb.cast('price_cents', 'bigint'), '*', p.quantity), '<=', MAX_ORDER_CENTS),
        ]),
      )
      .returning(['id', 'name', 'price_cents', 'price_breaks']),

  /**
   * Takes a quoted line's stock (an accepted offer, DESIGN.md section 14): the stock rule alone,
   * without the minimum and the pack size, which the offer's quantities need not follow.
   */
  takeQuotedStock: (q: Executor, p: { productId: string; quantity: number; now: string }) =>
    takingStock(q, p).returning(['id', 'name', 'price_cents', 'price_breaks']),

  /**
   * Counts one more unpaid order worth `cents` for the customer unless they already hold `max`
   * orders or the value would pass `maxCents`: an upsert whose update only applies within both
   * limits, so no row comes back when one is met. (A first order alone worth more than
   * `maxCents` is refused before.) The triggers of migrations 0013 and 0014 give the place and
   * the value back when the order is paid, cancelled or deleted.
   */
  reservePlace: (
    q: Executor,
    p: { userId: string; cents: number; max: number; maxCents: number },
  ) =>
    q
      .insertInto('unpaid_order_counts')
      .values({ user_id: p.userId, unpaid: 1, unpaid_cents: p.cents })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({
            unpaid: eb(eb.ref('unpaid_order_counts.unpaid'), '+', 1),
            unpaid_cents: eb(eb.ref('unpaid_order_counts.unpaid_cents'), '+', p.cents),
          }))
          .where('unpaid_order_counts.unpaid', '<', p.max)
          .where((eb) =>
            eb(eb(eb.ref('unpaid_order_counts.unpaid_cents'), '+', p.cents), '<=', p.maxCents),
          ),
      )
      .returning('unpaid'),

  /** The same for an admin: counted, not limited. */
  countPlace: (q: Executor, p: { userId: string; cents: number }) =>
    q
      .insertInto('unpaid_order_counts')
      .values({ user_id: p.userId, unpaid: 1, unpaid_cents: p.cents })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          unpaid: eb(eb.ref('unpaid_order_counts.unpaid'), '+', 1),
          unpaid_cents: eb(eb.ref('unpaid_order_counts.unpaid_cents'), '+', p.cents),
        })),
      ),

  /**
   * Locks the buyer's company row until the transaction ends (PostgreSQL), so the company's
   * orders awaiting approval are summed one placement after the other, whichever buyer places
   * them (security 2026-11-28 #1). NO KEY UPDATE, the weakest lock that queues these placements:
   * it conflicts with itself, the credit UPDATE and the members' changes (FOR UPDATE), not with
   * plain reads or key-share checks. Taken before the membership's lock, in the order
   * `updateMember` and `removeMember` take them, so no two transactions wait on each other.
   */
  lockCompany: (q: Executor, p: { companyId: string }) =>
    q.selectFrom('companies').select('id').where('id', '=', p.companyId).forNoKeyUpdate(),

  /**
   * Locks the buyer's membership row until the transaction ends (PostgreSQL), so one buyer's
   * orders awaiting approval are counted one placement after the other.
   */
  lockMembership: (q: Executor, p: { userId: string }) =>
    q.selectFrom('company_members').select('user_id').where('user_id', '=', p.userId).forUpdate(),

  /** How many of the buyer's orders await approval (those `approve` applies to), and their worth. */
  awaitingApproval: (q: Executor, p: { userId: string }) =>
    q
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string | null>('price_cents').as('cents'),
      ])
      .where('user_id', '=', p.userId)
      .where(inStateFor('approve')),

  /** What the company's orders awaiting approval are worth together (every buyer's). */
  companyAwaitingCents: (q: Executor, p: { companyId: string }) =>
    q
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number | string | null>('price_cents').as('cents'))
      .where('company_id', '=', p.companyId)
      .where(inStateFor('approve')),

  /**
   * What the buyer's orders in their company placed since `since` (the month's start) are worth,
   * cancelled ones (expired, rejected, cancelled) left out: the monthly limit's measure.
   */
  monthSpent: (q: Executor, p: { userId: string; companyId: string; since: string }) =>
    q
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number | string | null>('price_cents').as('cents'))
      .where('user_id', '=', p.userId)
      .where('company_id', '=', p.companyId)
      .where('created_at', '>=', p.since)
      // Not cancelled: not in the state a cancelled order is reinstated from.
      .where((eb) => eb.not(inStateFor('reinstate')(eb))),

  /** How many unpaid orders the customer holds: which limit a refused reservation met. */
  unpaidCount: (q: Executor, p: { userId: string }) =>
    q.selectFrom('unpaid_order_counts').select('unpaid').where('user_id', '=', p.userId),

  /**
   * The customer's cooldowns still running at `now`: normally none, so one read for the whole
   * order, matched against its lines in code.
   */
  cooldowns: (q: Executor, p: { userId: string; now: string }) =>
    q
      .selectFrom('hold_cooldowns')
      .select(['product_id', 'ends_at'])
      .where('user_id', '=', p.userId)
      .where('ends_at', '>', p.now),

  insertOrder: (q: Executor, row: NewOrderRow) => q.insertInto('orders').values(row).returningAll(),

  /**
   * The number the database gave the order just inserted (migration 0016). PostgreSQL's
   * sequence default is in the insert's RETURNING already; SQLite's trigger runs after the
   * insert, so its RETURNING says null and the number is read here, in the same transaction.
   */
  orderNumber: (q: Executor, p: { id: string }) =>
    q.selectFrom('orders').select('number').where('id', '=', p.id),

  insertLine: (q: Executor, row: NewOrderLineRow) => q.insertInto('order_lines').values(row),

  /** What the refusal of a line is judged by. */
  productRules: (q: Executor, p: { productId: string }) =>
    q
      .selectFrom('products')
      .select(['name', 'price_cents', 'price_breaks', 'minquantity', 'aqty', 'increment'])
      .where('id', '=', p.productId)
      .where('archived_at', 'is', null),
};

type RowOf<T extends { execute(): Promise<unknown[]> }> = Awaited<ReturnType<T['execute']>>[number];

/** The placement's statements, however they are run. */
export interface PlaceStatements {
  idempotentOrder(p: { userId: string; tag: string; since: string }): Promise<OrderRow | undefined>;
  takeStock(p: {
    productId: string;
    quantity: number;
    now: string;
  }): Promise<RowOf<ReturnType<typeof placeQueries.takeStock>> | undefined>;
  /** The same for a line of an accepted offer: the stock rule only. */
  takeQuotedStock(p: {
    productId: string;
    quantity: number;
    now: string;
  }): Promise<RowOf<ReturnType<typeof placeQueries.takeQuotedStock>> | undefined>;
  /**
   * Counts the order worth `cents` among the customer's unpaid ones: `reserved`, or which limit
   * refused it (undefined `limits`: counted, never refused).
   */
  reservePlace(p: {
    userId: string;
    cents: number;
    limits: CustomerLimits | undefined;
  }): Promise<'reserved' | 'count' | 'value'>;
  /** The customer's cooldowns running at `now` (product id and end). */
  cooldowns(p: { userId: string; now: string }): Promise<{ product_id: string; ends_at: string }[]>;
  /**
   * How many of the buyer's orders await approval and their worth, and the worth of the
   * company's, read under a lock of the company's row and the buyer's membership (PostgreSQL;
   * SQLite writes one transaction at a time), so concurrent placements count in turn.
   */
  awaitingApproval(p: {
    userId: string;
    companyId: string;
  }): Promise<{ count: number; buyerCents: number; companyCents: number }>;
  /** The buyer's company orders placed since `since`, not cancelled, in cents; under the same locks. */
  monthSpent(p: { userId: string; companyId: string; since: string }): Promise<number>;
  insertOrder(row: NewOrderRow): Promise<OrderRow>;
  insertLine(row: NewOrderLineRow): Promise<void>;
  insertMail(row: Insertable<MailOutboxTable>): Promise<void>;
  productRules(p: {
    productId: string;
  }): Promise<RowOf<ReturnType<typeof placeQueries.productRules>> | undefined>;
}

/** The placement's statements through Kysely, inside its transaction `trx`. */
export function kyselyStatements(trx: Transaction<Database>, dialect: Dialect): PlaceStatements {
  /** The company's row, then the membership's (PostgreSQL; again within one transaction: no-op). */
  async function lockBuyer(p: { userId: string; companyId: string }): Promise<void> {
    if (dialect !== 'postgres') return;
    await placeQueries.lockCompany(trx, p).execute();
    await placeQueries.lockMembership(trx, p).execute();
  }
  return {
    async awaitingApproval(p) {
      await lockBuyer(p);
      const row = await placeQueries.awaitingApproval(trx, p).executeTakeFirst();
      const company = await placeQueries.companyAwaitingCents(trx, p).executeTakeFirst();
      return {
        count: Number(row?.n ?? 0),
        buyerCents: Number(row?.cents ?? 0),
        companyCents: Number(company?.cents ?? 0),
      };
    },
    async monthSpent(p) {
      await lockBuyer(p);
      const row = await placeQueries.monthSpent(trx, p).executeTakeFirst();
      return Number(row?.cents ?? 0);
    },
    idempotentOrder: (p) => placeQueries.idempotentOrder(trx, p).executeTakeFirst(),
    takeStock: (p) => placeQueries.takeStock(trx, p).executeTakeFirst(),
    takeQuotedStock: (p) => placeQueries.takeQuotedStock(trx, p).executeTakeFirst(),
    async reservePlace({ userId, cents, limits }) {
      if (!limits) {
        await placeQueries.countPlace(trx, { userId, cents }).execute();
        return 'reserved';
      }
      const { maxUnpaid: max, maxUnpaidCents: maxCents } = limits;
      if (await placeQueries.reservePlace(trx, { userId, cents, max, maxCents }).executeTakeFirst())
        return 'reserved';
      // The upsert that did not apply locked the row (PostgreSQL): this read is its state.
      const row = await placeQueries.unpaidCount(trx, { userId }).executeTakeFirst();
      return row && row.unpaid >= max ? 'count' : 'value';
    },
    cooldowns: async (p) =>
      (await placeQueries.cooldowns(trx, p).execute()).map((row) => ({
        product_id: row.product_id,
        ends_at: toIso(row.ends_at),
      })),
    async insertOrder(row) {
      const order = await placeQueries.insertOrder(trx, row).executeTakeFirstOrThrow();
      return withNumber(order, async () =>
        placeQueries.orderNumber(trx, { id: order.id }).executeTakeFirst(),
      );
    },
    insertLine: async (row) => {
      await placeQueries.insertLine(trx, row).execute();
    },
    insertMail: async (row) => {
      await insertOrderMail(trx, row).execute();
    },
    productRules: (p) => placeQueries.productRules(trx, p).executeTakeFirst(),
  };
}

/**
 * The inserted order with its number: as RETURNING gave it (PostgreSQL's default), or read back
 * when RETURNING said null (SQLite's trigger assigns it after the insert; migration 0016).
 */
export async function withNumber(
  order: OrderRow,
  read: () => Promise<{ number: number } | undefined>,
): Promise<OrderRow> {
  if (order.number !== null && order.number !== undefined) return order;
  const numbered = await read();
  if (!numbered) throw new Error(`order ${order.id} has no number`);
  return { ...order, number: numbered.number };
}

/** A line priced from its product: the product's id and name, the quantity and unit price. */
export interface PricedLine {
  id: string;
  name: string;
  quantity: number;
  unitCents: number;
}

/** The rows of a new order of these priced lines (in the buyer's order), placed `now`. */
export function newOrderRows(
  input: NewOrder,
  rules: PlaceRules,
  priced: readonly PricedLine[],
  totalCents: number,
  now: string,
  /** Decided by the caller (with the month's orders); otherwise by the order limit alone. */
  approval: 'awaiting_approval' | 'not_required' = approvalOnPlacing(input.company, totalCents),
  /** Lines that are no product (an offer's fees), after the products; in `totalCents` already. */
  charges: readonly OrderCharge[] = [],
): { order: NewOrderRow; lines: NewOrderLineRow[] } {
  const [first] = priced;
  if (!first) throw new Error('an order needs at least one line');
  const id = newId();
  const holdMinutes =
    approval === placedApproval.awaiting
      ? (rules.approvalHoldMinutes ?? rules.holdMinutes)
      : rules.holdMinutes;
  return {
    order: {
      id,
      product_id: first.id,
      product_name: orderTitle(priced.map((line) => line.name)),
      user_id: input.userId,
      user_email: input.userEmail,
      user_name: input.userName,
      phone: input.phone,
      address: input.address,
      quantity: priced.reduce((sum, line) => sum + line.quantity, 0),
      unit_price_cents: first.unitCents,
      price_cents: totalCents,
      ...newOrderState,
      approval_status: approval,
      payment_method: input.paymentMethod ?? 'card',
      company_id: input.company?.companyId ?? null,
      placed_by_user_id: input.company ? input.userId : null,
      placed_by_name: input.company ? input.userName : null,
      transaction_id: null,
      po_number: input.poNumber ?? null,
      billing_company: input.billingCompany ?? null,
      billing_vat_number: input.billingVatNumber ?? null,
      billing_address: input.billingAddress ?? null,
      expires_at: new Date(Date.parse(now) + holdMinutes * 60_000).toISOString(),
      idempotency_key: input.idempotency?.tag ?? null,
      created_at: now,
      updated_at: now,
    },
    lines: [
      ...priced.map((line, position) => ({
        order_id: id,
        position,
        product_id: line.id,
        product_name: line.name,
        quantity: line.quantity,
        unit_price_cents: line.unitCents,
        line_total_cents: line.unitCents * line.quantity,
      })),
      ...charges.map((charge, index) => ({
        order_id: id,
        position: priced.length + index,
        product_id: null,
        product_name: charge.description,
        quantity: 1,
        unit_price_cents: charge.unitCents,
        line_total_cents: charge.unitCents,
      })),
    ],
  };
}

/**
 * Places an order of one or more lines with `statements`, inside a transaction (or savepoint) of
 * the caller's: all or nothing, a refusal found after stock was taken throws (a `Refusal`) so
 * the caller rolls back. Each line's stock is taken by one conditional UPDATE, in product-id
 * order so concurrent orders lock in the same order; each line is priced from the product's
 * price and breaks; the order-placed mail is written to the outbox in the same transaction.
 */
export async function placeWith(
  statements: PlaceStatements,
  input: NewOrder,
  rules: PlaceRules,
): Promise<PlaceResult> {
  const now = rules.now ?? nowIso();
  if (input.idempotency) {
    const placed = await statements.idempotentOrder({
      userId: input.userId,
      tag: input.idempotency.tag,
      since: input.idempotency.since,
    });
    if (placed) return { kind: 'placed', order: placed, lines: undefined };
  }

  const priced: PricedLine[] = [];
  let totalCents = 0;
  const inLockOrder = input.lines.map((line, index) => ({ ...line, index })).sort(byProductId);
  const { offer } = input;
  for (const line of inLockOrder) {
    const take = { productId: line.productId, quantity: line.quantity, now };
    const product = offer
      ? await statements.takeQuotedStock(take)
      : await statements.takeStock(take);
    if (!product) throw new Refusal(await refusal(statements, line, offer !== undefined));
    const unitCents =
      offer?.unitCents[line.index] ??
      unitPriceFor(product.price_cents, priceBreaksOf(product.price_breaks), line.quantity);
    totalCents += unitCents * line.quantity;
    // Rolls back the stock taken so far.
    if (totalCents > MAX_ORDER_CENTS)
      throw new Refusal({ kind: 'too-expensive', line: line.index });
    priced[line.index] = { id: product.id, name: product.name, quantity: line.quantity, unitCents };
  }
  // An offer's fees: no stock to take, only money (the offer's total was checked when offered).
  const charges = offer?.charges ?? [];
  for (const charge of charges) {
    totalCents += charge.unitCents;
    if (totalCents > MAX_ORDER_CENTS) throw new Refusal({ kind: 'too-expensive', line: 0 });
  }

  // With a monthly limit, what the buyer's company orders of this month already total decides
  // too (security 2026-11-28 #7), read under the company's and the membership's locks so a
  // buyer's concurrent orders are judged one after the other.
  const { company } = input;
  const monthSpentCents =
    company && (company.monthlyLimitCents ?? null) !== null
      ? await statements.monthSpent({
          userId: input.userId,
          companyId: company.companyId,
          since: monthStartOf(now),
        })
      : 0;
  const approval = approvalOnPlacing(company, totalCents, monthSpentCents);
  // An order awaiting a company admin's approval counts against neither MAX_UNPAID_ORDERS nor
  // MAX_UNPAID_VALUE (DESIGN.md section 12): it reserves no place; approving it counts it
  // (migration 0019's trigger). The cooldown still applies.
  const awaiting = approval === placedApproval.awaiting;
  if (awaiting && company) {
    // A company nobody has shown to be real cannot hold stock through approvals (#1).
    if (company.approverConfirmed === false) throw new Refusal({ kind: 'approver-unconfirmed' });
    // They hold stock for APPROVAL_HOLD_MINUTES and the unpaid limits do not count them: a
    // buyer may have only so many at once, worth so much, and their company so much, or one
    // company of two accounts could hold the catalog.
    const { maxAwaitingApproval: maxCount, maxAwaitingApprovalCents: maxCents } = rules;
    if (maxCount !== undefined || maxCents !== undefined) {
      const held = await statements.awaitingApproval({
        userId: input.userId,
        companyId: company.companyId,
      });
      if (maxCount !== undefined && held.count >= maxCount) {
        throw new Refusal({ kind: 'too-many-awaiting', max: maxCount });
      }
      if (maxCents !== undefined && held.buyerCents + totalCents > maxCents) {
        throw new Refusal({ kind: 'awaiting-value-exceeded', scope: 'buyer', maxCents });
      }
      if (maxCents !== undefined && held.companyCents + totalCents > maxCents) {
        throw new Refusal({ kind: 'awaiting-value-exceeded', scope: 'company', maxCents });
      }
    }
  }
  const { limits } = rules;
  if (limits) {
    // A product whose order of theirs expired stays out of the customer's reach for a while.
    // Read after the stock was taken: on PostgreSQL an expiry that returned this stock had to
    // commit (cooldown included) before our UPDATE could take it, and this read sees it.
    const cooling = await statements.cooldowns({ userId: input.userId, now });
    const until = new Map(cooling.map((row) => [row.product_id, row.ends_at]));
    const refused = input.lines.findIndex((line) => until.has(line.productId));
    const line = input.lines[refused];
    if (line) {
      throw new Refusal({
        kind: 'hold-cooldown',
        line: refused,
        productName: priced[refused]?.name ?? '',
        until: until.get(line.productId) ?? now,
      });
    }
    // One order alone worth more than the limit (the counter's guard covers the rest).
    if (!awaiting && totalCents > limits.maxUnpaidCents) {
      throw new Refusal({ kind: 'unpaid-value-exceeded', maxCents: limits.maxUnpaidCents });
    }
  }

  // The customer's place among their unpaid orders, and its value: the check, the count and
  // (PostgreSQL) the row lock that queues a customer's concurrent orders, in one statement.
  // Taken after the products, as everything that gives a place back does (the triggers of
  // migrations 0013 and 0014 run at commit, after the stock is returned): one lock order, no
  // deadlock. A refusal rolls back the stock just taken. Admins are counted but not limited.
  const reserved = awaiting
    ? 'reserved'
    : await statements.reservePlace({ userId: input.userId, cents: totalCents, limits });
  if (reserved === 'count') {
    throw new Refusal({ kind: 'too-many-unpaid', max: limits?.maxUnpaid ?? 0 });
  }
  if (reserved === 'value') {
    throw new Refusal({ kind: 'unpaid-value-exceeded', maxCents: limits?.maxUnpaidCents ?? 0 });
  }

  const { order: row, lines } = newOrderRows(
    input,
    rules,
    priced,
    totalCents,
    now,
    approval,
    charges,
  );
  const order = await statements.insertOrder(row);
  for (const line of lines) await statements.insertLine(line);
  const view = toOrder(order, lines);
  await statements.insertMail(orderMailRow('order-placed', view));
  if (rules.shopEmail) await statements.insertMail(shopOrderMailRow(view, rules.shopEmail));
  if (awaiting) {
    for (const approver of input.company?.approvers ?? []) {
      await statements.insertMail(
        orderMailRow('order-awaiting-approval', view, undefined, approver),
      );
    }
  }
  return { kind: 'placed', order, lines };
}
