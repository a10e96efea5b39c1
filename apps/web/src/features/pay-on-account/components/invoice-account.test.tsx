import { accountPageMessages as text, type InvoicePayment, type Order } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { InvoiceAccount } from './invoice-account';

afterEach(() => vi.unstubAllGlobals());

const invoice = {
  number: '2026-000042',
  issuedAt: '2026-11-01T10:00:00.000Z',
  dueAt: '2026-12-01T10:00:00.000Z',
  amountDue: 180,
  onAccount: { termsDays: 30, companyName: 'Nordic Systems GmbH', vatId: 'DE123456789' },
};
const invoiced: Order = makeOrder({
  paymentStatus: 'invoiced',
  orderStatus: 'shipped',
  orderPrice: 480,
  invoice,
});
const payment = (amount: number, reference: string): InvoicePayment => ({
  _id: `p-${reference}`,
  orderId: invoiced._id,
  amount,
  reference,
  receivedAt: '2026-11-20T00:00:00.000Z',
  recordedAt: '2026-11-21T09:00:00.000Z',
  recordedBy: { userId: 'admin', name: 'Shop Admin' },
});

describe('InvoiceAccount', () => {
  it('shows an open invoice: due date, amount due, terms and the part payments received', async () => {
    stubApi({
      [`GET /api/orders/${invoiced._id}/invoice-payments`]: () =>
        json([payment(100, 'TRF-1'), payment(200, 'TRF-2')]),
    });
    renderWithProviders(<InvoiceAccount order={invoiced} />);

    expect(
      screen.getByRole('heading', { name: `${text.invoiceSection} 2026-000042` }),
    ).toBeInTheDocument();
    expect(screen.getByText('$180')).toBeInTheDocument();
    expect(screen.getByText('Net 30 days')).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: text.payments });
    expect(within(table).getByText('TRF-1')).toBeInTheDocument();
    expect(within(table).getByText('$200')).toBeInTheDocument();
  });

  it('shows a settled invoice paid in full', async () => {
    const paid = {
      ...invoiced,
      paid: true,
      paymentStatus: 'paid' as const,
      invoice: { ...invoice, amountDue: 0 },
    };
    stubApi({
      [`GET /api/orders/${paid._id}/invoice-payments`]: () => json([payment(480, 'TRF-ALL')]),
    });
    renderWithProviders(<InvoiceAccount order={paid} />);
    expect(await screen.findByText(text.paidInFull)).toBeInTheDocument();
    expect(await screen.findByText('TRF-ALL')).toBeInTheDocument();
  });

  it('shows nothing for an order paid by card, and asks for no payments', () => {
    const card = makeOrder({
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'placed',
      invoice: { ...invoice, amountDue: 0, onAccount: null },
    });
    const fetch = stubApi({});
    const { container } = renderWithProviders(<InvoiceAccount order={card} />);
    expect(container).toBeEmptyDOMElement();
    expect(fetch).not.toHaveBeenCalled();
  });
});
