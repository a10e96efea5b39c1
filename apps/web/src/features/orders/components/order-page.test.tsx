import {
  approvalStatusWords,
  carrierMessages,
  messages,
  orderApprovalMessages,
  orderPageMessages as text,
} from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { OrderPage, type OrderViewer } from './order-page';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shown = (iso: string) => dateTime.format(new Date(iso));

const owner: OrderViewer = { email: 'ada@example.com', role: 'user' };
const admin: OrderViewer = { email: 'admin@example.com', role: 'admin' };

const lines = [
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
];

const unpaid = makeOrder({
  _id: '65a1b2c3d4e5f60718293a4b',
  orderPName: 'Titan X Full-Tower Gaming Case + 1 more',
  orderQty: 500,
  orderPrice: 21375,
  lines,
  poNumber: 'PO-2026-118',
  address: 'Unit 4\nIndustrial Park\nSpringfield',
  placedAt: '2026-11-20T09:15:00.000Z',
});
const shipped = makeOrder({
  ...unpaid,
  paid: true,
  paymentStatus: 'paid',
  orderStatus: 'shipped',
  transactionId: 'pi_test_0123456789abcdef01234567',
  trxId: 'pi_test_0123456789abcdef01234567',
  paidAt: '2026-11-20T10:00:00.000Z',
  shippedAt: '2026-11-21T14:30:00.000Z',
  shipment: {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    shippedAt: '2026-11-21T14:30:00.000Z',
  },
  billing: {
    company: 'Nordic Systems GmbH',
    vatNumber: 'DE123456789',
    address: 'Nordic Systems GmbH\nPostfach 1122\n20001 Hamburg',
  },
  invoice: {
    number: '2026-000118',
    issuedAt: '2026-11-20T10:00:00.000Z',
    dueAt: '2026-11-20T10:00:00.000Z',
    amountDue: 0,
    onAccount: null,
  },
});

function renderPage(order = unpaid, viewer = owner, routes = {}) {
  const fetch = stubApi({ [`GET /api/orders/${order._id}`]: () => json(order), ...routes });
  renderWithProviders(
    <>
      <OrderPage orderId={order._id} viewer={viewer} />
      <Toaster />
    </>,
  );
  return fetch;
}

/** An element's text as a screen reader gets it: without what is hidden from it. */
function readable(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

/** The timeline's steps as a screen reader reads them, each on one line. */
async function timelineSteps() {
  const timeline = await screen.findByRole('region', { name: text.timeline });
  return within(timeline).getAllByRole('listitem').map(readable);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.remove();
});

describe('OrderPage', () => {
  it('shows the order: id, status, PO number, buyer, every line and the total', async () => {
    renderPage();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Order 65a1b2…293a4b' }),
    ).toBeInTheDocument();
    // Once read, the heading names the order by its number.
    expect(
      await screen.findByRole('heading', { level: 1, name: `Order ${unpaid.orderNumber}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(screen.getByText('PO-2026-118')).toBeInTheDocument();
    expect(screen.getByText(shown(unpaid.placedAt), { selector: 'dd time' })).toBeInTheDocument();

    const buyer = screen.getByRole('region', { name: text.buyer });
    expect(within(buyer).getByText('Ada Customer')).toBeInTheDocument();
    expect(within(buyer).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(buyer).getByText('+1 555 0100')).toBeInTheDocument();
    expect(within(buyer).getByText(/^Unit 4/).textContent).toBe(
      'Unit 4\nIndustrial Park\nSpringfield',
    );

    const table = screen.getByRole('table');
    expect(screen.getByRole('region', { name: text.lines })).toContainElement(table);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Product', 'Quantity', 'Unit price', 'Line total'],
      ['Titan X Full-Tower Gaming Case', '250', '$45', '$11,250'],
      ['SFX 600W Compact Power Supply', '250', '$40.50', '$10,125'],
    ]);
    expect(screen.getByText('Order total: $21,375')).toBeInTheDocument();
    expect(screen.getByText('500 pieces')).toBeInTheDocument();
  });

  it('an unpaid order: placed, then paid and shipped pending, with Pay now for its owner', async () => {
    renderPage({
      ...unpaid,
      expiresAt: new Date(Date.now() + (47 * 60 + 30) * 60_000).toISOString(),
    });

    expect(await timelineSteps()).toEqual([
      `Placed${shown(unpaid.placedAt)}`,
      `Paid: ${text.notYet}`,
      `Shipped: ${text.notYet}`,
    ]);
    const timeline = screen.getByRole('region', { name: text.timeline });
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: text.payNow })).toHaveAttribute(
      'href',
      `/dashboard/payment/${unpaid._id}`,
    );
    expect(screen.getByText(text.payWithin('1 day 23 h'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.backToMyOrder })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('a shipped order: every step with its date, the transaction id, carrier and tracking number', async () => {
    renderPage(shipped);

    const timeline = await screen.findByRole('region', { name: text.timeline });
    const [placed, paid, sent] = within(timeline).getAllByRole('listitem');
    expect(placed).toHaveTextContent(`Placed${shown(shipped.placedAt)}`);
    expect(paid).toHaveTextContent(`Paid${shown(shipped.paidAt!)}`);
    expect(within(paid!).getByText('pi_tes…234567')).toBeInTheDocument();
    expect(sent).toHaveTextContent(`Shipped${shown(shipped.shippedAt!)}`);
    expect(within(sent!).getByText('UPS')).toBeInTheDocument();
    // The number is a link to the carrier's page, in a new tab that cannot reach back.
    const link = within(sent!).getByRole('link', {
      name: carrierMessages.trackingLinkLabel('UPS', '1Z999AA10123456784'),
    });
    expect(link).toHaveTextContent('1Z999AA10123456784');
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(sent).toHaveAttribute('aria-current', 'step');
    expect(paid).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Shipped', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: text.payNow })).not.toBeInTheDocument();
  });

  it("encodes the number in the link, and shows an 'Other' carrier's number without one", async () => {
    renderPage(
      makeOrder({
        ...shipped,
        shipment: { carrier: 'DHL', trackingNumber: 'JD 01&4/6', shippedAt: shipped.shippedAt! },
      }),
    );
    const link = await screen.findByRole('link', { name: /^Track JD 01&4\/6 at DHL/ });
    // The space of an order stored before numbers were kept without spaces is left out of the
    // link (ux 2026-11-28 #35).
    expect(link).toHaveAttribute(
      'href',
      'https://www.dhl.com/en/express/tracking.html?AWB=JD01%264%2F6',
    );
  });

  it("shows an 'Other' carrier's tracking number as text", async () => {
    renderPage(
      makeOrder({
        ...shipped,
        shipment: {
          carrier: 'Acme Freight',
          trackingNumber: 'AF-77',
          shippedAt: shipped.shippedAt!,
        },
      }),
    );
    expect(await screen.findByText('AF-77')).toBeInTheDocument();
    expect(screen.getByText('Acme Freight')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Track/ })).not.toBeInTheDocument();
  });

  it("shows the admin's actions passed in, for an admin only", async () => {
    const actions = (order: typeof shipped) => <button type="button">Act on {order._id}</button>;
    stubApi({ [`GET /api/orders/${shipped._id}`]: () => json(shipped) });
    const { unmount } = renderWithProviders(
      <OrderPage orderId={shipped._id} viewer={admin} adminActions={actions} />,
    );
    expect(
      await screen.findByRole('button', { name: `Act on ${shipped._id}` }),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(<OrderPage orderId={shipped._id} viewer={owner} adminActions={actions} />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Act on/ })).not.toBeInTheDocument();
  });

  it('a cancelled order says so and stops at Cancelled, with nothing to pay', async () => {
    renderPage(makeOrder({ ...unpaid, paymentStatus: 'cancelled', orderStatus: 'cancelled' }));

    expect(await screen.findByText(text.cancelledUnpaid)).toBeInTheDocument();
    expect(await timelineSteps()).toEqual([`Placed${shown(unpaid.placedAt)}`, 'Cancelled']);
    expect(screen.queryByRole('link', { name: text.payNow })).not.toBeInTheDocument();
  });

  it("an admin sees a customer's unpaid order without Pay now, and goes back to Manage Order", async () => {
    renderPage(unpaid, admin);

    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: text.payNow })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.backToManageOrder })).toHaveAttribute(
      'href',
      '/dashboard/manage',
    );
  });

  it("another customer's order shows the permission message; an unknown one the not-found page", async () => {
    stubApi({
      [`GET /api/orders/${unpaid._id}`]: () => apiError(403, 'forbidden', 'Not yours'),
    });
    const { unmount } = renderWithProviders(<OrderPage orderId={unpaid._id} viewer={owner} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noPermission);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.downloadInvoice })).not.toBeInTheDocument();
    unmount();

    stubApi({ [`GET /api/orders/${unpaid._id}`]: () => apiError(404, 'not_found', 'No order') });
    renderWithProviders(<OrderPage orderId={unpaid._id} viewer={owner} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.notFound }),
    ).toBeInTheDocument();
  });
});

describe('Download invoice', () => {
  let saved: { href: string; download: string }[];

  beforeEach(() => {
    saved = [];
    // jsdom has no blob URLs and does not download: the link the page clicks is recorded.
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/invoice');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
  });

  it('fetches the PDF with the token and saves it under the name the server gives', async () => {
    localStorage.setItem('accessToken', 'a.b.c');
    const fetch = renderPage(shipped, owner, {
      [`GET /api/orders/${shipped._id}/invoice`]: () =>
        new Response('%PDF-1.7\n', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="invoice-2026-000118.pdf"',
          },
        }),
    });

    await userEvent.click(await screen.findByRole('button', { name: text.downloadInvoice }));
    expect(await screen.findByText(text.invoiceDownloaded)).toBeInTheDocument();
    expect(saved).toEqual([
      { href: 'blob:http://localhost/invoice', download: 'invoice-2026-000118.pdf' },
    ]);
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/invoice'));
    expect((call as unknown as [string, RequestInit])[1].headers).toMatchObject({
      accept: 'application/pdf',
      authorization: 'Bearer a.b.c',
    });
    const [blob] = vi.mocked(URL.createObjectURL).mock.calls[0] as [Blob];
    expect(await blob.text()).toBe('%PDF-1.7\n');
    localStorage.clear();
  });

  it('toasts why a download failed and saves nothing', async () => {
    renderPage(unpaid, owner, {
      [`GET /api/orders/${unpaid._id}/invoice`]: () =>
        apiError(503, 'unavailable', 'The invoice cannot be made right now.'),
    });

    await userEvent.click(await screen.findByRole('button', { name: text.downloadProForma }));
    expect(await screen.findByText('The invoice cannot be made right now.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: text.downloadProForma })).toBeEnabled();
  });

  it('an unpaid order offers its pro-forma, a paid one its invoice with its number and billing', async () => {
    renderPage(unpaid, owner, {
      [`GET /api/orders/${unpaid._id}/invoice`]: () =>
        new Response('%PDF-1.7\n', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="pro-forma-${unpaid._id}.pdf"`,
          },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: text.downloadProForma }));
    expect(await screen.findByText(text.proFormaDownloaded)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.downloadInvoice })).not.toBeInTheDocument();
    expect(screen.queryByText(text.invoiceNumber)).not.toBeInTheDocument();
  });

  it('a paid order shows its invoice number and whom it is billed to', async () => {
    renderPage(shipped);
    expect(await screen.findByRole('button', { name: text.downloadInvoice })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.downloadProForma })).not.toBeInTheDocument();
    expect(screen.getByText(text.invoiceNumber).nextElementSibling).toHaveTextContent(
      '2026-000118',
    );
    expect(screen.getByRole('heading', { name: text.billedTo })).toBeInTheDocument();
    expect(screen.getByText('Nordic Systems GmbH')).toBeInTheDocument();
    expect(screen.getByText(`${text.vatNumber}: DE123456789`)).toBeInTheDocument();
  });

  it('a cancelled unpaid order offers no document at all', async () => {
    renderPage(makeOrder({ ...unpaid, paymentStatus: 'cancelled', orderStatus: 'cancelled' }));
    expect(await screen.findByText(text.cancelledUnpaid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.downloadInvoice })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.downloadProForma })).not.toBeInTheDocument();
  });
});

describe('OrderPage, a company order (DESIGN.md section 12)', () => {
  const waiting = makeOrder({
    ...unpaid,
    companyId: 'c1',
    placedBy: { userId: 'u1', name: 'Ada Customer' },
    approvalStatus: 'awaiting_approval',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });

  it('tells its buyer it awaits approval, with no Pay now', async () => {
    renderPage(waiting, owner);
    expect(await screen.findByText(orderApprovalMessages.awaitingBuyer)).toBeInTheDocument();
    expect(screen.getByText(approvalStatusWords.awaiting_approval)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: text.payNow })).toBeNull();
  });

  it('tells a company admin it waits for them, and lets them pay a colleague’s approved order', async () => {
    const companyAdmin: OrderViewer = {
      email: 'boss@example.com',
      role: 'user',
      companyAdminOf: 'c1',
    };
    renderPage(waiting, companyAdmin);
    expect(await screen.findByText(orderApprovalMessages.awaitingAdmin)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: orderApprovalMessages.backToCompanyOrders }),
    ).toBeInTheDocument();
  });

  it('shows who approved it, and Pay now to a company admin', async () => {
    const approved = makeOrder({
      ...waiting,
      approvalStatus: 'approved',
      approval: {
        decidedAt: '2026-11-20T10:00:00.000Z',
        decidedBy: { userId: 'u9', name: 'Bea Boss' },
        reason: null,
      },
    });
    renderPage(approved, { email: 'boss@example.com', role: 'user', companyAdminOf: 'c1' });
    expect(
      await screen.findByText(orderApprovalMessages.approvedBy('Bea Boss')),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.payNow })).toBeInTheDocument();
  });

  it('shows a rejection with its reason instead of the hold message', async () => {
    const rejected = makeOrder({
      ...waiting,
      paymentStatus: 'cancelled',
      orderStatus: 'cancelled',
      approvalStatus: 'rejected',
      expiresAt: null,
      approval: {
        decidedAt: '2026-11-20T10:00:00.000Z',
        decidedBy: { userId: 'u9', name: 'Bea Boss' },
        reason: 'Over the quarter’s budget',
      },
    });
    renderPage(rejected, owner);
    expect(
      await screen.findByText(orderApprovalMessages.rejectedBy('Bea Boss')),
    ).toBeInTheDocument();
    expect(screen.getByText(/Over the quarter’s budget/)).toBeInTheDocument();
    expect(screen.queryByText(text.cancelledUnpaid)).toBeNull();
  });
});
