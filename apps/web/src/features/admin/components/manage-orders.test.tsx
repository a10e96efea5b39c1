import {
  canApplyTo,
  confirmMessages,
  messages,
  orderPageMessages,
  type OrderAction,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ManageOrders } from './manage-orders';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  // The toasts' store outlives a test: one test's 'Order shipped.' is not the next one's.
  toast.remove();
});

const pending = makeOrder({ _id: '65a1b2c3d4e5f60718293a01' });
const placed = makeOrder({
  _id: '65a1b2c3d4e5f60718293a02',
  orderPName: 'Nova Mini-ITX Gaming Case',
  paid: true,
  paymentStatus: 'paid',
  orderStatus: 'placed',
  transactionId: 'pi_test_placed',
  trxId: 'pi_test_placed',
});
const shipped = makeOrder({
  _id: '65a1b2c3d4e5f60718293a03',
  orderPName: 'SFX 600W Compact Power Supply',
  userName: 'Bob Buyer',
  paid: true,
  paymentStatus: 'paid',
  orderStatus: 'shipped',
  transactionId: 'pi_test_shipped',
  trxId: 'pi_test_shipped',
});

const cancelled = makeOrder({
  _id: '65a1b2c3d4e5f60718293a04',
  paymentStatus: 'cancelled',
  orderStatus: 'cancelled',
});
const refund = makeOrder({
  _id: '65a1b2c3d4e5f60718293a05',
  paid: true,
  paymentStatus: 'paid',
  orderStatus: 'cancelled',
  transactionId: 'pi_test_late',
  trxId: 'pi_test_late',
  refundNeeded: true,
});

const confirm = vi.hoisted(() => ({ confirmAction: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../../components/ui/confirm', () => confirm);
/** The Ship Order dialog with its fields (tested with sweetalert2 in order-confirmations.test). */
const shipDialog = vi.hoisted(() => ({
  confirmWithFields: vi.fn<() => Promise<unknown>>(() => Promise.resolve({})),
}));
vi.mock('../../../components/ui/confirm-form', () => shipDialog);

/** Checks that the Ship Order dialog named the order and asked for carrier and tracking number. */
function expectAskedToShip(order: typeof placed) {
  const [options] = shipDialog.confirmWithFields.mock.lastCall as unknown as [
    { text: string; confirmText: string; fields: { name: string }[] },
  ];
  expect(options.confirmText).toBe(confirmMessages.shipConfirm);
  expect(options.text).toContain(order.orderPName);
  expect(options.text).toContain(order.userName);
  // The carrier from the list, the name of an 'Other' one, the tracking number.
  expect(options.fields.map((field) => field.name)).toEqual([
    'carrier',
    'carrierName',
    'trackingNumber',
  ]);
}

const rows = async () => {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
};

describe('ManageOrders', () => {
  it("shows cancelled orders with no action, a 'Refund needed' badge, and an unpaid order's time left", async () => {
    const holding = makeOrder({
      _id: '65a1b2c3d4e5f60718293a06',
      expiresAt: new Date(Date.now() + 125 * 60_000).toISOString(),
    });
    stubApi({ 'GET /api/orders?page=1&limit=25': () => json([cancelled, refund, holding]) });
    renderWithProviders(<ManageOrders />);
    const [first, second, third] = await rows();

    // Payment Status and the order's state both say it in the shared word.
    expect(within(first!).getAllByText('Cancelled')).toHaveLength(2);
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(first!).queryByText('Refund needed')).not.toBeInTheDocument();

    expect(within(second!).getByText('Refund needed')).toBeInTheDocument();
    expect(within(second!).getByText('pi_test_late')).toBeInTheDocument();
    // Never offered for shipping: the stock for it is gone.
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();

    expect(within(third!).getByText(/^Expires in 2 h( 4| 5) min$/)).toBeInTheDocument();
  });

  it('offers the actions each order allows, with the trxId beside a paid status', async () => {
    stubApi({ 'GET /api/orders?page=1&limit=25': () => json([pending, placed, shipped]) });
    renderWithProviders(<ManageOrders />);
    const [first, second, third] = await rows();

    // ux 2026-11-28 #32: every row action names the order by its number.
    const pendingName = pending.orderNumber;
    expect(within(first!).getByText('Unpaid')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: `Mark Paid: ${pendingName}` })).toBeEnabled();
    expect(
      within(first!).getByRole('button', { name: orderPageMessages.deleteLabel(pendingName) }),
    ).toBeEnabled();
    expect(within(first!).queryByRole('button', { name: /^Ship Order/ })).not.toBeInTheDocument();

    expect(within(second!).getByText('Paid')).toBeInTheDocument();
    expect(within(second!).getByText('pi_test_placed')).toBeInTheDocument();
    expect(
      within(second!).getByRole('button', {
        name: `Ship Order: ${placed.orderNumber}`,
      }),
    ).toBeEnabled();
    expect(within(second!).queryByRole('button', { name: /^(Mark Paid|Delete)/ })).toBeNull();

    expect(within(third!).getByText('Shipped')).toBeInTheDocument();
    expect(within(third!).getByText('Paid')).toBeInTheDocument();
    expect(within(third!).getByText('pi_test_shipped')).toBeInTheDocument();
    // A shipped order's only action: correcting its tracking.
    expect(
      within(third!)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Edit tracking: ${shipped.orderNumber}`]);
  });

  it('corrects the tracking of a shipped order in a dialog prefilled with it', async () => {
    const tracked = {
      ...shipped,
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA1012345678',
        shippedAt: '2026-01-03T00:00:00.000Z',
      },
    };
    const edited = vi.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual({
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      });
      return json({ modifiedCount: 1, order: tracked });
    });
    stubApi({
      'GET /api/orders?page=1&limit=25': () => json([tracked]),
      [`PUT /api/orders/${tracked._id}/shipment`]: edited,
    });
    renderWithProviders(
      <>
        <ManageOrders />
        <Toaster />
      </>,
    );
    const [row] = await rows();
    shipDialog.confirmWithFields.mockResolvedValueOnce({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    await userEvent.click(within(row!).getByRole('button', { name: /^Edit tracking/ }));
    const [options] = shipDialog.confirmWithFields.mock.lastCall as unknown as [
      { confirmText: string; text: string; fields: { name: string; value?: string }[] },
    ];
    expect(options.confirmText).toBe(confirmMessages.editTrackingConfirm);
    expect(options.text).toBe(
      confirmMessages.editTrackingText(tracked.orderPName, tracked.userName),
    );
    expect(options.fields.map(({ name, value }) => [name, value])).toEqual([
      ['carrier', 'ups'],
      ['carrierName', ''],
      ['trackingNumber', '1Z999AA1012345678'],
    ]);
    expect(await screen.findByText(orderPageMessages.trackingUpdated)).toBeInTheDocument();
    expect(edited).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason for a conflict and the spec's message for a refusal", async () => {
    stubApi({
      'GET /api/orders?page=1&limit=25': () => json([placed]),
      [`PUT /api/ship/${placed._id}`]: () => apiError(409, 'conflict', messages.orderNotPlaced),
    });
    renderWithProviders(
      <>
        <ManageOrders />
        <Toaster />
      </>,
    );
    const [row] = await rows();
    await userEvent.click(within(row!).getByRole('button', { name: /^Ship Order/ }));
    expectAskedToShip(placed);
    expect(await screen.findByText(messages.orderNotPlaced)).toBeInTheDocument();

    stubApi({
      'GET /api/orders?page=1&limit=25': () => json([placed]),
      [`PUT /api/ship/${placed._id}`]: () => apiError(403, 'forbidden', 'Admins only'),
    });
    await userEvent.click(within(row!).getByRole('button', { name: /^Ship Order/ }));
    expect(await screen.findByText(messages.noPermission)).toBeInTheDocument();
  });

  it('asks before Mark Paid and Ship Order, naming the order; Cancel sends nothing', async () => {
    // ux 2026-11-28 #15: Mark Paid asks for the bank transfer received, and sends it.
    const transfer = { amount: '480.00', reference: 'RF18 5390', receivedAt: '2026-01-02' };
    const marked = vi.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual(transfer);
      return json({ modifiedCount: 1, order: { ...pending, paid: true } });
    });
    const shippedNow = vi.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual({ carrier: 'UPS', trackingNumber: '1Z999' });
      return json({ modifiedCount: 1, order: placed });
    });
    stubApi({
      'GET /api/orders?page=1&limit=25': () => json([pending, placed]),
      [`PUT /api/order/${pending._id}`]: marked,
      [`PUT /api/ship/${placed._id}`]: shippedNow,
    });
    renderWithProviders(
      <>
        <ManageOrders />
        <Toaster />
      </>,
    );
    const [first, second] = await rows();
    const expectAskedToMarkPaid = () => {
      const [options] = shipDialog.confirmWithFields.mock.lastCall as unknown as [
        { title: string; text: string; confirmText: string; fields: { name: string }[] },
      ];
      expect(options.title).toBe(confirmMessages.markPaidTitle);
      expect(options.text).toBe(
        confirmMessages.markPaidTransferText(pending.orderNumber, pending.userName, '$480'),
      );
      expect(options.confirmText).toBe(confirmMessages.markPaidConfirm);
      expect(options.fields.map((field) => field.name)).toEqual([
        'amount',
        'reference',
        'receivedAt',
      ]);
    };

    shipDialog.confirmWithFields.mockResolvedValueOnce(null);
    await userEvent.click(within(first!).getByRole('button', { name: /^Mark Paid/ }));
    await waitFor(() => expect(shipDialog.confirmWithFields).toHaveBeenCalledTimes(1));
    expectAskedToMarkPaid();
    shipDialog.confirmWithFields.mockResolvedValueOnce(null);
    await userEvent.click(within(second!).getByRole('button', { name: /^Ship Order/ }));
    await waitFor(() => expect(shipDialog.confirmWithFields).toHaveBeenCalledTimes(2));
    expectAskedToShip(placed);
    expect(marked).not.toHaveBeenCalled();
    expect(shippedNow).not.toHaveBeenCalled();

    shipDialog.confirmWithFields.mockResolvedValueOnce(transfer);
    await userEvent.click(within(first!).getByRole('button', { name: /^Mark Paid/ }));
    expect(await screen.findByText('Marked as paid.')).toBeInTheDocument();
    expect(marked).toHaveBeenCalledTimes(1);

    // The carrier and tracking number the admin typed go with the PUT.
    shipDialog.confirmWithFields.mockResolvedValueOnce({ carrier: 'UPS', trackingNumber: '1Z999' });
    await userEvent.click(within(second!).getByRole('button', { name: /^Ship Order/ }));
    expectAskedToShip(placed);
    expect(await screen.findByText('Order shipped.')).toBeInTheDocument();
    expect(shippedNow).toHaveBeenCalledTimes(1);
  });

  it('keeps the line breaks of an address and shortens a long transaction id, whole on request', async () => {
    const trxId = 'pi_test_0123456789abcdef01234567';
    const long = makeOrder({
      _id: '65a1b2c3d4e5f60718293a07',
      address: 'Unit 4\nIndustrial Park\nSpringfield',
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'placed',
      transactionId: trxId,
      trxId,
    });
    stubApi({ 'GET /api/orders?page=1&limit=25': () => json([long]) });
    renderWithProviders(<ManageOrders />);
    const [row] = await rows();

    const address = within(row!).getByText(/^Unit 4/);
    expect(address.textContent).toBe('Unit 4\nIndustrial Park\nSpringfield');
    expect(address).toHaveClass('whitespace-pre-line', 'line-clamp-3');

    expect(within(row!).queryByText(trxId)).not.toBeInTheDocument();
    expect(within(row!).getByText('pi_tes…234567')).toBeInTheDocument();
    const reveal = within(row!).getByRole('button', { name: 'Show the whole transaction ID' });
    expect(reveal).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(reveal);
    expect(within(row!).getByText(trxId)).toBeInTheDocument();
    expect(
      within(row!).getByRole('button', { name: 'Hide the whole transaction ID' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });

  it('ships without tracking with an empty body when both fields were left empty', async () => {
    const shippedNow = vi.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual({});
      return json({ modifiedCount: 1, order: placed });
    });
    stubApi({
      'GET /api/orders?page=1&limit=25': () => json([placed]),
      [`PUT /api/ship/${placed._id}`]: shippedNow,
    });
    renderWithProviders(
      <>
        <ManageOrders />
        <Toaster />
      </>,
    );
    const [row] = await rows();
    await userEvent.click(within(row!).getByRole('button', { name: /^Ship Order/ }));
    expect(await screen.findByText('Order shipped.')).toBeInTheDocument();
    expect(shippedNow).toHaveBeenCalledTimes(1);
  });

  it("ux 2026-11-28 #12: links every row to its order page, names a multi-line order's products whole and shows tracking", async () => {
    const multi = makeOrder({
      _id: '65a1b2c3d4e5f60718293a08',
      orderPName: 'Nova Mini-ITX Gaming Case + 2 more',
      orderQty: 300,
      lines: [
        {
          productId: 'a',
          productName: 'Nova Mini-ITX Gaming Case',
          sku: null,
          quantity: 100,
          unitPrice: 60,
          lineTotal: 6000,
        },
        {
          productId: 'b',
          productName: 'SFX 600W Compact Power Supply',
          sku: null,
          quantity: 100,
          unitPrice: 50,
          lineTotal: 5000,
        },
        {
          productId: 'c',
          productName: 'ForgeLine M3 ATX Mid-Tower Case',
          sku: null,
          quantity: 100,
          unitPrice: 40,
          lineTotal: 4000,
        },
      ],
    });
    const tracked = {
      ...shipped,
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        shippedAt: '2026-01-03T00:00:00.000Z',
      },
    };
    stubApi({ 'GET /api/orders?page=1&limit=25': () => json([multi, tracked]) });
    renderWithProviders(<ManageOrders />);
    const [first, second] = await rows();

    expect(
      within(first!).getByRole('link', {
        name: orderPageMessages.detailsLabel(multi.orderNumber),
      }),
    ).toHaveAttribute('href', `/dashboard/orders/${multi._id}`);
    // Every name whole (not the spec's ten characters): the first line, then the others on
    // demand, each with its quantity.
    expect(within(first!).getByText('100 × Nova Mini-ITX Gaming Case')).toBeVisible();
    expect(within(first!).getByText('and 2 more').tagName).toBe('SUMMARY');
    expect(within(first!).getByText('100 × ForgeLine M3 ATX Mid-Tower Case')).toBeInTheDocument();
    expect(within(first!).getByRole('cell', { name: '300' })).toBeInTheDocument();

    expect(
      within(second!).getByRole('link', {
        name: orderPageMessages.detailsLabel(tracked.orderNumber),
      }),
    ).toHaveAttribute('href', `/dashboard/orders/${tracked._id}`);
    expect(within(second!).getByText('Tracking: UPS 1Z999AA10123456784')).toBeInTheDocument();
  });

  it('offers exactly the actions the shared state machine allows, in every state', async () => {
    const all = [pending, placed, shipped, cancelled, refund];
    stubApi({ 'GET /api/orders?page=1&limit=25': () => json(all) });
    renderWithProviders(<ManageOrders />);
    const found = await rows();
    const buttons: [OrderAction, RegExp][] = [
      ['markPaid', /^Mark Paid:/],
      ['delete', /^Delete CF-/],
      ['ship', /^Ship Order:/],
      ['editShipment', /^Edit tracking:/],
    ];
    all.forEach((order, index) => {
      for (const [action, name] of buttons) {
        expect(
          within(found[index]!).queryAllByRole('button', { name }).length,
          `${action} on ${order.paymentStatus}/${order.orderStatus}`,
        ).toBe(canApplyTo(action, order) ? 1 : 0);
      }
    });
  });
});
