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
  companyName: null,
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
    extraLines: [],
    total: 192500,
    validUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    message: 'Printed in black.',
    version: 2,
    offeredAt: '2026-11-26T11:00:00.000Z',
  },
  orderId: null,
  history: [],
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

  it("ux 2026-11-28 #21: shows a shop admin the company and each product's facts, warns beyond the stock, and sends a setup fee", async () => {
    let sent: unknown;
    const requested: Quote = {
      ...offered,
      status: 'requested',
      offer: null,
      companyId: '65a1b2c3d4e5f60718293a55',
      companyName: 'Acme Systems GmbH',
      products: [
        {
          productId: '65a1b2c3d4e5f60718293a10',
          sku: 'TX-100',
          name: 'Titan X',
          listPrice: 48.5,
          priceBreaks: [{ minQty: 100, price: 42.5 }],
          stock: 1100,
          archived: false,
        },
      ],
    };
    stubApi({
      [`GET /api/quotes/${ID}`]: () => json(requested),
      [`PUT /api/quotes/${ID}/offer`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return json({
          modifiedCount: 1,
          quote: requested,
          warnings: [{ field: 'lines.0.quantity', message: 'Only 1,100 in stock now' }],
        });
      },
    });
    renderWithProviders(<QuotePage quoteId={ID} viewer={shopAdmin} />);
    expect(await screen.findByText(/for Acme Systems GmbH/)).toBeInTheDocument();
    const line = screen.getByRole('group', { name: 'Titan X' });
    expect(line).toHaveTextContent('TX-100');
    expect(line).toHaveTextContent('$48.50');
    expect(line).toHaveTextContent('100+: $42.50');
    expect(line).toHaveTextContent('1,100');
    // 5,000 asked, 1,100 in stock: the warning is read with the quantity field.
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(
      /5,000 offered, but only 1,100 of Titan X are in stock now/,
    );
    await userEvent.type(screen.getByLabelText('Unit price (USD)'), '38.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add an extra line' }));
    await userEvent.type(screen.getByLabelText('Extra line 1: description'), 'Logo print setup');
    await userEvent.type(screen.getByLabelText('Extra line 1: amount (USD)'), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await vi.waitFor(() =>
      expect(sent).toMatchObject({
        lines: [{ quantity: 5000, unitPrice: 38.5 }],
        extraLines: [{ description: 'Logo print setup', amount: 250 }],
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Only 1,100 in stock now');
  });

  it('ux 2026-11-28 #3: lets the buyer ask for a new offer with a message, and shows the history', async () => {
    let sent: unknown;
    stubApi({
      [`GET /api/quotes/${ID}`]: () => json(offered),
      [`POST /api/quotes/${ID}/request-again`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return json({
          modifiedCount: 1,
          quote: {
            ...offered,
            status: 'requested',
            offer: null,
            history: [
              {
                kind: 'new-offer-asked',
                at: '2026-11-27T10:00:00.000Z',
                message: 'Half now, half later?',
                orderId: null,
                orderNumber: null,
                offer: offered.offer,
              },
            ],
          },
        });
      },
    });
    renderWithProviders(<QuotePage quoteId={ID} viewer={buyer} />);
    const ask = await screen.findByRole('button', { name: 'Ask for a new offer' });
    await userEvent.click(ask);
    expect(await screen.findByText('Tell us what the new offer should change')).toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText('What should the new offer change?'),
      'Half now, half later?',
    );
    await userEvent.click(ask);
    await vi.waitFor(() =>
      expect(sent).toEqual({ message: 'Half now, half later?', offerVersion: 2 }),
    );
  });

  it('ux 2026-11-28 #4: says a quote whose order was rejected can be accepted again, naming the order', async () => {
    stubApi({
      [`GET /api/quotes/${ID}`]: () =>
        json({
          ...offered,
          history: [
            {
              kind: 'order-rejected',
              at: '2026-11-27T10:00:00.000Z',
              message: 'Wait for the budget',
              orderId: '65a1b2c3d4e5f60718293a99',
              orderNumber: 'CF-10005',
              offer: null,
            },
          ],
        }),
    });
    renderWithProviders(<QuotePage quoteId={ID} viewer={buyer} />);
    expect(await screen.findByText(/can be accepted again/)).toBeInTheDocument();
    expect(screen.getByText('Order rejected by the approver')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CF-10005' })).toBeInTheDocument();
    expect(screen.getByText('Wait for the budget')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept and order' })).toBeInTheDocument();
  });

  it('ux 2026-11-28 #27: starts the accept form with the phone and address checkout would', async () => {
    stubApi({ [`GET /api/quotes/${ID}`]: () => json(offered) });
    renderWithProviders(
      <QuotePage
        quoteId={ID}
        viewer={buyer}
        prefill={{ phone: '+49 40 123456', address: 'Hafenstrasse 12' }}
      />,
    );
    expect(await screen.findByLabelText('Phone')).toHaveValue('+49 40 123456');
    expect(screen.getByLabelText('Address')).toHaveValue('Hafenstrasse 12');
  });
});
