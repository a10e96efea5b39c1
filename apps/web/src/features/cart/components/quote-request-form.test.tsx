import { ORDER_LIST_STORAGE_KEY, type OrderListLine } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { QuoteRequestForm } from './quote-request-form';

const lines: OrderListLine[] = [
  { productId: '65a1b2c3d4e5f60718293a10', name: 'ForgeLine M3 ATX Mid-Tower Case', quantity: 100 },
  { productId: '65a1b2c3d4e5f60718293a11', name: 'PowerCore 550W', quantity: 20 },
];

beforeEach(() => {
  localStorage.setItem(ORDER_LIST_STORAGE_KEY, JSON.stringify(lines));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the quote request form', () => {
  it('ux 2026-11-28 #27: a line can be dropped, one always stays, and each quantity is named by its product', async () => {
    let sent: unknown;
    stubApi({
      'POST /api/quotes': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({ insertedId: '65a1b2c3d4e5f60718293a77', quote: {} }, 201);
      },
    });
    renderWithProviders(<QuoteRequestForm />);
    // The quantity's label is "Quantity"; its group names the product.
    const psu = await screen.findByRole('group', { name: 'PowerCore 550W' });
    expect(psu).toContainElement(screen.getAllByLabelText('Quantity')[1] ?? null);
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove PowerCore 550W from the quote' }),
    );
    expect(screen.queryByRole('group', { name: 'PowerCore 550W' })).toBeNull();
    // The last line has no Remove.
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    await vi.waitFor(() =>
      expect(sent).toEqual({
        lines: [{ productId: '65a1b2c3d4e5f60718293a10', quantity: 100 }],
        note: '',
      }),
    );
  });
});
