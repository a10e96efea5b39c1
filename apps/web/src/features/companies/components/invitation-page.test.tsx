import {
  companyMessages,
  invitationPageMessages as text,
  type CompanyWithMembers,
  type InvitationPreview,
} from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { InvitationPage } from './invitation-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const TOKEN = 'tok_0123456789abcdef';
const preview: InvitationPreview = {
  companyName: 'Nordic Systems',
  role: 'buyer',
  orderLimit: 2500,
  email: 'b***@example.com',
  expiresAt: '2026-11-27T09:00:00.000Z',
  forYou: false,
};
const company = {
  _id: 'c1',
  name: 'Nordic Systems',
  vatId: null,
  billingAddress: 'Hamburg',
  terms: null,
  balance: 0,
  availableCredit: 0,
  onHold: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  members: [],
} satisfies CompanyWithMembers;

function renderPage(authStatus: 'signed-in' | 'signed-out', routes: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(routes);
  renderWithProviders(<InvitationPage token={TOKEN} authStatus={authStatus} />, {
    route: `/invitations/${TOKEN}`,
  });
  return fetch;
}

describe('InvitationPage', () => {
  it('ux 2026-11-28 #29: names the company to a signed-out visitor, asking the server for nothing more', async () => {
    const fetch = renderPage('signed-out', {
      [`GET /api/invitations/${TOKEN}/company`]: () => json({ companyName: 'Nordic Systems' }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: text.heading('Nordic Systems') }),
    ).toBeInTheDocument();
    expect(screen.getByText(text.signedOutCompany('Nordic Systems'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.logIn })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: text.register })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: text.accept })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      `/api/invitations/${TOKEN}/company`,
    ]);
  });

  it("ux 2026-11-28 #29: 'Register with this address' carries the address of the mail's link", async () => {
    stubApi({
      [`GET /api/invitations/${TOKEN}/company`]: () => json({ companyName: 'Nordic Systems' }),
    });
    function RegisterStandIn() {
      const state = useLocation().state as { email?: string; from?: { pathname: string } };
      return (
        <p>{`register as ${state.email ?? 'nobody'} back to ${state.from?.pathname ?? ''}`}</p>
      );
    }
    renderWithProviders(
      <Routes>
        <Route
          path="/invitations/:token"
          element={<InvitationPage token={TOKEN} authStatus="signed-out" />}
        />
        <Route path="/register" element={<RegisterStandIn />} />
      </Routes>,
      { route: `/invitations/${TOKEN}#email=nina%2Bbuyer%40example.com` },
    );
    await userEvent.click(await screen.findByRole('link', { name: text.register }));
    expect(
      await screen.findByText(`register as nina+buyer@example.com back to /invitations/${TOKEN}`),
    ).toBeInTheDocument();
  });

  it('ux 2026-11-28 #29: says why when a signed-out visitor holds a used link', async () => {
    renderPage('signed-out', {
      [`GET /api/invitations/${TOKEN}/company`]: () =>
        apiError(410, 'invitation_used', companyMessages.invitationUsed),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: text.usedTitle }),
    ).toBeInTheDocument();
  });

  it('shows a signed-in account the invitation: company, role, limit, address', async () => {
    renderPage('signed-in', { [`GET /api/invitations/${TOKEN}`]: () => json(preview) });
    expect(
      await screen.findByRole('heading', { level: 1, name: text.heading('Nordic Systems') }),
    ).toBeInTheDocument();
    expect(screen.getByText('$2,500')).toBeInTheDocument();
    expect(screen.getByText('b***@example.com')).toBeInTheDocument();
  });

  it('lets the invited account accept, then leads to the company', async () => {
    const fetch = renderPage('signed-in', {
      [`GET /api/invitations/${TOKEN}`]: () => json({ ...preview, forYou: true }),
      [`POST /api/invitations/${TOKEN}/accept`]: () => json({ company }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: text.accept }));
    expect(await screen.findByText(text.accepted('Nordic Systems'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.toCompany })).toHaveAttribute(
      'href',
      '/dashboard/company',
    );
    expect(fetch).toHaveBeenCalledWith(`/api/invitations/${TOKEN}/accept`, expect.anything());
  });

  it('tells another account whose invitation it is, with no Accept', async () => {
    renderPage('signed-in', { [`GET /api/invitations/${TOKEN}`]: () => json(preview) });
    expect(await screen.findByText(text.wrongAccountTitle)).toBeInTheDocument();
    expect(screen.getByText(text.wrongAccount('b***@example.com'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.accept })).toBeNull();
  });

  it.each([
    [410, 'invitation_used', text.usedTitle, companyMessages.invitationUsed],
    [410, 'invitation_expired', text.expiredTitle, companyMessages.invitationExpired],
    [404, 'not_found', text.unknownTitle, companyMessages.invitationNotFound],
  ])('explains a %i %s link', async (status, code, title, message) => {
    renderPage('signed-in', {
      [`GET /api/invitations/${TOKEN}`]: () => apiError(status, code, message),
    });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText(text.askAgain)).toBeInTheDocument();
  });

  it('says so when accepting is refused because the account is in a company (409)', async () => {
    renderPage('signed-in', {
      [`GET /api/invitations/${TOKEN}`]: () => json({ ...preview, forYou: true }),
      [`POST /api/invitations/${TOKEN}/accept`]: () =>
        apiError(409, 'already_in_company', companyMessages.alreadyInCompany),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: text.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(companyMessages.alreadyInCompany);
    expect(screen.getByText(text.inCompanyTitle)).toBeInTheDocument();
  });
});
