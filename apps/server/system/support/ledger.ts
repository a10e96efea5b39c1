import type { Product } from '@shop/shared';
import { orderBody } from './api.js';
import type { Store, StoredOrder } from './database.js';

/** What the clients know: the products' stock before the load and every order answered 2xx. */
export interface Ledger {
  products: readonly Product[];
  accepted: readonly { orderId: string; productId: string; quantity: number }[];
  /**
   * Calls whose outcome the client cannot know (no answer: the server was killed, the
   * connection broke; or a 503 when the commit may have happened before the connection died).
   * Each may or may not have stored an order.
   */
  unknown: number;
}

export interface Audit {
  problems: string[];
  stored: StoredOrder[];
  /** productId → { initial, current, taken by stored orders } */
  stock: Map<string, { initial: number; current: number; ordered: number }>;
}

/**
 * Checks the database against the ledger:
 * - every accepted order is stored exactly once, with the product and quantity asked for;
 * - no order is stored that nobody was told about, beyond the calls of unknown outcome;
 * - each stored order is whole: priced from the product (price = quantity × unit price),
 *   owned by a real user whose email it carries, pending, with its times set;
 * - per product: initial stock − current stock = the quantities of its stored orders, and the
 *   stock is not negative.
 * An oversell shows here either as a negative stock or as stock taken that does not match the
 * stored orders (a lost update), so neither can pass unnoticed.
 */
export async function audit(store: Store, ledger: Ledger): Promise<Audit> {
  const problems: string[] = [];
  const ids = ledger.products.map((p) => p._id);
  const stored = await store.ordersOf(ids);
  const current = await store.products(ids);
  const users = await store.users();

  const storedCount = new Map<string, number>();
  for (const row of stored) storedCount.set(row.id, (storedCount.get(row.id) ?? 0) + 1);
  const byId = new Map(stored.map((row) => [row.id, row]));
  const acceptedIds = new Set<string>();
  for (const order of ledger.accepted) {
    if (acceptedIds.has(order.orderId)) problems.push(`order ${order.orderId} was answered twice`);
    acceptedIds.add(order.orderId);
    const count = storedCount.get(order.orderId) ?? 0;
    if (count !== 1) problems.push(`accepted order ${order.orderId} is stored ${count} times`);
    const row = byId.get(order.orderId);
    if (row && (row.product_id !== order.productId || row.quantity !== order.quantity)) {
      problems.push(
        `order ${order.orderId} asked ${order.quantity} of ${order.productId}, stored ${row.quantity} of ${row.product_id}`,
      );
    }
  }
  const extra = stored.filter((row) => !acceptedIds.has(row.id)).length;
  if (extra > ledger.unknown) {
    problems.push(
      `${stored.length} orders stored for ${ledger.accepted.length} accepted: ${extra} nobody was told about, but only ${ledger.unknown} calls had an unknown outcome`,
    );
  }

  const sent = orderBody('', 1);
  for (const row of stored) {
    const product = ledger.products.find((p) => p._id === row.product_id);
    const priceCents = product ? Math.round(product.price * 100) : undefined;
    const wrong: string[] = [];
    if (!Number.isInteger(row.quantity) || row.quantity < 1) wrong.push(`quantity ${row.quantity}`);
    if (row.unit_price_cents !== priceCents) {
      wrong.push(`unit price ${row.unit_price_cents} instead of ${priceCents}`);
    }
    if (row.price_cents !== row.quantity * row.unit_price_cents) {
      wrong.push(`price ${row.price_cents} ≠ ${row.quantity} × ${row.unit_price_cents}`);
    }
    if (row.product_name !== product?.name) wrong.push(`product name ${row.product_name}`);
    if (users.get(row.user_id) !== row.user_email) {
      wrong.push(`user ${row.user_id} is not ${row.user_email}`);
    }
    if (!row.user_name) wrong.push('no user name');
    if (row.phone !== sent.phone || row.address !== sent.address) wrong.push('phone or address');
    if (row.payment_status !== 'pending' || row.order_status !== 'pending') {
      wrong.push(`status ${row.payment_status}/${row.order_status}`);
    }
    if (row.transaction_id !== null) wrong.push(`transaction ${row.transaction_id}`);
    if (!row.created_at || !row.updated_at) wrong.push('times missing');
    if (wrong.length > 0) problems.push(`order ${row.id} is not whole: ${wrong.join('; ')}`);
  }

  const stock = new Map<string, { initial: number; current: number; ordered: number }>();
  for (const product of ledger.products) {
    const now = current.get(product._id);
    const ordered = stored
      .filter((row) => row.product_id === product._id)
      .reduce((sum, row) => sum + row.quantity, 0);
    if (!now) {
      problems.push(`product ${product._id} is gone`);
      continue;
    }
    stock.set(product._id, { initial: product.aqty, current: now.aqty, ordered });
    if (now.aqty < 0) problems.push(`product ${product._id} has negative stock ${now.aqty}`);
    if (product.aqty - now.aqty !== ordered) {
      problems.push(
        `product ${product._id}: stock went ${product.aqty} → ${now.aqty} (${product.aqty - now.aqty} taken) but its stored orders total ${ordered}`,
      );
    }
  }
  return { problems, stored, stock };
}
