import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, OrderRow } from '../../db/schema.js';
import { inStateFor, type Executor } from './apply-transition.repository.js';
import { cancelIn } from './order-transitions.repository.js';

/**
 * The orders module's part in removing a product that has orders (the catalog's `remove` calls
 * these inside its transaction): lock what the removal touches, count the orders, cancel the
 * unpaid ones. "Unpaid" is what `cancel` applies to, from `orderTransitions`.
 */
export function createProductRemoval(dialect: Dialect) {
  return {
    /**
     * Before a product is removed (PostgreSQL): locks it and every product whose stock its unpaid
     * orders would give back, in product-id order as placing an order takes them, so removing a
     * product and placing an order of several lines cannot deadlock. SQLite has one writer.
     */
    async lockForRemoval(trx: Transaction<Database>, productId: string): Promise<void> {
      if (dialect !== 'postgres') return;
      await trx
        .selectFrom('products')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('id', '=', productId),
            eb(
              'id',
              'in',
              eb
                .selectFrom('order_lines')
                .innerJoin('orders', 'orders.id', 'order_lines.order_id')
                .select('order_lines.product_id')
                .where(inStateFor('cancel'))
                .where('orders.id', 'in', (qb) =>
                  qb
                    .selectFrom('order_lines')
                    .select('order_id')
                    .where('product_id', '=', productId),
                ),
            ),
          ]),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Every order holding a product, and the unpaid ones: what deleting the product would do. */
    async countForProduct(q: Executor, productId: string) {
      const row = await q
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('orders'),
          eb.fn
            .sum<number | string | null>(
              eb.case().when(inStateFor('cancel')(eb)).then(1).else(0).end(),
            )
            .as('unpaid'),
        ])
        .where('id', 'in', (qb) =>
          qb.selectFrom('order_lines').select('order_id').where('product_id', '=', productId),
        )
        .executeTakeFirstOrThrow();
      return { orders: Number(row.orders), unpaidOrders: Number(row.unpaid ?? 0) };
    },

    /**
     * Cancels every unpaid order holding a product, inside the caller's transaction, each with
     * its stock returned and its cancellation mail written.
     */
    async cancelAllForProduct(trx: Transaction<Database>, productId: string): Promise<OrderRow[]> {
      const pending = await trx
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', (qb) =>
          qb.selectFrom('order_lines').select('order_id').where('product_id', '=', productId),
        )
        .where(inStateFor('cancel'))
        .orderBy('id')
        .execute();
      const cancelled: OrderRow[] = [];
      for (const { id } of pending) {
        const order = await cancelIn(trx, id, 'product-removed');
        if (order) cancelled.push(order);
      }
      return cancelled;
    },
  };
}

export type ProductRemoval = ReturnType<typeof createProductRemoval>;
