import type { User } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, makeOrder, makeProduct, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { OrderForm } from '../components/order-form';
import { useOrderDefaults } from './use-order-defaults';

afterEach(() => vi.unstubAllGlobals());

type Customer = Pick<User, 'displayName' | 'email' | 'phone' | 'shippingAddress'>;

const product = makeProduct({ minquantity: 10, aqty: 100 });
const ordersUrl = 'GET /api/order?userEmail=ada%40example.com';

function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    displayName: 'Ada Customer',
    email: 'ada@example.com',
    phone: null,
    shippingAddress: null,
    ...overrides,
  };
}

/** The order page's composition: the hook feeds the form. */
function PrefilledOrderForm({ buyer }: { buyer: Customer }) {
  const prefill = useOrderDefaults(buyer);
  return <OrderForm product={product} customer={buyer} prefill={prefill} />;
}

describe('the order form starts with the buyer details', () => {
  it("starts with the profile's phone and address, without asking for orders", async () => {
    const fetch = stubApi({});
    renderWithProviders(
      <PrefilledOrderForm
        buyer={customer({
          phone: '+44 113 496 0000',
          shippingAddress: 'Acme Cases Ltd\nUnit 4, Dock Road\nLeeds',
        })}
      />,
    );
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 113 496 0000');
    expect(screen.getByLabelText('Address')).toHaveValue(
      'Acme Cases Ltd\nUnit 4, Dock Road\nLeeds',
    );
    expect(screen.getByLabelText('Quantity')).toHaveValue('10');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("falls back to the last order's phone and address when the profile has none", async () => {
    stubApi({
      [ordersUrl]: () =>
        json([
          makeOrder({ phone: '+1 555 0199', address: 'Newest Road 2' }),
          makeOrder({ phone: '+1 555 0100', address: 'Old Road 1' }),
        ]),
    });
    renderWithProviders(<PrefilledOrderForm buyer={customer()} />);
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0199'));
    expect(screen.getByLabelText('Address')).toHaveValue('Newest Road 2');
  });

  it('takes from the last order only what the profile lacks', async () => {
    stubApi({
      [ordersUrl]: () => json([makeOrder({ phone: '+1 555 0199', address: 'Order Road 2' })]),
    });
    renderWithProviders(<PrefilledOrderForm buyer={customer({ phone: '+44 113 496 0000' })} />);
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue('Order Road 2'));
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 113 496 0000');
  });

  it('starts empty for a first order, and when the orders cannot be read', async () => {
    stubApi({ [ordersUrl]: () => json([]) });
    const first = renderWithProviders(<PrefilledOrderForm buyer={customer()} />);
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue(''));
    expect(screen.getByLabelText('Address')).toHaveValue('');
    first.unmount();

    const failing = stubApi({});
    const { client } = renderWithProviders(<PrefilledOrderForm buyer={customer()} />);
    await waitFor(() =>
      expect(failing).toHaveBeenCalledWith(ordersUrl.slice(4), expect.anything()),
    );
    // Once the refusal has settled (the query failed), the form stays usable and empty.
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.status),
      ).toContain('error'),
    );
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Order' })).toBeEnabled();
  });

  it('keeps what the buyer typed before the last order arrived', async () => {
    const orders = deferred<Response>();
    stubApi({ [ordersUrl]: () => orders.promise });
    renderWithProviders(<PrefilledOrderForm buyer={customer()} />);
    await userEvent.type(screen.getByLabelText('Phone'), '+49 30 1234');
    orders.resolve(json([makeOrder({ phone: '+1 555 0199', address: 'Order Road 2' })]));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue('Order Road 2'));
    expect(screen.getByLabelText('Phone')).toHaveValue('+49 30 1234');
  });

  it('lets the buyer change the prefilled values and sends what they changed', async () => {
    const fetch = stubApi({
      'POST /api/order': () => json({ insertedId: 'o1', order: makeOrder() }),
    });
    renderWithProviders(
      <PrefilledOrderForm
        buyer={customer({ phone: '+44 113 496 0000', shippingAddress: 'Acme\nLeeds' })}
      />,
    );
    const address = screen.getByLabelText('Address');
    await userEvent.clear(address);
    await userEvent.type(address, 'Site B{Enter}Bradford');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toMatchObject({
      phone: '+44 113 496 0000',
      address: 'Site B\nBradford',
      orderQty: 10,
    });
    // After the order the form starts again from the buyer's details.
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue('Acme\nLeeds'));
  });
});
