import { canApplyTo, orderPageMessages, orderRefusals, paymentStatusWords } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { MyOrders } from './my-orders';

afterEach(() => vi.unstubAllGlobals());

const unpaid = makeOrder({ _id: '65a1b2c3d4e5f60718293a01', orderPrice: 480 });
const paid = makeOrder({
  _id: '65a1b2c3d4e5f60718293a02',
  orderNumber: 'CF-10002',
  poNumber: 'PO-PAID-9',
  placedAt: '2026-01-05T12:00:00.000Z',
  orderPName: 'Nova Mini-ITX Gaming Case',
  orderQty: 25,
  orderPrice: 1650,
  paid: true,
  paymentStatus: 'paid',
  orderStatus: 'placed',
  transactionId: 'pi_test_123456',
  trxId: 'pi_test_123456',
});

describe('MyOrders', () => {
  it('finds an order by its number or PO, and says so when none matches', async () => {
    const fetch = stubApi({
      'GET /api/order?userEmail=ada%40example.com': () => json([unpaid, paid]),
      'GET /api/order?userEmail=ada%40example.com&q=CF-10002': () => json([paid]),
      'GET /api/order?userEmail=ada%40example.com&q=PO-NONE': () => json([]),
    });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByRole('table');
    const box = screen.getByRole('searchbox', { name: orderPageMessages.searchMine });
    expect(box).toHaveAccessibleDescription(orderPageMessages.searchMineHint);

    await userEvent.type(box, 'CF-10002{Enter}');
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(within(screen.getByRole('table')).getByText('CF-10002')).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, 'PO-NONE{Enter}');
    expect(await screen.findByText(orderPageMessages.noneMatch('PO-NONE'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: orderPageMessages.showAll }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3),
    );
    expect(fetch).toHaveBeenCalled();
  });

  it("lists the customer's orders: number, date and PO; Pay for unpaid ones, a Paid label for paid ones", async () => {
    const fetch = stubApi({
      'GET /api/order?userEmail=ada%40example.com': () => json([unpaid, paid]),
    });
    renderWithProviders(<MyOrders email="ada@example.com" />);

    const table = await screen.findByRole('table');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'My orders' })).toHaveAttribute('tabindex', '0');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Order',
      'Date',
      'Name',
      'Product',
      'PO',
      'Quantity',
      'Price',
      'Payment',
      'Transaction ID',
      'Status',
      'Action',
    ]);
    // Below md each row is a card whose cells name their column.
    expect(
      within(table)
        .getAllByRole('cell')
        .slice(0, 10)
        .map((cell) => cell.dataset['label']),
    ).toEqual([
      'Order',
      'Date',
      'Name',
      'PO',
      'Quantity',
      'Price',
      'Payment',
      'Transaction ID',
      'Status',
      'Action',
    ]);

    const [, unpaidRow, paidRow] = within(table).getAllByRole('row');
    // ux 2026-11-28 #12: the product's whole name and its SKU, not the spec's 10 characters.
    expect(within(unpaidRow!).getByRole('rowheader')).toHaveTextContent(
      /^ForgeLine M3 ATX Mid-Tower Case/,
    );
    expect(within(unpaidRow!).getByText('FL-M3-ATX')).toBeInTheDocument();
    expect(within(unpaidRow!).getByText('$480')).toBeInTheDocument();
    // ux 2026-11-28 #32: each row action names its order by number.
    expect(
      within(unpaidRow!).getByRole('link', { name: orderPageMessages.payLabel('CF-10001') }),
    ).toHaveAttribute('href', `/dashboard/payment/${unpaid._id}`);
    expect(within(unpaidRow!).queryByRole('button', { name: 'Paid' })).not.toBeInTheDocument();
    expect(
      within(unpaidRow!).getByRole('button', { name: orderPageMessages.deleteLabel('CF-10001') }),
    ).toBeEnabled();

    expect(within(paidRow!).getByRole('rowheader')).toHaveTextContent(/^ForgeLine M3/);
    expect(within(paidRow!).getByText('$1,650')).toBeInTheDocument();
    // Paid reads as a state (a label like Status), not as a disabled button.
    expect(within(paidRow!).queryByRole('button', { name: 'Paid' })).not.toBeInTheDocument();
    const paidLabel = within(paidRow!).getAllByText('Paid')[0]!;
    expect(paidLabel.closest('td')).toHaveAttribute('data-label', 'Payment');
    expect(paidLabel).not.toHaveClass('btn');
    // Each row names its order by number, linked to its page, with its date and PO.
    expect(
      within(paidRow!).getByRole('link', { name: `Open order ${paid.orderNumber}` }),
    ).toHaveAttribute('href', `/dashboard/orders/${paid._id}`);
    expect(within(paidRow!).getByText(paid.orderNumber)).toBeInTheDocument();
    expect(within(paidRow!).getByRole('cell', { name: /PO-PAID-9/ })).toBeInTheDocument();
    expect(within(unpaidRow!).getByText(unpaid.orderNumber)).toBeInTheDocument();
    expect(within(paidRow!).getByText('Jan 5, 2026')).toHaveAttribute('datetime', paid.placedAt);
    expect(within(paidRow!).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(paidRow!).getByText('pi_test_123456')).toBeInTheDocument();
    // The status is a plain label in its own column, not a button, in the word Payment uses.
    const status = within(paidRow!).getAllByText('Paid')[1]!;
    expect(status.closest('td')).toHaveAttribute('data-label', 'Status');
    expect(status).not.toHaveClass('btn');
    expect(status).toHaveClass('border-transparent');
    expect(within(paidRow!).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows the time left to pay, and a cancelled order as Cancelled with no Pay and no Delete', async () => {
    const now = Date.now();
    const holding = makeOrder({
      _id: '65a1b2c3d4e5f60718293a05',
      expiresAt: new Date(now + (47 * 60 + 30) * 60_000).toISOString(),
    });
    const cancelled = makeOrder({
      _id: '65a1b2c3d4e5f60718293a06',
      orderPName: 'Nova Mini-ITX Gaming Case',
      paymentStatus: 'cancelled',
      orderStatus: 'cancelled',
    });
    stubApi({
      'GET /api/order?userEmail=ada%40example.com': () => json([holding, cancelled]),
    });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const table = await screen.findByRole('table');
    const [, holdingRow, cancelledRow] = within(table).getAllByRole('row');

    expect(within(holdingRow!).getByRole('link', { name: /^Pay/ })).toBeInTheDocument();
    expect(within(holdingRow!).getByText('Pay within 1 day 23 h')).toBeInTheDocument();

    expect(within(cancelledRow!).getByText('Cancelled').closest('td')).toHaveAttribute(
      'data-label',
      'Status',
    );
    expect(within(cancelledRow!).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(cancelledRow!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a long transaction id by its ends, the whole id behind a button', async () => {
    const transactionId = 'pi_test_0123456789abcdef01234567';
    stubApi({
      'GET /api/order?userEmail=ada%40example.com': () =>
        json([{ ...paid, transactionId, trxId: transactionId }]),
    });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const table = await screen.findByRole('table');

    expect(within(table).getByText('pi_tes…234567')).toBeInTheDocument();
    expect(within(table).queryByText(transactionId)).not.toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Show the whole transaction ID' }),
    );
    expect(within(table).getByText(transactionId)).toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Hide the whole transaction ID' }),
    );
    expect(within(table).getByText('pi_tes…234567')).toBeInTheDocument();
  });

  it('says so when there are no orders yet', async () => {
    stubApi({ 'GET /api/order?userEmail=ada%40example.com': () => json([]) });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Our Tools' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('ux 2026-11-28 #12: links each order to its page; a multi-line order shows its first line whole, and the others on demand', async () => {
    const multi = makeOrder({
      _id: '65a1b2c3d4e5f60718293a07',
      orderPName: 'Titan X Full-Tower Gaming Case + 1 more',
      orderQty: 500,
      orderPrice: 21250,
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
          unitPrice: 40,
          lineTotal: 10000,
        },
      ],
    });
    stubApi({ 'GET /api/order?userEmail=ada%40example.com': () => json([multi, paid]) });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const table = await screen.findByRole('table');
    const [, multiRow, paidRow] = within(table).getAllByRole('row');

    const header = within(multiRow!).getByRole('rowheader');
    expect(header).toHaveTextContent(/^250 × Titan X Full-Tower Gaming Case\s*and 1 more/);
    // The other lines are in a disclosure (a <details>: it opens without scripts, by keyboard).
    const more = within(header).getByText('and 1 more');
    expect(more.tagName).toBe('SUMMARY');
    expect(more.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(more);
    expect(more.closest('details')).toHaveAttribute('open');
    expect(within(header).getByText('250 × SFX 600W Compact Power Supply')).toBeVisible();
    // The quantity is every piece of the order; the price its total.
    expect(within(multiRow!).getByRole('cell', { name: '500' })).toBeInTheDocument();
    expect(within(multiRow!).getByText('$21,250')).toBeInTheDocument();
    // The link sits under the product's name, in the row header.
    expect(
      within(within(multiRow!).getByRole('rowheader')).getByRole('link', {
        name: orderPageMessages.detailsLabel(multi.orderNumber),
      }),
    ).toHaveAttribute('href', `/dashboard/orders/${multi._id}`);
    expect(
      within(paidRow!).getByRole('link', {
        name: orderPageMessages.detailsLabel(paid.orderNumber),
      }),
    ).toHaveAttribute('href', `/dashboard/orders/${paid._id}`);
  });

  it('offers Pay and Delete exactly when the shared state machine allows them', async () => {
    const orders = [
      unpaid,
      paid,
      makeOrder({
        _id: '65a1b2c3d4e5f60718293a08',
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'shipped',
        transactionId: 'pi_x',
        trxId: 'pi_x',
      }),
      makeOrder({
        _id: '65a1b2c3d4e5f60718293a09',
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
      }),
      makeOrder({
        _id: '65a1b2c3d4e5f60718293a0a',
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'cancelled',
        refundNeeded: true,
      }),
    ];
    stubApi({ 'GET /api/order?userEmail=ada%40example.com': () => json(orders) });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const table = await screen.findByRole('table');
    const found = within(table).getAllByRole('row').slice(1);
    orders.forEach((order, index) => {
      const row = found[index]!;
      const state = `${order.paymentStatus}/${order.orderStatus}`;
      expect(within(row).queryAllByRole('link', { name: /^Pay for CF-/ }).length, state).toBe(
        canApplyTo('markPaid', order) ? 1 : 0,
      );
      expect(within(row).queryAllByRole('button', { name: /^Delete CF-/ }).length, state).toBe(
        canApplyTo('delete', order) ? 1 : 0,
      );
    });
  });
  it('reads why an order cannot be paid from the state table: a refusal changed there is what the row shows', async () => {
    // A paid order shows Paid because the table refuses paying it as order_already_paid; the
    // same state refused in the table as already invoiced shows Invoiced instead, as the API
    // answers it (order-refusals.api.test.ts). Nothing else changes.
    const before = orderRefusals.markPaid;
    orderRefusals.markPaid = [
      { when: {}, code: 'order_already_invoiced', message: 'Paid by invoice.' },
    ];
    try {
      stubApi({ 'GET /api/order?userEmail=ada%40example.com': () => json([paid]) });
      renderWithProviders(<MyOrders email="ada@example.com" />);
      const row = (await screen.findAllByRole('row')).find((tr) =>
        within(tr).queryByText(paid.orderNumber),
      );
      expect(row).toBeDefined();
      expect(within(row!).getByText(paymentStatusWords.invoiced)).toBeInTheDocument();
      // (Its Status column still says Paid: that is the order's state, not the refusal.)
    } finally {
      orderRefusals.markPaid = before;
    }
  });
});
