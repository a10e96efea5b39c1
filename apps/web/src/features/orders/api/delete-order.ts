import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api/product-keys';
import { orderKeys } from './order-keys';

/** `DELETE /orders/{id}`: only while the order is unpaid; its stock goes back to the product. */
export function deleteOrder(id: string): Promise<EndpointResponse<'DELETE /orders/:id'>> {
  return callApi('DELETE /orders/:id', { params: { id } });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
