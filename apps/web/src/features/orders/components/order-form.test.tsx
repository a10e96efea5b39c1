import {
  b2bMessages,
  IDEMPOTENCY_KEY_HEADER,
  paymentChoiceMessages,
  cartMessages,
  messages,
  orderLimitMessages,
  stockMessages,
} from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, makeProduct, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { OrderForm, quantityProblem } from './order-form';

afterEach(() => {
  vi.unstubAllGlobals();
  // The order a test placed is remembered for the tab (ux 2026-11-28 #10): each test starts anew.
  sessionStorage.clear();
});

const product = makeProduct({ minquantity: 10, aqty: 100 });
const customer = { displayName: 'Ada Customer', email: 'ada@example.com' };

async function setQuantity(value: string) {
  const quantity = screen.getByLabelText('Quantity');
  await userEvent.clear(quantity);
  if (value) await userEvent.type(quantity, value);
}

describe('OrderForm', () => {
  it('shows the customer read-only and starts at the minimum quantity', () => {
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    expect(screen.getByRole('heading', { name: 'Order Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Customer');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).toHaveValue('10');
    expect(screen.getByRole('button', { name: 'Order' })).toBeEnabled();
  });

  it('says the minimum and maximum and disables Order while the quantity is out of range', async () => {
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    const order = screen.getByRole('button', { name: 'Order' });

    await setQuantity('5');
    expect(screen.getByText(messages.orderMinimum(10))).toBeInTheDocument();
    expect(screen.getByText('Please order minimum 10')).toBeInTheDocument();
    expect(order).toBeDisabled();

    await setQuantity('101');
    expect(screen.getByText('Please order maximum 100')).toBeInTheDocument();
    expect(screen.queryByText('Please order minimum 10')).not.toBeInTheDocument();
    expect(order).toBeDisabled();

    await setQuantity('100');
    expect(screen.queryByText(/Please order (minimum|maximum)/)).not.toBeInTheDocument();
    expect(order).toBeEnabled();
  });

  it('prices the typed quantity by the volume break it reaches, as the server will', async () => {
    const packed = makeProduct({
      price: 48,
      minquantity: 10,
      aqty: 500,
      priceBreaks: [{ minQty: 100, price: 45.5 }],
    });
    renderWithProviders(<OrderForm product={packed} customer={customer} />);
    expect(screen.getByText('Order price: $480 ($48 per piece)')).toBeInTheDocument();
    await setQuantity('100');
    expect(screen.getByText('Order price: $4,550 ($45.50 per piece)')).toBeInTheDocument();
  });

  it('asks for the phone and address before sending anything', async () => {
    const fetch = stubApi({});
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('places the order, says so and resets the form', async () => {
    const fetch = stubApi({
      'POST /api/order': () => json({ insertedId: 'o1', order: makeOrder({ orderQty: 20 }) }),
    });
    renderWithProviders(
      <>
        <OrderForm product={product} customer={customer} />
        <Toaster />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
    await setQuantity('20');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));

    expect(await screen.findByText(messages.orderSuccess)).toBeInTheDocument();
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      orderProduct: product._id,
      phone: '+1 555 0100',
      address: '1 Main Street',
      orderQty: 20,
    });
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.getByLabelText('Quantity')).toHaveValue('10');
    expect(screen.getByRole('link', { name: 'Go to My Order' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it("shows the server's field errors under the fields and other refusals in a toast", async () => {
    stubApi({
      'POST /api/order': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid input',
              fields: { phone: 'Enter a valid phone number' },
            },
          },
          400,
        ),
    });
    renderWithProviders(
      <>
        <OrderForm product={product} customer={customer} />
        <Toaster />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Phone'), '555');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();

    stubApi({
      'POST /api/order': () =>
        json({ error: { code: 'conflict', message: 'Please order maximum 4' } }, 409),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Please order maximum 4')).toBeInTheDocument();
  });

  it.each(['1e3', '250.5', '12abc', '1,00,0'])(
    'says %s is not a whole number as it is typed, and blocks Order',
    async (typed) => {
      const fetch = stubApi({});
      renderWithProviders(<OrderForm product={product} customer={customer} />);
      await setQuantity(typed);
      expect(screen.getByText('Quantity must be a whole number')).toBeInTheDocument();
      expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Order' })).toBeDisabled();
      expect(screen.queryByText(/Order price/)).not.toBeInTheDocument();
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('says so for a pasted quantity too, and a negative one is below the minimum', async () => {
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.click(quantity);
    await userEvent.paste('1e3');
    expect(screen.getByText('Quantity must be a whole number')).toBeInTheDocument();
    await setQuantity('-3');
    expect(screen.getByText('Please order minimum 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order' })).toBeDisabled();
  });

  it('is a text field for digits, so no browser reads 1e3 as 1000', () => {
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveAttribute('type', 'text');
    expect(quantity).toHaveAttribute('inputmode', 'numeric');
  });

  it('keeps what was typed and says so beside the form when the product was deleted meanwhile', async () => {
    stubApi({ 'POST /api/order': () => apiError(404, 'not_found', 'Product not found') });
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
    await setQuantity('20');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));

    const form = screen.getByRole('button', { name: 'Order' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0100');
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
    expect(screen.getByLabelText('Quantity')).toHaveValue('20');
  });

  it('offers the confirmation mail again when the shop wants the email confirmed first', async () => {
    const fetch = stubApi({
      'POST /api/order': () =>
        apiError(403, 'email_not_confirmed', orderLimitMessages.emailNotConfirmed),
      'POST /api/auth/send-verification-email': () => json({ status: true }),
    });
    renderWithProviders(<OrderForm product={product} customer={customer} />, {
      route: `/order/${product._id}`,
    });
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));

    // The shop's reason, not the permission message every other 403 gets.
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(orderLimitMessages.emailNotConfirmed);
    expect(screen.queryByText(messages.noPermission)).not.toBeInTheDocument();
    await userEvent.click(
      within(notice).getByRole('button', { name: orderLimitMessages.resendConfirmation }),
    );
    expect(
      await within(notice).findByText(orderLimitMessages.confirmationSent(customer.email)),
    ).toBeInTheDocument();
    const sent = (fetch.mock.calls as unknown as [string, RequestInit][]).find(([url]) =>
      url.endsWith('/send-verification-email'),
    );
    // The mail's link comes back to this page.
    expect(JSON.parse(String(sent?.[1].body))).toEqual({
      email: customer.email,
      callbackURL: `/order/${product._id}`,
    });
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
  });

  it('says why the confirmation mail was not sent (a limit reached)', async () => {
    stubApi({
      'POST /api/order': () =>
        apiError(403, 'email_not_confirmed', orderLimitMessages.emailNotConfirmed),
      'POST /api/auth/send-verification-email': () =>
        apiError(429, 'rate_limited', 'Too many attempts. Please try again in 10 minutes.'),
    });
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    await userEvent.click(
      await screen.findByRole('button', { name: orderLimitMessages.resendConfirmation }),
    );
    expect(
      await screen.findByText('Too many attempts. Please try again in 10 minutes.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['unpaid_value_exceeded', orderLimitMessages.unpaidValueExceeded(25_000), {}],
    [
      'hold_cooldown',
      orderLimitMessages.holdCooldown(product.name, '2026-11-26T16:05:00.000Z'),
      { orderProduct: orderLimitMessages.holdCooldownLine('2026-11-26T16:05:00.000Z') },
    ],
  ])(
    'says the %s refusal beside the form, keeping what was typed',
    async (code, message, fields) => {
      stubApi({ 'POST /api/order': () => json({ error: { code, message, fields } }, 409) });
      renderWithProviders(<OrderForm product={product} customer={customer} />);
      await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
      await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
      await userEvent.click(screen.getByRole('button', { name: 'Order' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
    },
  );

  it('says when the shop could not be reached, keeping the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
  });

  it("hands the quantity typed to the page's 'Add to order list', without phone or address", async () => {
    // The order list itself belongs to the cart feature (its hook's tests): the page passes it in.
    const refusal = cartMessages.moreThanStock(60, 100);
    const addToOrderList = vi.fn<(quantity: number) => string | null>(() => null);
    const fetch = stubApi({});
    renderWithProviders(
      <OrderForm product={product} customer={customer} addToOrderList={addToOrderList} />,
    );
    const add = screen.getByRole('button', { name: cartMessages.addToList });
    await setQuantity('5');
    expect(add).toBeDisabled();
    await setQuantity('60');
    await userEvent.click(add);
    expect(addToOrderList).toHaveBeenCalledWith(60);
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    // A refusal is shown under the quantity, until the quantity changes.
    addToOrderList.mockReturnValueOnce(refusal);
    await userEvent.click(add);
    expect(screen.getByText(refusal)).toBeInTheDocument();
    await setQuantity('40');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });

  it("offers no 'Add to order list' when the page gives none", () => {
    renderWithProviders(<OrderForm product={product} customer={customer} />);
    expect(screen.queryByRole('button', { name: cartMessages.addToList })).not.toBeInTheDocument();
  });

  it('offers no form when the stock is below the minimum order', () => {
    renderWithProviders(
      <OrderForm product={makeProduct({ minquantity: 50, aqty: 49 })} customer={customer} />,
    );
    expect(screen.getByText(stockMessages.notEnoughForMinimum(50))).toBeInTheDocument();
    expect(screen.getByText('Not enough stock for the minimum order of 50')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order' })).not.toBeInTheDocument();
  });
});

describe('quantityProblem', () => {
  it('accepts digits within the range and waits on an empty field', () => {
    expect(quantityProblem('10', product)).toBeUndefined();
    expect(quantityProblem('100', product)).toBeUndefined();
    expect(quantityProblem(' 20 ', product)).toBeUndefined();
    expect(quantityProblem('', product)).toBeUndefined();
  });

  it('refuses what is not a whole number in digits', () => {
    for (const typed of ['1e3', '250.5', '12abc', '0x10', '+20']) {
      expect(quantityProblem(typed, product)).toBe('Quantity must be a whole number');
    }
  });

  it('says the pack size (DESIGN.md section 9)', () => {
    const packs = makeProduct({ minquantity: 20, increment: 10, aqty: 100 });
    expect(quantityProblem('25', packs)).toBe(b2bMessages.notPackMultiple(10, [20, 30]));
    expect(quantityProblem('30', packs)).toBeUndefined();
  });

  it("says the spec's minimum and maximum", () => {
    expect(quantityProblem('-3', product)).toBe('Please order minimum 10');
    expect(quantityProblem('9', product)).toBe('Please order minimum 10');
    expect(quantityProblem('101', product)).toBe('Please order maximum 100');
  });
});

describe('Order Now after placing (ux 2026-11-28 #10, #14)', () => {
  const product10 = makeProduct({ minquantity: 10, aqty: 500 });
  const buyer = { displayName: 'Bob Buyer', email: 'bob@example.com' };
  const renderOrderNow = (paymentTerms?: { days: number; companyName: string }) =>
    renderWithProviders(
      <Routes>
        <Route
          path="/order/:id"
          element={
            <OrderForm
              product={product10}
              customer={buyer}
              prefill={{ phone: '+1 555 0100', address: '1 Main Street' }}
              quantity={20}
              paymentTerms={paymentTerms}
            />
          }
        />
        <Route path="/dashboard/payment/:id" element={<h1>Payment page</h1>} />
      </Routes>,
      { route: `/order/${product10._id}` },
    );

  it('ux 2026-11-28 #10: keeps the quantity from the card, goes on to the payment page, and a second visit shows it placed and places nothing new', async () => {
    const placed = makeOrder({ orderQty: 20, orderNumber: 'CF-10003' });
    const fetch = stubApi({
      'POST /api/order': () => json({ insertedId: placed._id, order: placed }),
      [`GET /api/orders/${placed._id}`]: () => json(placed),
    });
    const first = renderOrderNow();
    expect(screen.getByLabelText('Quantity')).toHaveValue('20');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    first.unmount();

    // Back on the same page: the order shows as placed, and the same form again is the same
    // order (its idempotency key), not a second one.
    renderOrderNow();
    expect(await screen.findByText(/CF-10003/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByRole('heading', { name: 'Payment page' });
    const posts = (fetch.mock.calls as unknown as [string, RequestInit][]).filter(
      ([, init]) => init.method === 'POST',
    );
    expect(posts).toHaveLength(2);
    const keys = posts.map(
      ([, init]) => (init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER],
    );
    expect(keys[1]).toBe(keys[0]);
  });

  it('ux 2026-11-28 #14: offers on account to a member of a company with terms', async () => {
    const placed = makeOrder({ orderQty: 20 });
    const fetch = stubApi({
      'POST /api/order': () => json({ insertedId: placed._id, order: placed }),
    });
    renderOrderNow({ days: 30, companyName: 'Acme Systems GmbH' });
    await userEvent.click(screen.getByRole('radio', { name: paymentChoiceMessages.onAccount(30) }));
    await userEvent.click(
      screen.getByRole('button', { name: paymentChoiceMessages.placeOnAccount }),
    );
    await screen.findByRole('heading', { name: 'Payment page' });
    const [, init] = (fetch.mock.calls as unknown as [string, RequestInit][])[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      orderQty: 20,
      paymentMethod: 'on_account',
    });
  });
});
