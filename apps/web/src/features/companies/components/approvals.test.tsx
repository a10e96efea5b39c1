import { approvalMessages as text, TOTAL_COUNT_HEADER } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { Approvals } from './approvals';

const confirm = vi.hoisted(() => ({ confirmAction: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../../components/ui/confirm', () => confirm);
const form = vi.hoisted(() => ({
  confirmWithFields: vi.fn(() =>
    Promise.resolve<{ reason: string } | null>({ reason: 'Too much' }),
  ),
}));
vi.mock('../../../components/ui/confirm-form', () => form);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  toast.remove();
});

const COMPANY = 'c1';
const waiting = makeOrder({
  orderNumber: 'CF-10042',
  companyId: COMPANY,
  placedBy: { userId: 'u2', name: 'Bob Buyer' },
  userName: 'Bob Buyer',
  userEmail: 'bob@example.com',
  orderPrice: 4800,
  approvalStatus: 'awaiting_approval',
  expiresAt: new Date(Date.now() + 20 * 3_600_000).toISOString(),
});
const LIST = `GET /api/companies/${COMPANY}/orders?approval=awaiting_approval&page=1&limit=25`;
const page = (orders: unknown[]) =>
  new Response(JSON.stringify(orders), {
    headers: { 'content-type': 'application/json', [TOTAL_COUNT_HEADER]: String(orders.length) },
  });

function renderList(routes: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(routes);
  renderWithProviders(
    <>
      <Approvals companyId={COMPANY} />
      <Toaster />
    </>,
  );
  return fetch;
}

describe('Approvals', () => {
  it("ux 2026-11-28 #12: shows the PO, the products whole with their SKUs, the buyer's limit and how far over it", async () => {
    const withPo = { ...waiting, poNumber: 'PO-2026-0815' };
    renderList({
      [LIST]: () => page([withPo]),
      'GET /api/companies/mine': () =>
        json({
          _id: COMPANY,
          name: 'Acme Systems GmbH',
          vatId: null,
          billingAddress: 'Industriestr. 5',
          terms: null,
          onHold: false,
          balance: 0,
          availableCredit: 0,
          createdAt: '2026-11-20T09:00:00.000Z',
          members: [
            {
              userId: 'u2',
              name: 'Bob Buyer',
              email: 'bob@example.com',
              role: 'buyer',
              orderLimit: 2000,
              monthlyLimit: null,
            },
          ],
        }),
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Order',
      'Placed by',
      'Products',
      'PO',
      'Total',
      'Buyer’s limit',
      'Holds stock',
      'Action',
    ]);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('PO-2026-0815')).toBeInTheDocument();
    expect(within(row!).getByText(withPo.lines[0]!.productName)).toBeInTheDocument();
    expect(within(row!).getByText(withPo.lines[0]!.sku!)).toBeInTheDocument();
    expect(await within(row!).findByText('$2,000')).toBeInTheDocument();
    expect(within(row!).getByText(text.overBy('$2,800'))).toBeInTheDocument();
    expect(
      within(row!).getByRole('link', { name: `Details of ${withPo.orderNumber}` }),
    ).toBeInTheDocument();
  });

  it('lists the waiting orders with who placed them and approves one after a confirmation', async () => {
    let decided = false;
    const fetch = renderList({
      [LIST]: () => page(decided ? [] : [waiting]),
      [`POST /api/orders/${waiting._id}/approve`]: () => {
        decided = true;
        return json({ modifiedCount: 1, order: { ...waiting, approvalStatus: 'approved' } });
      },
    });
    const table = await screen.findByRole('region', { name: text.label });
    const row = within(table).getByRole('row', { name: /Bob Buyer/ });
    expect(row).toHaveTextContent('$4,800');
    expect(row).toHaveTextContent('CF-10042');
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: text.approveLabel('CF-10042') }));
    expect(confirm.confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({ title: text.approveTitle('CF-10042') }),
    );
    expect(await screen.findByText(text.approved('CF-10042'))).toBeInTheDocument();
    expect(await screen.findByText(text.none)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(`/api/orders/${waiting._id}/approve`, expect.anything());
  });

  it('rejects with the reason typed in the dialog', async () => {
    const fetch = renderList({
      [LIST]: () => page([waiting]),
      [`POST /api/orders/${waiting._id}/reject`]: () =>
        json({ modifiedCount: 1, order: { ...waiting, approvalStatus: 'rejected' } }),
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: text.rejectLabel('CF-10042') }));
    expect(await screen.findByText(text.rejected('CF-10042'))).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/reject'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Too much' });
  });

  it('says so when another admin decided first (409), changing nothing here', async () => {
    renderList({
      [LIST]: () => page([waiting]),
      [`POST /api/orders/${waiting._id}/approve`]: () =>
        apiError(
          409,
          'approval_already_decided',
          'This order has already been approved or rejected.',
        ),
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: text.approveLabel('CF-10042') }));
    expect(
      await screen.findByText('This order has already been approved or rejected.'),
    ).toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    renderList({ [LIST]: () => page([]) });
    expect(await screen.findByText(text.none)).toBeInTheDocument();
  });
});
