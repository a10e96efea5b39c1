import type { EndpointResponse, OrderReject } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api/product-keys';
import { orderKeys } from '../../orders/api/order-keys';

/** `POST /orders/{id}/approve`: a company admin lets an order over the buyer's limit through. */
export function approveOrder(id: string): Promise<EndpointResponse<'POST /orders/:id/approve'>> {
  return callApi('POST /orders/:id/approve', { params: { id } });
}

/** `POST /orders/{id}/reject {reason}`: the order is cancelled and its stock released. */
export function rejectOrder(
  id: string,
  body: OrderReject,
): Promise<EndpointResponse<'POST /orders/:id/reject'>> {
  return callApi('POST /orders/:id/reject', { params: { id }, body });
}

/**
 * Approve or reject; a failure (409: decided meanwhile by another admin) is toasted by the app.
 * Either way the order lists and the product's stock are read again.
 */
export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reject }: { id: string; reject?: OrderReject }) =>
      reject ? rejectOrder(id, reject) : approveOrder(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
