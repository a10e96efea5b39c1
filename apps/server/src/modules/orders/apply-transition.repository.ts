import type { ExpressionBuilder, Kysely, Transaction, Updateable } from 'kysely';
import {
  orderTransitions,
  type OrderAction,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/shared';
import type { Database, OrdersTable } from '../../db/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A state column and one of its values, as `orderTransitions` speaks of them. */
type StateCondition =
  | { column: 'payment_status'; value: PaymentStatus }
  | { column: 'order_status'; value: OrderStatus };

/** The state an action needs (`from`), column by column. */
const conditionsOf = (state: { payment_status?: PaymentStatus; order_status?: OrderStatus }) =>
  Object.entries(state).map(([column, value]) => ({ column, value }) as StateCondition);

/**
 * "The order is in the state `action` needs", as a condition on `orders` (alone or joined):
 * every column of `orderTransitions[action].from`, so a column added there is asked here too.
 * Reads use it for "unpaid" (`cancel`'s `from`), a DELETE for `delete`'s.
 */
export function inStateFor(action: OrderAction) {
  const from = conditionsOf(orderTransitions[action].from);
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and(
      from.map((condition) =>
        condition.column === 'payment_status'
          ? eb('orders.payment_status', '=', condition.value)
          : eb('orders.order_status', '=', condition.value),
      ),
    );
}

/**
 * The one conditional UPDATE of an order's state (DESIGN.md section 5): its WHERE is the id and
 * `orderTransitions[action].from`, its SET `orderTransitions[action].to` plus `extra` (the
 * timestamps and facts the action records). The database applies it atomically, so of two
 * callers only one matches: the caller adds `returningAll()` and treats no row as "not in that
 * state (any more)". A caller may narrow it further (an expiry: only if the hold ran out).
 */
export function applyTransition(
  q: Executor,
  id: string,
  action: OrderAction,
  extra: Updateable<OrdersTable> = {},
) {
  return q
    .updateTable('orders')
    .set({ ...orderTransitions[action].to, ...extra })
    .where('orders.id', '=', id)
    .where(inStateFor(action));
}
