import {
  b2bMessages,
  cartMessages,
  messages,
  ORDER_LIST_STORAGE_KEY,
  type OrderListLine,
} from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeProduct, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { getOrderList } from '../order-list-store';
import { OrderList } from './order-list';

const cases = makeProduct({
  _id: 'p1',
  name: 'ForgeLine M3 ATX Mid-Tower Case',
  price: 48,
  minquantity: 50,
  increment: 10,
  aqty: 1200,
  priceBreaks: [
    { minQty: 100, price: 45 },
    { minQty: 500, price: 42 },
  ],
});
const psu = makeProduct({
  _id: 'p2',
  name: 'PowerCore 550W',
  price: 39,
  minquantity: 20,
  aqty: 300,
});

function store(lines: OrderListLine[]) {
  localStorage.setItem(ORDER_LIST_STORAGE_KEY, JSON.stringify(lines));
}

beforeEach(() => {
  localStorage.clear();
  stubApi({ 'GET /api/products': () => json([cases, psu]) });
});
afterEach(() => vi.unstubAllGlobals());

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('OrderList', () => {
  it('is empty with a way to the products', () => {
    renderWithProviders(<OrderList />);
    expect(screen.getByRole('heading', { level: 1, name: 'Order list' })).toBeInTheDocument();
    expect(screen.getByText(cartMessages.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: cartMessages.browse })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows each line with its unit price, next break and total, and the order total', async () => {
    store([
      { productId: 'p1', quantity: 90, name: cases.name },
      { productId: 'p2', quantity: 20, name: psu.name },
    ]);
    renderWithProviders(<OrderList />);
    const first = await screen.findByRole('row', { name: new RegExp(cases.name) });
    expect(within(first).getByRole('link', { name: cases.name })).toHaveAttribute(
      'href',
      '/order/p1',
    );
    expect(within(first).getByLabelText(`Quantity of ${cases.name}`)).toHaveValue('90');
    expect(within(first).getByText('$48 each')).toBeInTheDocument();
    expect(within(first).getByText(b2bMessages.nextBreak(100, '$45'))).toBeInTheDocument();
    expect(within(first).getByText('$4,320')).toBeInTheDocument();
    expect(within(row(psu.name)).getByText('$780')).toBeInTheDocument();
    expect(screen.getByText(/Order total: \$5,100/)).toBeInTheDocument();
    expect(screen.getByText('(110 pieces)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('checks the quantity as it is typed, blocks the checkout, and prices the break once fixed', async () => {
    store([{ productId: 'p1', quantity: 60, name: cases.name }]);
    renderWithProviders(<OrderList />);
    const quantity = await screen.findByLabelText(`Quantity of ${cases.name}`);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '40');
    const error = screen.getByText(messages.orderMinimum(50));
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAttribute('aria-describedby', error.id);
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(cartMessages.checkoutBlocked);
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '105');
    expect(screen.getByText(b2bMessages.notPackMultiple(10, [100, 110]))).toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '100');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('$45 each')).toBeInTheDocument();
    expect(screen.getByText(cartMessages.breakReached(100))).toBeInTheDocument();
    expect(screen.getByText(b2bMessages.nextBreak(500, '$42'))).toBeInTheDocument();
    expect(screen.getByText(/Order total: \$4,500/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toBeInTheDocument();
    // Kept for the next visit.
    expect(getOrderList()[0]?.quantity).toBe(100);
  });

  it('keeps an empty field as a draft without losing the stored quantity', async () => {
    store([{ productId: 'p1', quantity: 60, name: cases.name }]);
    renderWithProviders(<OrderList />);
    const quantity = await screen.findByLabelText(`Quantity of ${cases.name}`);
    await userEvent.clear(quantity);
    expect(screen.getByText('Quantity is required')).toBeInTheDocument();
    expect(getOrderList()[0]?.quantity).toBe(60);
  });

  it('shows a product gone from the catalog as unavailable, with Remove', async () => {
    store([
      { productId: 'p1', quantity: 60, name: cases.name },
      { productId: 'gone', quantity: 5, name: 'Retired Case' },
    ]);
    renderWithProviders(<OrderList />);
    const gone = await screen.findByRole('row', { name: /Retired Case/ });
    expect(within(gone).getByText(cartMessages.unavailable)).toBeInTheDocument();
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAccessibleDescription(
      cartMessages.checkoutBlockedUnavailable,
    );

    await userEvent.click(within(gone).getByRole('button', { name: 'Remove Retired Case' }));
    expect(screen.queryByRole('row', { name: /Retired Case/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(cartMessages.removed('Retired Case'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Checkout' })).toBeInTheDocument();
    expect(getOrderList().map((line) => line.productId)).toEqual(['p1']);
  });
});
