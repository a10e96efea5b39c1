import {
  IDEMPOTENCY_KEY_HEADER,
  type EndpointResponse,
  type OrderCreate,
  type PaymentMethod,
} from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api/product-keys';
import { orderKeys } from './order-keys';

export type NewOrder = Pick<OrderCreate, 'orderProduct' | 'phone' | 'address' | 'orderQty'> & {
  poNumber?: string;
  /** Card (the default) or on account (ux 2026-11-28 #14). */
  paymentMethod?: PaymentMethod;
};

/**
 * `POST /order`: the server prices the order and reserves the stock. With an idempotency key,
 * the same order sent again with it (a retry after a lost answer) is placed only once.
 */
export function createOrder(
  order: NewOrder,
  idempotencyKey?: string,
): Promise<EndpointResponse<'POST /order'>> {
  return callApi('POST /order', {
    body: order,
    ...(idempotencyKey !== undefined && { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  });
}

/** A random key; `crypto.randomUUID` exists only on HTTPS pages and localhost. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * One idempotency key per filled order form: while the values stay the same, so does the key, so
 * sending the form again after an answer that never arrived is recognised as the same order. A
 * change of any value, or a new order placed (`placed`, the form's last one), makes a new key;
 * `placed` going back to null while the next order is sent does not.
 */
export function useOrderKey(values: unknown, placed: object | null): string {
  const fingerprint = JSON.stringify(values);
  const [current, setCurrent] = useState(() => ({
    fingerprint,
    placed,
    key: newIdempotencyKey(),
  }));
  const renew =
    current.fingerprint !== fingerprint || (placed !== null && placed !== current.placed);
  if (!renew) return current.key;
  const next = { fingerprint, placed, key: newIdempotencyKey() };
  setCurrent(next);
  return next.key;
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...order }: NewOrder & { idempotencyKey?: string }) =>
      createOrder(order, idempotencyKey),
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
