import { IDEMPOTENCY_KEY_HEADER } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, makeProduct, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { OrderForm } from '../components/order-form';
import { newIdempotencyKey } from './create-order';

afterEach(() => vi.unstubAllGlobals());

const product = makeProduct({ minquantity: 10, aqty: 100 });
const customer = { displayName: 'Ada Customer', email: 'ada@example.com' };

/** Issue 12: the order form sends one Idempotency-Key per filled form. */
describe('the order form and Idempotency-Key', () => {
  it('sends the same key again for the same values, and a new one after a change or an order', async () => {
    let answer: () => Response = () => apiError(503, 'unavailable', 'Try again later');
    const fetch = stubApi({ 'POST /api/order': () => answer() });
    renderWithProviders(
      <>
        <OrderForm product={product} customer={customer} />
        <Toaster />
      </>,
    );
    const keys = () =>
      fetch.mock.calls.map(
        (call) =>
          ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
            IDEMPOTENCY_KEY_HEADER
          ],
      );
    const order = () => userEvent.click(screen.getByRole('button', { name: 'Order' }));

    await userEvent.type(screen.getByLabelText('Phone'), '555');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main');
    await order();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await order();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // The same filled form: the server is told it is the same order.
    expect(keys()[1]).toBe(keys()[0]);
    expect(keys()[0]).toMatch(/^[\x20-\x7e]{1,255}$/);

    // Another address is another order.
    await userEvent.type(screen.getByLabelText('Address'), ' B');
    answer = () => json({ insertedId: 'o1', order: makeOrder() });
    await order();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(keys()[2]).not.toBe(keys()[1]);
    await screen.findByRole('link', { name: 'Go to My Order' });

    // After an order is placed, the same values again are a new order.
    await userEvent.type(screen.getByLabelText('Phone'), '555');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main B');
    await order();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    expect(new Set(keys()).size).toBe(3);
  }, 20_000);

  it('makes keys without crypto.randomUUID too (a page served over plain HTTP)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(171) });
    expect(newIdempotencyKey()).toBe('ab'.repeat(16));
  });
});
