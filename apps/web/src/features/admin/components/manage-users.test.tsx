import { confirmMessages, messages, TOTAL_COUNT_HEADER, type User } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ManageUsers } from './manage-users';

const saved = vi.hoisted(() => ({ saveFile: vi.fn<(blob: Blob, name: string) => void>() }));
vi.mock('../../../lib/save-file', () => saved);

const confirm = vi.hoisted(() => ({ confirmAction: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../../components/ui/confirm', () => confirm);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  toast.remove();
});

function makeUser(overrides: Partial<User>): User {
  return {
    _id: '65a1b2c3d4e5f60718293b01',
    email: 'ada@example.com',
    uid: null,
    displayName: 'Ada Customer',
    providerId: 'Email & Password',
    role: 'user',
    location: null,
    education: null,
    phone: null,
    linkedin: null,
    company: null,
    vatNumber: null,
    shippingAddress: null,
    ...overrides,
  };
}

const me = makeUser({
  _id: '65a1b2c3d4e5f60718293b00',
  email: 'boss@example.com',
  displayName: 'Boss Admin',
  role: 'admin',
});
const customer = makeUser({});
const otherAdmin = makeUser({
  _id: '65a1b2c3d4e5f60718293b02',
  email: 'grace@example.com',
  displayName: 'Grace Admin',
  role: 'admin',
});

function renderPage() {
  renderWithProviders(
    <>
      <ManageUsers me={me} />
      <Toaster />
    </>,
  );
}

const rowOf = async (email: string) =>
  (await screen.findAllByRole('row')).find((row) => row.textContent?.includes(email))!;

describe('ManageUsers', () => {
  it('explains in visible text why an admin cannot remove their own role', async () => {
    stubApi({ 'GET /api/users?page=1&limit=25': () => json([me, customer]) });
    renderPage();
    const mine = within(await rowOf(me.email)).getByRole('button', {
      name: `Remove Admin: ${me.displayName}`,
    });
    expect(mine).toBeDisabled();
    expect(mine).toHaveAccessibleDescription(messages.cannotDemoteSelf);
    expect(screen.getByText(messages.cannotDemoteSelf)).toBeVisible();
    // Only the signed-in admin's own row carries the explanation.
    expect(screen.getAllByText(messages.cannotDemoteSelf)).toHaveLength(1);
  });

  it('shows a user id by its ends, the whole id behind a button', async () => {
    stubApi({ 'GET /api/users?page=1&limit=25': () => json([customer]) });
    renderPage();
    const row = within(await rowOf(customer.email));
    expect(row.getByText('65a1b2…293b01')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Show the whole user ID' }));
    expect(row.getByText(customer._id)).toBeInTheDocument();
  });

  it('asks before Make Admin, naming the user; Cancel changes nothing', async () => {
    const promote = vi.fn(() => json({ modifiedCount: 1 }));
    stubApi({
      'GET /api/users?page=1&limit=25': () => json([me, customer]),
      [`PUT /api/user/admin/${encodeURIComponent(customer.email)}`]: promote,
    });
    renderPage();
    const button = within(await rowOf(customer.email)).getByRole('button', {
      name: `Make Admin: ${customer.displayName}`,
    });

    confirm.confirmAction.mockResolvedValueOnce(false);
    await userEvent.click(button);
    expect(confirm.confirmAction).toHaveBeenCalledWith({
      title: confirmMessages.makeAdminTitle,
      text: confirmMessages.makeAdminText(customer.displayName, customer.email),
      confirmText: confirmMessages.makeAdminConfirm,
    });
    expect(promote).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(await screen.findByText(`${customer.displayName} is now an admin.`)).toBeInTheDocument();
    expect(promote).toHaveBeenCalledTimes(1);
  });

  it('asks before Remove Admin, naming the user; Cancel changes nothing', async () => {
    const demote = vi.fn(() => json({ modifiedCount: 1 }));
    stubApi({
      'GET /api/users?page=1&limit=25': () => json([me, otherAdmin]),
      [`PUT /api/user/user/${encodeURIComponent(otherAdmin.email)}`]: demote,
    });
    renderPage();
    const button = within(await rowOf(otherAdmin.email)).getByRole('button', {
      name: `Remove Admin: ${otherAdmin.displayName}`,
    });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription(messages.cannotDemoteSelf);

    confirm.confirmAction.mockResolvedValueOnce(false);
    await userEvent.click(button);
    expect(confirm.confirmAction).toHaveBeenCalledWith({
      title: confirmMessages.removeAdminTitle,
      text: confirmMessages.removeAdminText(otherAdmin.displayName, otherAdmin.email),
      confirmText: confirmMessages.removeAdminConfirm,
      tone: 'danger',
    });
    expect(demote).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(
      await screen.findByText(`${otherAdmin.displayName} is now a regular user.`),
    ).toBeInTheDocument();
    expect(demote).toHaveBeenCalledTimes(1);
  });

  it('searches by name or email and exports the matching users as CSV', async () => {
    const withTotal = (users: User[], total: number) => {
      const response = json(users);
      response.headers.set(TOTAL_COUNT_HEADER, String(total));
      return response;
    };
    stubApi({
      'GET /api/users?page=1&limit=25': () => withTotal([me, customer], 2),
      'GET /api/users?q=ada&page=1&limit=25': () => withTotal([customer], 1),
      'GET /api/users?q=ada&page=1&limit=100': () => withTotal([customer], 1),
    });
    renderPage();
    expect(await screen.findByText('2 users')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'ada' },
    });
    expect(await screen.findByText('1 user')).toBeInTheDocument();
    expect(screen.queryByText(me.email)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = saved.saveFile.mock.lastCall!;
    expect(name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    // blob.text() reads the BOM as the mark it is (the bytes are checked in manage-orders-list).
    expect(await blob.text()).toBe(
      `UserID,Name,Email,Role\r\n${customer._id},Ada Customer,ada@example.com,user\r\n`,
    );
  });
});
