import {
  companyMessages,
  companyPageMessages as text,
  messages,
  orderLimitMessages,
  type CompanyWithMembers,
  type Invitation,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { CompanyPage } from './company-page';

const confirm = vi.hoisted(() => ({ confirmAction: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../../components/ui/confirm', () => confirm);
const form = vi.hoisted(() => ({ confirmWithFields: vi.fn() }));
vi.mock('../../../components/ui/confirm-form', () => form);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  toast.remove();
});

const ID = '65a1b2c3d4e5f60718293c01';
const company: CompanyWithMembers = {
  _id: ID,
  name: 'Nordic Systems',
  vatId: 'DE123456789',
  billingAddress: 'Postfach 1122\n20001 Hamburg',
  terms: null,
  balance: 0,
  availableCredit: 0,
  onHold: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  members: [
    {
      userId: 'u1',
      name: 'Ada Admin',
      email: 'ada@example.com',
      role: 'admin',
      orderLimit: null,
    },
    {
      userId: 'u2',
      name: 'Bob Buyer',
      email: 'bob@example.com',
      role: 'buyer',
      orderLimit: 2500,
      monthlyLimit: 10_000,
    },
  ],
};
const invitation: Invitation = {
  _id: 'i1',
  email: 'cy@example.com',
  role: 'buyer',
  orderLimit: 500,
  invitedBy: 'Ada Admin',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
};

function renderPage(email: string, routes: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(routes);
  renderWithProviders(
    <>
      <CompanyPage email={email} />
      <Toaster />
    </>,
  );
  return fetch;
}

describe('CompanyPage', () => {
  it('offers a customer in no company to create one, checked by the shared schema', async () => {
    let created = false;
    const fetch = renderPage('ada@example.com', {
      'GET /api/companies/mine': () =>
        created ? json(company) : apiError(404, 'not_found', companyMessages.notInCompany),
      'POST /api/companies': () => {
        created = true;
        return json({ insertedId: ID, company }, 201);
      },
      [`GET /api/companies/${ID}/invitations`]: () => json([]),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: text.create }));
    expect(await screen.findByText(companyMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(companyMessages.billingAddressRequired)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, call]) => call?.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(text.nameLabel), 'Nordic Systems');
    await user.type(screen.getByLabelText(text.billingAddressLabel), 'Postfach 1122');
    await user.click(screen.getByRole('button', { name: text.create }));
    expect(await screen.findByText(text.created('Nordic Systems'))).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Nordic Systems',
      vatId: null,
      billingAddress: 'Postfach 1122',
    });
    // The new company is shown at once, its creator its admin.
    expect(await screen.findByRole('heading', { name: text.membersTitle })).toBeInTheDocument();
  });

  it('shows a 409 already_in_company above the button, keeping what was typed', async () => {
    renderPage('ada@example.com', {
      'GET /api/companies/mine': () => apiError(404, 'not_found', companyMessages.notInCompany),
      'POST /api/companies': () =>
        apiError(409, 'already_in_company', companyMessages.alreadyInCompany),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(text.nameLabel), 'Nordic Systems');
    await user.type(screen.getByLabelText(text.billingAddressLabel), 'Postfach 1122');
    await user.click(screen.getByRole('button', { name: text.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent(companyMessages.alreadyInCompany);
    expect(screen.getByLabelText(text.nameLabel)).toHaveValue('Nordic Systems');
  });

  it('shows a buyer the company and its members, with Leave and nothing to manage', async () => {
    renderPage('bob@example.com', { 'GET /api/companies/mine': () => json(company) });
    const members = await screen.findByRole('region', { name: text.membersLabel });
    const bob = within(members).getByRole('row', { name: /Bob Buyer/ });
    expect(bob).toHaveTextContent('$2,500');
    expect(within(bob).getByRole('button', { name: text.leave })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.changeLabel('Ada Admin') })).toBeNull();
    expect(screen.queryByRole('button', { name: text.removeLabel('Ada Admin') })).toBeNull();
    expect(screen.queryByRole('button', { name: text.edit })).toBeNull();
    expect(screen.queryByRole('heading', { name: text.inviteTitle })).toBeNull();
  });

  it('security 2026-11-28 #7: shows each buyer’s monthly limit, and a company admin changes it in the member dialog', async () => {
    type Field = { name: string; value?: string };
    type Validate = (
      values: Record<string, string>,
    ) => { ok: true; value: unknown } | { ok: false; errors: Record<string, string> };
    const seen: { fields?: Field[]; bad?: ReturnType<Validate> } = {};
    form.confirmWithFields.mockImplementation(
      (options: { fields: Field[]; validate: Validate }) => {
        seen.fields = options.fields;
        // The dialog checks what is typed with the shared schema, as the server does.
        seen.bad = options.validate({ role: 'buyer', orderLimit: '2500', monthlyLimit: '1.0015' });
        const good = options.validate({
          role: 'buyer',
          orderLimit: '2500',
          monthlyLimit: '450.50',
        });
        return Promise.resolve(good.ok ? good.value : undefined);
      },
    );
    const fetch = renderPage('ada@example.com', {
      'GET /api/companies/mine': () => json(company),
      [`GET /api/companies/${ID}/invitations`]: () => json([]),
      [`PATCH /api/companies/${ID}/members/u2`]: () =>
        json({
          modifiedCount: 1,
          member: { ...company.members[1], monthlyLimit: 450.5 },
        }),
    });
    const user = userEvent.setup();
    const members = await screen.findByRole('region', { name: text.membersLabel });
    expect(
      within(members).getByRole('columnheader', { name: text.columns.monthlyLimit }),
    ).toBeInTheDocument();
    const bob = within(members).getByRole('row', { name: /Bob Buyer/ });
    expect(bob).toHaveTextContent('$10,000');
    // An admin's limits are not used: they approve.
    const ada = within(members).getByRole('row', { name: /Ada Admin/ });
    expect(ada).toHaveTextContent(text.adminLimitNote);

    await user.click(within(bob).getByRole('button', { name: text.changeLabel('Bob Buyer') }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, call]) => call?.method === 'PATCH')).toBe(true),
    );
    expect(seen.fields).toContainEqual(
      expect.objectContaining({
        name: 'monthlyLimit',
        label: text.monthlyLimitLabel,
        value: '10000',
      }),
    );
    expect(seen.bad).toEqual({
      ok: false,
      errors: { monthlyLimit: 'Monthly limit can have at most 2 decimals' },
    });
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      role: 'buyer',
      orderLimit: 2500,
      monthlyLimit: 450.5,
    });
    expect(await screen.findByText(text.memberChanged('Bob Buyer'))).toBeInTheDocument();
  });

  it('lets a company admin invite, see and revoke invitations', async () => {
    const fetch = renderPage('ada@example.com', {
      'GET /api/companies/mine': () => json(company),
      [`GET /api/companies/${ID}/invitations`]: () => json([invitation]),
      [`POST /api/companies/${ID}/invitations`]: () => json({ insertedId: 'i2', invitation }, 201),
      [`DELETE /api/companies/${ID}/invitations/i1`]: () => json({ deletedCount: 1 }),
    });
    const user = userEvent.setup();
    const pending = await screen.findByRole('region', { name: text.invitationsLabel });
    expect(within(pending).getByRole('row', { name: /cy@example.com/ })).toHaveTextContent('$500');

    const invite = screen.getByRole('region', { name: text.inviteTitle });
    await user.type(within(invite).getByLabelText(text.inviteEmailLabel), 'dee@example.com');
    await user.type(within(invite).getByLabelText(text.orderLimitLabel), '1500.50');
    await user.click(within(invite).getByRole('button', { name: text.invite }));
    expect(await screen.findByText(text.invited('dee@example.com'))).toBeInTheDocument();
    const post = fetch.mock.calls.find(
      ([url, call]) => call?.method === 'POST' && String(url).endsWith('/invitations'),
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      email: 'dee@example.com',
      role: 'buyer',
      orderLimit: 1500.5,
    });

    await user.click(screen.getByRole('button', { name: text.revokeLabel('cy@example.com') }));
    expect(confirm.confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({ text: text.revokeText('cy@example.com') }),
    );
    expect(await screen.findByText(text.revoked('cy@example.com'))).toBeInTheDocument();
  });

  it('security 2026-11-28 #5: tells an admin who has not confirmed their email why they cannot invite, and offers the mail', async () => {
    const fetch = renderPage('ada@example.com', {
      'GET /api/companies/mine': () => json(company),
      [`GET /api/companies/${ID}/invitations`]: () => json([]),
      [`POST /api/companies/${ID}/invitations`]: () =>
        apiError(403, 'email_not_confirmed', companyMessages.inviteNeedsConfirmedEmail),
      'POST /api/auth/send-verification-email': () => json({ status: true }),
    });
    const user = userEvent.setup();
    const invite = await screen.findByRole('region', { name: text.inviteTitle });
    await user.type(within(invite).getByLabelText(text.inviteEmailLabel), 'dee@example.com');
    await user.click(within(invite).getByRole('button', { name: text.invite }));
    // The shop's reason, read out (an alert), not the permission message of other 403s.
    const notice = await within(invite).findByRole('alert');
    expect(notice).toHaveTextContent(companyMessages.inviteNeedsConfirmedEmail);
    expect(within(invite).queryByText(messages.noPermission)).toBeNull();
    await user.click(
      within(notice).getByRole('button', { name: orderLimitMessages.resendConfirmation }),
    );
    expect(
      await within(notice).findByText(orderLimitMessages.confirmationSent('ada@example.com')),
    ).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/send-verification-email'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ email: 'ada@example.com' });
    // What was typed stays, for once the address is confirmed.
    expect(within(invite).getByLabelText(text.inviteEmailLabel)).toHaveValue('dee@example.com');
  });

  it('says why the last admin cannot leave (409 last_company_admin), in the server’s words', async () => {
    renderPage('ada@example.com', {
      'GET /api/companies/mine': () => json(company),
      [`GET /api/companies/${ID}/invitations`]: () => json([]),
      [`DELETE /api/companies/${ID}/members/u1`]: () =>
        apiError(409, 'last_company_admin', companyMessages.lastCompanyAdmin),
    });
    const user = userEvent.setup();
    const members = await screen.findByRole('region', { name: text.membersLabel });
    await user.click(
      within(within(members).getByRole('row', { name: /Ada Admin/ })).getByRole('button', {
        name: text.leave,
      }),
    );
    await waitFor(() =>
      expect(screen.getByText(companyMessages.lastCompanyAdmin)).toBeInTheDocument(),
    );
    expect(screen.getByText(text.noInvitations)).toBeInTheDocument();
  });
});
