import { messages, type Order, type OrderCreate } from '@shop/shared';
import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '../../auth/guard.js';
import type { OrderRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
import { ID_PATTERN } from '@shop/shared';
import { MAX_ORDER_CENTS, type OrdersRepository } from './orders.repository.js';

/** A stored order in the API's shape: the spec's names and the payment page's names. */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    orderProduct: row.product_id,
    orderPName: row.product_name,
    userName: row.user_name,
    userEmail: row.user_email,
    customerName: row.user_name,
    customerEmail: row.user_email,
    phone: row.phone,
    address: row.address,
    orderQty: row.quantity,
    orderPrice: row.price_cents / 100,
    unitPrice: row.unit_price_cents / 100,
    paid: row.payment_status === 'paid',
    paymentStatus: row.payment_status,
    orderStatus: row.order_status,
    transactionId: row.transaction_id,
    trxId: row.transaction_id,
    createdAt: toIso(row.created_at),
  };
}

const notFound = () => AppError.notFound('Order');
const forbidden = () => new AppError('forbidden', messages.noPermission);

export function createOrdersService(orders: OrdersRepository) {
  /** The order, if the caller owns it or is an admin; 404 when it does not exist. */
  async function visibleOrder(caller: CurrentUser, id: string): Promise<OrderRow> {
    const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
    if (!row) throw notFound();
    if (row.user_id !== caller.id && caller.role !== 'admin') throw forbidden();
    return row;
  }

  return {
    visibleOrder,

    async place(caller: CurrentUser, input: OrderCreate) {
      if (!ID_PATTERN.test(input.orderProduct)) throw AppError.notFound('Product');
      const result = await orders.place({
        productId: input.orderProduct,
        quantity: input.orderQty,
        userId: caller.id,
        userEmail: caller.email,
        userName: caller.displayName,
        phone: input.phone,
        address: input.address,
      });
      switch (result.kind) {
        case 'no-product':
          throw AppError.notFound('Product');
        case 'below-minimum':
          throw new AppError('validation_failed', messages.orderMinimum(result.minimum), {
            orderQty: messages.orderMinimum(result.minimum),
          });
        case 'too-expensive':
          throw new AppError(
            'validation_failed',
            `One order can total at most $${(MAX_ORDER_CENTS / 100).toLocaleString('en-US')}; please split it or contact us.`,
            { orderQty: 'Quantity is too large for one order' },
          );
        case 'out-of-stock':
          // Stock is a state that changes under the customer's feet: a conflict, not a typo.
          throw new AppError('conflict', messages.orderMaximum(result.available), {
            orderQty: messages.orderMaximum(result.available),
          });
        case 'placed':
          return { insertedId: result.order.id, order: toOrder(result.order) };
      }
    },

    /** `GET /api/order?userEmail=`: the user's own orders (an admin may ask for anyone's). */
    async listFor(caller: CurrentUser, userEmail: string): Promise<Order[]> {
      const email = userEmail.toLowerCase();
      if (email !== caller.email && caller.role !== 'admin') throw forbidden();
      return (await orders.listForEmail(email)).map(toOrder);
    },

    async get(caller: CurrentUser, id: string): Promise<Order> {
      return toOrder(await visibleOrder(caller, id));
    },

    async listAll(): Promise<Order[]> {
      return (await orders.listAll()).map(toOrder);
    },

    /** An admin marks an order paid by hand (cash, bank transfer): its transaction id is ours. */
    async markPaidByAdmin(id: string) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      const { changed, order } = await orders.markPaid(
        id,
        `manual_${randomBytes(8).toString('hex')}`,
      );
      if (!changed || !order) throw new AppError('conflict', messages.orderAlreadyPaid);
      return { modifiedCount: 1, order: toOrder(order) };
    },

    async ship(id: string) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      const { changed, order } = await orders.ship(id);
      if (!changed || !order) throw new AppError('conflict', messages.orderNotPlaced);
      return { modifiedCount: 1, order: toOrder(order) };
    },

    async delete(caller: CurrentUser, id: string) {
      await visibleOrder(caller, id);
      if (!(await orders.delete(id))) throw new AppError('conflict', messages.orderNotPending);
      return { deletedCount: 1 };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
