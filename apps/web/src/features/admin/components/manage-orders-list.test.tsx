import { adminCsvColumns, SEARCH_DEBOUNCE_MS, TOTAL_COUNT_HEADER, type Order } from '@shop/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ManageOrders } from './manage-orders';

const saved = vi.hoisted(() => ({ saveFile: vi.fn<(blob: Blob, name: string) => void>() }));
vi.mock('../../../lib/save-file', () => saved);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  toast.remove();
});

/** A page of orders as the API answers it, with the total in its header. */
function page(orders: Order[], total: number): Response {
  return new Response(JSON.stringify(orders), {
    headers: { 'content-type': 'application/json', [TOTAL_COUNT_HEADER]: String(total) },
  });
}

const orders = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    makeOrder({
      _id: `65a1b2c3d4e5f6071829${(from + i).toString(16).padStart(4, '0')}`,
      userName: `Customer ${from + i + 1}`,
    }),
  );

function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(route = '/dashboard/manage') {
  renderWithProviders(
    <>
      <ManageOrders />
      <Address />
      <Toaster />
    </>,
    { route },
  );
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('ManageOrders: search, filter, pages and export', () => {
  it('shows the total and pages forward and back, keeping the page in the address', async () => {
    const fetch = stubApi({
      'GET /api/orders?page=1&limit=25': () => page(orders(25), 60),
      'GET /api/orders?page=2&limit=25': () => page(orders(25, 25), 60),
    });
    renderPage();
    expect(await screen.findByText('60 orders')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Customer 26')).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(address()).toBe('/dashboard/manage?page=2');

    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
    expect(address()).toBe('/dashboard/manage');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('searches once typing rests, from page 1, and says when nothing matches', async () => {
    const fetch = stubApi({
      'GET /api/orders?page=2&limit=25': () => page(orders(25, 25), 60),
      'GET /api/orders?q=nobody&page=1&limit=25': () => page([], 0),
      'GET /api/orders?page=1&limit=25': () => page(orders(25), 60),
    });
    renderPage('/dashboard/manage?page=2');
    const box = await screen.findByRole('searchbox', { name: 'Search orders' });
    expect(await screen.findByText('Customer 26')).toBeInTheDocument();
    // The pause is counted on a fake clock, so a busy machine cannot stretch or split it; the
    // rest (the request, the answer, React Query's notices) runs on the real one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Two changes with no pause between them, as fast typing makes: only the last is asked for.
      fireEvent.change(box, { target: { value: 'nob' } });
      fireEvent.change(box, { target: { value: 'nobody' } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(fetch).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }

    expect(await screen.findByText('No orders match "nobody"')).toBeInTheDocument();
    expect(address()).toBe('/dashboard/manage?q=nobody');
    expect(screen.getByText('0 orders')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/orders?page=2&limit=25',
      '/api/orders?q=nobody&page=1&limit=25',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(address()).toBe('/dashboard/manage');
  });

  it('filters by status, kept in the address, and reads a bad one from it as none', async () => {
    const shipped = makeOrder({
      _id: '65a1b2c3d4e5f60718293aff',
      userName: 'Shipped Customer',
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'shipped',
    });
    stubApi({
      'GET /api/orders?page=1&limit=25': () => page(orders(2), 2),
      'GET /api/orders?status=shipped&page=1&limit=25': () => page([shipped], 1),
      'GET /api/orders?status=cancelled&page=1&limit=25': () => page([], 0),
    });
    renderPage('/dashboard/manage?status=lost');
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('');
    expect(await screen.findByText('2 orders')).toBeInTheDocument();

    await userEvent.selectOptions(status, 'shipped');
    expect(await screen.findByText('Shipped Customer')).toBeInTheDocument();
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(address()).toBe('/dashboard/manage?status=shipped');

    await userEvent.selectOptions(status, 'cancelled');
    expect(await screen.findByText('No cancelled orders')).toBeInTheDocument();
  });

  it('goes to the last page when the address asks for one past the end', async () => {
    stubApi({
      'GET /api/orders?page=9&limit=25': () => page([], 30),
      'GET /api/orders?page=2&limit=25': () => page(orders(5, 25), 30),
    });
    renderPage('/dashboard/manage?page=9');
    expect(await screen.findByText('Customer 30')).toBeInTheDocument();
    expect(address()).toBe('/dashboard/manage?page=2');
  });

  it('exports every matching order, all pages at 100, as a CSV with a BOM', async () => {
    const multi = makeOrder({
      _id: '65a1b2c3d4e5f60718293bbb',
      userName: '=HYPERLINK("http://evil.example")',
      address: '1 Main St,\nSpringfield',
      orderQty: 14,
      orderPrice: 1234.5,
      paidAt: '2026-11-20T10:00:00.000Z',
      lines: [
        {
          productId: null,
          productName: 'ForgeLine M3',
          sku: null,
          quantity: 10,
          unitPrice: 48,
          lineTotal: 480,
        },
        {
          productId: null,
          productName: 'Nova ITX',
          sku: null,
          quantity: 4,
          unitPrice: 188.62,
          lineTotal: 754.5,
        },
      ],
    });
    const fetch = stubApi({
      'GET /api/orders?q=a&page=1&limit=25': () => page(orders(25), 101),
      'GET /api/orders?q=a&page=1&limit=100': () => page([multi, ...orders(99)], 101),
      'GET /api/orders?q=a&page=2&limit=100': () => page(orders(1, 99), 101),
    });
    renderPage('/dashboard/manage?q=a');
    await screen.findByText('101 orders');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved.saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = saved.saveFile.mock.lastCall!;
    expect(name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await screen.findByText(`101 orders exported to ${name}.`)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(3);

    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, first, second] = text.split('\r\n');
    expect(header).toBe(Object.values(adminCsvColumns.orders).join(','));
    // One row per order line: the order's number and id, the line's facts, then its order's.
    const orderFacts = [
      '1234.5',
      '2026-01-02 03:04:05',
      '2026-11-20 10:00:00',
      '',
      `"'=HYPERLINK(""http://evil.example"")"`,
      multi.userEmail,
      // A phone number is written as it is: no formula, so no quote in front (defect 16).
      multi.phone,
      '',
      '',
      // No billing address given: the shipping address.
      '"1 Main St,\nSpringfield"',
      '"1 Main St,\nSpringfield"',
      '',
      '',
      'pending',
      'pending',
      '',
      '',
      '',
    ].join(',');
    expect(first).toBe(
      [multi.orderNumber, multi._id, '1', '', 'ForgeLine M3', '10', '48', '480', orderFacts].join(
        ',',
      ),
    );
    expect(second).toBe(
      [multi.orderNumber, multi._id, '2', '', 'Nova ITX', '4', '188.62', '754.5', orderFacts].join(
        ',',
      ),
    );
    // 101 orders, the first of two lines.
    expect(text.split('\r\n')).toHaveLength(1 + 102 + 1);
  });
});
