import { IDEMPOTENCY_KEY_HEADER, type EndpointResponse, type OrdersCreate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api/product-keys';
import { orderKeys } from '../../orders/api/order-keys';

/**
 * `POST /orders` (DESIGN.md section 9): every line placed as one order, all or nothing, priced
 * by the server. The idempotency key makes a retry after a lost answer the same order.
 */
export function placeOrder(
  order: OrdersCreate,
  idempotencyKey: string,
): Promise<EndpointResponse<'POST /orders'>> {
  return callApi('POST /orders', {
    body: order,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...order }: OrdersCreate & { idempotencyKey: string }) =>
      placeOrder(order, idempotencyKey),
    // The checkout shows a refusal on its line and in an alert, keeping what was typed.
    meta: { ownErrorMessage: true },
    // The stock changed, or a refusal may mean it ran out: the products are read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
