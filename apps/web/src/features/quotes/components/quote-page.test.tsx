import type { Quote } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { QuotePage, type QuoteViewer } from './quote-page';

const ID = '65a1b2c3d4e5f60718293a77';
const buyer: QuoteViewer = { displayName: 'Ada Buyer', email: 'ada@example.com', role: 'user' };
const shopAdmin: QuoteViewer = { displayName: 'Admin', email: 'admin@example.com', role: 'admin' };

const offered: Quote = {
  _id: ID,
  reference: 'Q-18293A77',
  status: 'offered',
  userId: '65a1b2c3d4e5f60718293a01',
  userEmail: 'ada@example.com',
  userName: 'Ada Buyer',
  companyId: null,
  note: 'Our logo on the front panel',
  lines: [{ productId: '65a1b2c3d4e5f60718293a10', productName: 'Titan X', quantity: 5000 }],
  attachment: {
    filename: 'artwork-Q-18293A77.svg',
    contentType: 'image/svg+xml',
    size: 2048,
    uploadedAt: '2026-11-26T10:00:00.000Z',
  },
  offer: {
    lines: [
      {
        productId: '65a1b2c3d4e5f60718293a10',
        productName: 'Titan X',
        quantity: 5000,
        unitPrice: 38.5,
        lineTotal: 192500,
      },
    ],
    total: 192500,
    validUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    message: 'Printed in black.',
    version: 2,
    offeredAt: '2026-11-26T11:00:00.000Z',
  },
  orderId: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T11:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('the quote page', () => {
  it('shows the request, the offer and the time left, and accepts the offer the buyer read', async () => {
    let sent: unknown;
    stubApi({
      [`GET /api/quotes/${ID}`]: () => json(offered),
      [`POST /api/quotes/${ID}/accept`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return json({
          modifiedCount: 1,
          quote: { ...offered, status: 'ordered' },
          order: makeOrder({ _id: '65a1b2c3d4e5f60718293a99' }),
        });
      },
    });
    renderWithProviders(<QuotePage quoteId={ID} viewer={buyer} />);
    expect(await screen.findByRole('heading', { name: 'Quote Q-18293A77' })).toBeInTheDocument();
    expect(screen.getByText('Our logo on the front panel')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Download artwork-Q-18293A77\.svg/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Total: $192,500')).toBeInTheDocument();
    expect(screen.getByText(/left to accept/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send offer' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Test Street');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and order' }));
    await vi.waitFor(() =>
      expect(sent).toEqual({ phone: '+1 555 0100', address: '1 Test Street', offerVersion: 2 }),
    );
  });

  it('says why an accept was refused', async () => {
    stubApi({
      [`GET /api/quotes/${ID}`]: () => json(offered),
      [`POST /api/quotes/${ID}/accept`]: () =>
        apiError(409, 'quote_changed', 'The offer changed while you were reading it.'),
    });
    renderWithProviders(<QuotePage quoteId={ID} viewer={buyer} />);
    await userEvent.type(await screen.findByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Test Street');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The offer changed');
  });

  it('gives a shop admin the offer form, not Accept', async () => {
    stubApi({
      [`GET /api/quotes/${ID}`]: () => json({ ...offered, status: 'requested', offer: null }),
    });
    renderWithProviders(<QuotePage quoteId={ID} viewer={shopAdmin} />);
    expect(await screen.findByRole('button', { name: 'Send offer' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Titan X' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and order' })).toBeNull();
  });
});
