import type { Order, OrderCreate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api/product-keys';
import { orderKeys } from './order-keys';

export type NewOrder = Pick<OrderCreate, 'orderProduct' | 'phone' | 'address' | 'orderQty'>;

export interface OrderCreated {
  insertedId: string;
  order: Order;
}

/** `POST /order`: the server prices the order and reserves the stock. */
export function createOrder(order: NewOrder): Promise<OrderCreated> {
  return apiFetch<OrderCreated>('/order', { method: 'POST', json: order });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // The order form shows a refusal beside itself, keeping what was typed.
    meta: { ownErrorMessage: true },
    // Placing an order changes the product's stock, and a refusal may mean the stock ran out:
    // either way the product is read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
