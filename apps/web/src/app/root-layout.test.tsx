import { ORDER_LIST_STORAGE_KEY, type User } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { json, stubApi } from '../test/api-mock';
import { RootLayout } from './root-layout';

const EMAIL = 'buyer@example.com';
/** An API token as the server issues it; the web app only reads its email. */
const TOKEN = `header.${btoa(JSON.stringify({ email: EMAIL })).replace(/=+$/, '')}.signature`;

const user: User = {
  _id: '65a1b2c3d4e5f60718293a01',
  email: EMAIL,
  uid: 'identity-1',
  displayName: 'Shared Computer Buyer',
  providerId: 'Email & Password',
  role: 'user',
  location: null,
  education: null,
  phone: null,
  linkedin: null,
  company: null,
  vatNumber: null,
  shippingAddress: null,
};

function renderLayout() {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'login', element: <h1>Login</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  // The layout's ScrollRestoration scrolls, which jsdom does not do.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('finding 14: LogOut forgets the order list', () => {
  it('empties the stored order list, so the next person at this computer does not see it', async () => {
    localStorage.setItem('accessToken', TOKEN);
    localStorage.setItem(
      ORDER_LIST_STORAGE_KEY,
      JSON.stringify([{ productId: '65a1b2c3d4e5f60718293a00', quantity: 50, name: 'ATX Case' }]),
    );
    const signOut = vi.fn(() => json({ success: true }));
    stubApi({
      [`GET /api/user/${encodeURIComponent(EMAIL)}`]: () => json(user),
      'POST /api/auth/sign-out': signOut,
    });
    const router = renderLayout();
    expect(screen.getByRole('link', { name: 'Order list, 1 item' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'LogOut' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(signOut).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ORDER_LIST_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Order list, 0 items' })).toBeInTheDocument();
  });
});
