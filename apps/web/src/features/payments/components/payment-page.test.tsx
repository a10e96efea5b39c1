import {
  checkoutHelpMessages,
  cutOrderId,
  formatDocumentTime,
  messages,
  orderApprovalMessages,
  orderHoldMessages,
  orderPageMessages,
} from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { PaymentPage } from './payment-page';

afterEach(() => vi.unstubAllGlobals());

const order = makeOrder({ orderPName: 'Titan X Full-Tower Gaming Case', orderPrice: 480 });
const intent = { clientSecret: 'pi_test_1_secret_abc', paymentIntentId: 'pi_test_1' };

describe('PaymentPage', () => {
  it('offers no card form for a cancelled order and asks for no payment', async () => {
    const cancelled = makeOrder({
      orderPrice: 480,
      paymentStatus: 'cancelled',
      orderStatus: 'cancelled',
      expiresAt: null,
    });
    stubApi({
      [`GET /api/orders/${cancelled._id}`]: () => json(cancelled),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
    });
    renderWithProviders(<PaymentPage orderId={cancelled._id} customerName="Ada Customer" />);

    expect(await screen.findByText('Total: $480')).toBeInTheDocument();
    expect(screen.queryByText(/Please Pay:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('turns cancelled when the hold ends on screen: no card form, why, and the way to order again', async () => {
    const soon = makeOrder({
      orderPrice: 480,
      expiresAt: new Date(Date.now() + 1_500).toISOString(),
    });
    stubApi({
      [`GET /api/orders/${soon._id}`]: () => json(soon),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
      'POST /api/create-payment-intent': () => json(intent),
    });
    renderWithProviders(
      <PaymentPage
        orderId={soon._id}
        customerName="Ada Customer"
        putBack={() => <button type="button">Put back</button>}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.getByText('Please Pay: $480')).toBeInTheDocument();

    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent(orderHoldMessages.orderCancelled);
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByText('Total: $480')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put back' })).toBeInTheDocument();
  });

  it('says what is paid for and keeps Pay disabled until the client secret arrives', async () => {
    const secret = deferred<Response>();
    const fetch = stubApi({
      [`GET /api/orders/${order._id}`]: () => json(order),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
      'POST /api/create-payment-intent': () => secret.promise,
    });
    renderWithProviders(<PaymentPage orderId={order._id} customerName="Ada Customer" />);

    expect(await screen.findByText('Hello, Ada Customer')).toBeInTheDocument();
    expect(
      // ux 2026-11-28 #9: the order number, not a fragment of the id.
      screen.getByRole('heading', { level: 1, name: `pay for ${order.orderNumber}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please pay for "Titan X Full-Tower Gaming Case"')).toBeInTheDocument();
    expect(screen.queryByText(cutOrderId(order._id))).toBeNull();
    expect(screen.getByText('Please Pay: $480')).toBeInTheDocument();

    const pay = await screen.findByRole('button', { name: 'Pay' });
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toBeInTheDocument();
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
    expect(pay).toBeDisabled();

    secret.resolve(json(intent));
    await vi.waitFor(() => expect(pay).toBeEnabled());
    const call = fetch.mock.calls.find(([url]) => String(url) === '/api/create-payment-intent');
    expect(JSON.parse(String((call as unknown as [string, RequestInit])[1].body))).toEqual({
      orderId: order._id,
    });
  });

  it('pays with a test card, records the payment on the order and shows the transaction id', async () => {
    const fetch = stubApi({
      [`GET /api/orders/${order._id}`]: () => json(order),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
      'POST /api/create-payment-intent': () => json(intent),
      'POST /api/payments/test/confirm': () =>
        json({ status: 'succeeded', paymentIntentId: 'pi_test_1' }),
      [`PATCH /api/order/${order._id}`]: () =>
        json({
          modifiedCount: 1,
          order: { ...order, paid: true, transactionId: 'pi_test_1', trxId: 'pi_test_1' },
        }),
    });
    renderWithProviders(<PaymentPage orderId={order._id} customerName="Ada Customer" />);

    await userEvent.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    const pay = screen.getByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);

    expect(await screen.findByText(messages.paymentCompleted)).toBeInTheDocument();
    expect(screen.getByText(/Your transaction Id:/)).toHaveTextContent(
      'Your transaction Id: pi_test_1',
    );
    // The paid state only: no amount asked for, no card form.
    expect(screen.queryByText(/Please Pay:/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toEqual({ transactionId: 'pi_test_1' });
  });

  it('shows a paid order opened later in the same paid state, without a card form', async () => {
    const fetch = stubApi({
      [`GET /api/orders/${order._id}`]: () =>
        json({ ...order, paid: true, paymentStatus: 'paid', transactionId: 'pi_done' }),
    });
    renderWithProviders(<PaymentPage orderId={order._id} customerName="Ada Customer" />);
    expect(await screen.findByText(messages.paymentCompleted)).toBeInTheDocument();
    expect(screen.getByText('pi_done')).toBeInTheDocument();
    expect(screen.queryByText(/Please Pay:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
  it('says that no real card is charged while the built-in test gateway takes payments', async () => {
    stubApi({
      [`GET /api/orders/${order._id}`]: () => json(order),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
      'POST /api/create-payment-intent': () => json(intent),
    });
    renderWithProviders(<PaymentPage orderId={order._id} customerName="Ada Customer" />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      checkoutHelpMessages.paymentsTestMode,
    );
  });

  it('shows no test-mode notice with a real gateway', async () => {
    stubApi({
      [`GET /api/orders/${order._id}`]: () => json(order),
      'GET /api/payments/config': () =>
        json({ gateway: 'stripe', publishableKey: null, testMode: false }),
      'POST /api/create-payment-intent': () => json(intent),
    });
    renderWithProviders(<PaymentPage orderId={order._id} customerName="Ada Customer" />);
    expect(await screen.findByText('Card payments are not set up in this shop yet.')).toBeVisible();
    expect(screen.queryByText(checkoutHelpMessages.paymentsTestMode)).not.toBeInTheDocument();
  });

  it("lists every line of the order, quantity times unit price, above the order's one total", async () => {
    const multi = makeOrder({
      orderPName: 'Titan X Full-Tower Gaming Case + 1 more',
      orderQty: 500,
      orderPrice: 21375,
      lines: [
        {
          productId: '65a1b2c3d4e5f60718293a10',
          productName: 'Titan X Full-Tower Gaming Case',
          sku: null,
          quantity: 250,
          unitPrice: 45,
          lineTotal: 11250,
        },
        {
          productId: '65a1b2c3d4e5f60718293a11',
          productName: 'SFX 600W Compact Power Supply',
          sku: null,
          quantity: 250,
          unitPrice: 40.5,
          lineTotal: 10125,
        },
      ],
    });
    stubApi({
      [`GET /api/orders/${multi._id}`]: () => json(multi),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
      'POST /api/create-payment-intent': () => json(intent),
    });
    renderWithProviders(<PaymentPage orderId={multi._id} customerName="Ada Customer" />);

    const list = await screen.findByRole('list', { name: orderPageMessages.lines });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Titan X Full-Tower Gaming Case250 pc's × $45",
      "SFX 600W Compact Power Supply250 pc's × $40.50",
    ]);
    expect(
      screen.getByText('Please pay for "Titan X Full-Tower Gaming Case + 1 more"'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please Pay: $21,375')).toBeInTheDocument();
  });

  it('ux 2026-11-28 #9: an order awaiting approval says so, with no amount to pay, no countdown and no Pay', async () => {
    const waiting = makeOrder({
      approvalStatus: 'awaiting_approval',
      expiresAt: new Date(Date.now() + 23 * 3_600_000).toISOString(),
    });
    stubApi({
      [`GET /api/orders/${waiting._id}`]: () => json(waiting),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
    });
    renderWithProviders(<PaymentPage orderId={waiting._id} customerName="Ada Customer" />);
    expect(await screen.findByText(orderApprovalMessages.awaitingBuyer)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: `pay for ${waiting.orderNumber}` }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Please Pay/)).toBeNull();
    expect(screen.queryByText(/Pay within/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('ux 2026-11-28 #1: an approved order says until when (a date and time, UTC) it is kept', async () => {
    const expiresAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const approved = makeOrder({ approvalStatus: 'approved', expiresAt });
    stubApi({
      [`GET /api/orders/${approved._id}`]: () => json(approved),
      'GET /api/payments/config': () =>
        json({ gateway: 'test', publishableKey: null, testMode: true }),
      'POST /api/create-payment-intent': () => json(intent),
    });
    renderWithProviders(<PaymentPage orderId={approved._id} customerName="Ada Customer" />);
    expect(
      await screen.findByText(orderApprovalMessages.approvedPayBy(formatDocumentTime(expiresAt))),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Pay within/)).toBeNull();
  });
});
