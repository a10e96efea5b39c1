import type { Kysely } from 'kysely';
import { canApply, orderNumberSearched, type ApprovalStatus, type OrderStatus } from '@shop/shared';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema.js';
import { containsText, readPage, type ListWindow } from '../../db/list-queries.js';
import { inStateFor, type Executor } from './apply-transition.repository.js';

/** Ids per query when reading lines: far below any database's bound-parameter limit. */
const LINES_CHUNK = 500;

/** Which orders Manage Order lists (`GET /api/orders?q=&status=`). */
export interface OrderListFilter {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  /** A company's orders only (DESIGN.md section 12). */
  companyId?: string | undefined;
  /** Those in this approval state (the Approvals list: `awaiting_approval`). */
  approval?: ApprovalStatus | undefined;
}

/** A row of Manage Order's and Company orders' lists: the order and its company's name now. */
export type ListedOrderRow = OrderRow & { company_name: string | null };

/** One order's row, on the database or inside a transaction. */
export const orderById = (q: Executor, id: string) =>
  q.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** One order's lines, in the buyer's order. */
export const linesOfOrder = (q: Executor, orderId: string) =>
  q
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

/** Finding orders and their lines: one order, a customer's, Manage Order's lists, due ones. */
export function createOrderReads(db: Kysely<Database>) {
  return {
    findById: (id: string) => orderById(db, id),

    /**
     * Whether the order exists and may still be paid (`markPaid` applies to it: unpaid, and
     * approved when it needed an approval). The one "payable" condition: section 13's invoice
     * payment asks it too.
     */
    async isPayable(id: string): Promise<boolean> {
      const order = await orderById(db, id);
      return order !== undefined && canApply('markPaid', order);
    },

    /** The lines of these orders, by order id, each order's in the buyer's order. */
    async linesOf(orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
      const byOrder = new Map<string, OrderLineRow[]>();
      for (let start = 0; start < orderIds.length; start += LINES_CHUNK) {
        const rows = await db
          .selectFrom('order_lines')
          .selectAll()
          .where('order_id', 'in', orderIds.slice(start, start + LINES_CHUNK))
          .orderBy('order_id')
          .orderBy('position')
          .execute();
        for (const row of rows) {
          const list = byOrder.get(row.order_id);
          if (list) list.push(row);
          else byOrder.set(row.order_id, [row]);
        }
      }
      return byOrder;
    },

    /**
     * A customer's orders, newest first; with `q`, those whose order number it names
     * ("CF-10234", "cf-10234", "10234") or whose PO number contains it.
     */
    listForEmail(email: string, q?: string): Promise<OrderRow[]> {
      let mine = db.selectFrom('orders').selectAll().where('user_email', '=', email);
      if (q) {
        const contains = containsText(q);
        const number = orderNumberSearched(q);
        mine = mine.where((eb) =>
          eb.or([
            contains(eb.ref('po_number')),
            ...(number === undefined ? [] : [eb('number', '=', number)]),
          ]),
        );
      }
      return mine.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    /**
     * Manage Order's list, newest first: the orders matching `filter`, the rows of `window`
     * (all without one), and how many match. `q` names an order number ("CF-10234", "10234"),
     * or is found in the customer's name or email, the company's name, the order id, any line's
     * product name or SKU, the PO number, transaction id or tracking number. Each row carries
     * its company's name (ux 2026-11-28 #11: Manage Order's Company column).
     */
    listMatching(
      filter: OrderListFilter,
      window: ListWindow | undefined,
    ): Promise<{ rows: ListedOrderRow[]; total: number }> {
      let matching = db
        .selectFrom('orders')
        .leftJoin('companies', 'companies.id', 'orders.company_id')
        .selectAll('orders')
        .select('companies.name as company_name');
      if (filter.status) matching = matching.where('orders.order_status', '=', filter.status);
      if (filter.companyId) matching = matching.where('orders.company_id', '=', filter.companyId);
      if (filter.approval) {
        matching = matching.where('orders.approval_status', '=', filter.approval);
      }
      const { q } = filter;
      if (q) {
        const contains = containsText(q);
        const number = orderNumberSearched(q);
        matching = matching.where((eb) =>
          eb.or([
            ...(number === undefined ? [] : [eb('orders.number', '=', number)]),
            contains(eb.ref('orders.user_name')),
            contains(eb.ref('orders.user_email')),
            contains(eb.ref('companies.name')),
            contains(eb.ref('orders.id')),
            contains(eb.ref('orders.po_number')),
            contains(eb.ref('orders.transaction_id')),
            contains(eb.ref('orders.tracking_number')),
            eb.exists(
              eb
                .selectFrom('order_lines')
                .select('order_lines.position')
                .whereRef('order_lines.order_id', '=', 'orders.id')
                .where((line) =>
                  line.or([
                    contains(line.ref('order_lines.product_name')),
                    contains(line.ref('order_lines.sku')),
                  ]),
                ),
            ),
          ]),
        );
      }
      return readPage(
        matching.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc'),
        window,
      );
    },

    /** Unpaid orders (those `cancel` applies to) whose hold ran out by `now`, oldest first. */
    async dueForExpiry(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where(inStateFor('cancel'))
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
