import {
  accountPageMessages as text,
  companyMessages,
  messages,
  onAccountMessages,
  type CompanyWithMembers,
  type Order,
} from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, stubApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import {
  InvoiceChoice,
  InvoicedNotice,
} from '../../features/pay-on-account/components/invoice-choice';
import { PaymentPage } from '../../features/payments/components/payment-page';

afterEach(() => vi.unstubAllGlobals());

const EMAIL = 'ada@example.com';
const COMPANY_ID = 'c0ffee00c0ffee00c0ffee00';

function makeCompany(overrides: Partial<CompanyWithMembers> = {}): CompanyWithMembers {
  return {
    _id: COMPANY_ID,
    name: 'Nordic Systems GmbH',
    vatId: 'DE123456789',
    billingAddress: 'Hafenstrasse 12\n20457 Hamburg',
    terms: { days: 30, creditLimit: 5000 },
    onHold: false,
    balance: 1200,
    availableCredit: 3800,
    createdAt: '2026-11-01T10:00:00.000Z',
    members: [
      { userId: 'u1', name: 'Ada Customer', email: EMAIL, role: 'buyer', orderLimit: null },
    ],
    ...overrides,
  };
}

const order = makeOrder({ orderPrice: 480, companyId: COMPANY_ID });
const invoiced: Order = {
  ...order,
  paymentStatus: 'invoiced',
  orderStatus: 'placed',
  expiresAt: null,
  invoice: {
    number: '2026-000042',
    issuedAt: '2026-11-26T10:00:00.000Z',
    dueAt: '2026-12-26T10:00:00.000Z',
    amountDue: 480,
    onAccount: { termsDays: 30, companyName: 'Nordic Systems GmbH', vatId: 'DE123456789' },
  },
};

/** The payment page as the route draws it, with the invoice choice and its invoiced state. */
function renderPaymentPage(current: Order) {
  return renderWithProviders(
    <PaymentPage
      orderId={current._id}
      customerName="Ada Customer"
      otherMethods={(shown) => <InvoiceChoice order={shown} email={EMAIL} />}
      invoiced={(shown) => <InvoicedNotice order={shown} />}
    />,
  );
}

const cardGateway = {
  'GET /api/payments/config': () => json({ gateway: 'test', publishableKey: null, testMode: true }),
  'POST /api/create-payment-intent': () =>
    json({ clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1' }),
};

/*
 * The payment page as app/routes/payment.tsx composes it: the card form and, beside it, paying on
 * account (issue 24).
 */
describe('InvoiceChoice on the payment page', () => {
  it('offers a member of a company with terms to pay by invoice beside the card, and shows the order invoiced', async () => {
    let current: Order = order;
    const fetch = stubApi({
      ...cardGateway,
      [`GET /api/orders/${order._id}`]: () => json(current),
      'GET /api/companies/mine': () => json(makeCompany()),
      [`POST /api/orders/${order._id}/invoice-payment`]: () => {
        current = invoiced;
        return json({ modifiedCount: 1, order: invoiced });
      },
    });
    renderPaymentPage(order);

    expect(
      await screen.findByRole('heading', { name: 'Pay by invoice (net 30 days)' }),
    ).toBeInTheDocument();
    // The card stays: the choice is beside it.
    expect(screen.getByRole('heading', { name: 'Card payment' })).toBeInTheDocument();
    expect(screen.getByText('$3,800 of $5,000')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text.payByInvoiceButton }));

    expect(await screen.findByRole('heading', { name: text.invoicedTitle })).toBeInTheDocument();
    expect(screen.getByText(/Invoice 2026-000042 is due by/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.viewOrder })).toHaveAttribute(
      'href',
      `/dashboard/orders/${order._id}`,
    );
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    const paid = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(paid.map(([url]) => String(url))).toContain(`/api/orders/${order._id}/invoice-payment`);
  });

  it.each([
    [
      'credit_limit_exceeded',
      409,
      onAccountMessages.creditLimitExceeded(480, 100),
      onAccountMessages.creditLimitExceeded(480, 100),
    ],
    ['credit_hold', 409, 'held', onAccountMessages.creditHold],
    ['approval_required', 409, 'approval', companyMessages.approvalRequired],
    ['order_already_invoiced', 409, 'twice', onAccountMessages.orderAlreadyInvoiced],
    // A 403 is said in its own words, not as the permission message.
    ['no_payment_terms', 403, 'none', onAccountMessages.noPaymentTerms],
  ])(
    'explains a refusal %s in words beside the button, and the order stays as it was',
    async (code, status, serverMessage, said) => {
      stubApi({
        ...cardGateway,
        [`GET /api/orders/${order._id}`]: () => json(order),
        'GET /api/companies/mine': () => json(makeCompany()),
        [`POST /api/orders/${order._id}/invoice-payment`]: () =>
          apiError(status, code, serverMessage),
      });
      renderPaymentPage(order);

      await userEvent.click(await screen.findByRole('button', { name: text.payByInvoiceButton }));

      expect(await screen.findByText(said)).toHaveAttribute('role', 'alert');
      expect(screen.queryByText(messages.noPermission)).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: text.invoicedTitle })).not.toBeInTheDocument();
    },
  );

  it('says before any try that the order is over the available credit, with no button', async () => {
    stubApi({
      ...cardGateway,
      [`GET /api/orders/${order._id}`]: () => json(order),
      'GET /api/companies/mine': () => json(makeCompany({ balance: 4700, availableCredit: 300 })),
    });
    renderPaymentPage(order);

    expect(await screen.findByText(text.overCredit(480, 300))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.payByInvoiceButton })).not.toBeInTheDocument();
  });

  it('says the company is on hold, with no button; the card still works', async () => {
    stubApi({
      ...cardGateway,
      [`GET /api/orders/${order._id}`]: () => json(order),
      'GET /api/companies/mine': () => json(makeCompany({ onHold: true })),
    });
    renderPaymentPage(order);

    expect(await screen.findByText(text.onHoldNotice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.payByInvoiceButton })).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });

  it.each([
    ['in no company', () => apiError(404, 'not_found', 'none')],
    ['in a company without terms', () => json(makeCompany({ terms: null, availableCredit: 0 }))],
    [
      'in another company than the order’s',
      () => json(makeCompany({ _id: 'another0another0another0' })),
    ],
  ])('offers nothing but the card to a customer %s', async (_who, mine) => {
    stubApi({
      ...cardGateway,
      [`GET /api/orders/${order._id}`]: () => json(order),
      'GET /api/companies/mine': mine,
    });
    renderPaymentPage(order);

    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Pay by invoice/ })).not.toBeInTheDocument();
  });

  it('opened again for an invoiced order, shows it invoiced (no card form)', async () => {
    stubApi({
      [`GET /api/orders/${order._id}`]: () => json(invoiced),
      'GET /api/companies/mine': () => json(makeCompany()),
    });
    renderPaymentPage(invoiced);

    expect(await screen.findByRole('heading', { name: text.invoicedTitle })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
