import type { ExpressionBuilder, Kysely, Transaction, Updateable } from 'kysely';
import { allowedValues, orderTransitions, type OrderAction, type OrderState } from '@shop/shared';
import type { Database, OrdersTable } from '../../db/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A state column of `orderTransitions`. */
type StateColumn = keyof OrderState;

/** The state an action needs (`from`), column by column: the values each column may hold. */
const conditionsOf = (state: Partial<Record<StateColumn, string | readonly string[]>>) =>
  Object.entries(state).map(([column, requirement]) => ({
    column: column as StateColumn,
    values: allowedValues(requirement),
  }));

/**
 * "The order is in the state `action` needs", as a condition on `orders` (alone or joined):
 * every column of `orderTransitions[action].from`, so a column added there is asked here too.
 * Reads use it for "unpaid" (`cancel`'s `from`), a DELETE for `delete`'s, "payable" for
 * `markPaid`'s (which asks the approval too, DESIGN.md section 12).
 */
export function inStateFor(action: OrderAction) {
  const from = conditionsOf(orderTransitions[action].from);
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and(
      from.map(({ column, values }) =>
        values.length === 1
          ? eb(`orders.${column}`, '=', values[0] as never)
          : eb(`orders.${column}`, 'in', values as never[]),
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
