import type { ProductOpenOrders } from '@shop/shared';
import { callApi } from '../../../lib/api-client';

/**
 * `GET /products/{id}/open-orders` (admins): how many orders the product has and how many
 * unpaid ones deleting it would cancel. Asked at the moment of deleting, so never cached.
 */
export function getProductOpenOrders(id: string): Promise<ProductOpenOrders> {
  return callApi('GET /products/:id/open-orders', { params: { id } });
}
