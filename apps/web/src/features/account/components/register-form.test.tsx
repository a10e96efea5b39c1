import { identityMessages } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  // Toasts live in one store for the whole file.
  toast.remove();
});

/** Sign-up's one answer, for a new address and a taken one alike (finding 8). */
const signedUp = () =>
  json({
    token: null,
    user: {
      id: 'u1',
      email: 'mei@example.com',
      name: 'Mei Lin',
      emailVerified: false,
      image: null,
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
    },
  });

function renderRegister() {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/register" element={<RegisterForm />} />
        <Route path="/login" element={<LoginForm />} />
        <Route path="/dashboard/profile" element={<p>The profile page</p>} />
      </Routes>
      <Toaster />
    </>,
    { route: '/register?from=%2Fdashboard%2Fprofile' },
  );
}

async function register() {
  await userEvent.type(screen.getByLabelText('Name'), 'Mei Lin');
  await userEvent.type(screen.getByLabelText('Email'), 'mei@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-enough-password');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('finding 8: Register signs in after sign-up, which no longer does', () => {
  it('signs in with the same email and password and goes back to the origin page', async () => {
    const fetch = stubApi({
      'POST /api/auth/sign-up/email': signedUp,
      'POST /api/auth/sign-in/email': () => json({ redirect: false, token: 't', user: {} }),
      'GET /api/auth/get-session': () =>
        json({
          session: { id: 's1' },
          user: { id: 'u1', email: 'mei@example.com', name: 'Mei Lin' },
        }),
      'PUT /api/user/mei%40example.com': () => json({ token: 'a.b.c' }),
    });
    renderRegister();
    await register();
    expect(await screen.findByText('The profile page')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('a.b.c');
    const signIn = fetch.mock.calls.find(([url]) => String(url).endsWith('/sign-in/email'));
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({
      email: 'mei@example.com',
      password: 'a-long-enough-password',
    });
  });

  it('ux 2026-11-28 #23: says to confirm the address by mail once signed in', async () => {
    stubApi({
      'POST /api/auth/sign-up/email': signedUp,
      'POST /api/auth/sign-in/email': () => json({ redirect: false, token: 't', user: {} }),
      'GET /api/auth/get-session': () =>
        json({
          session: { id: 's1' },
          user: { id: 'u1', email: 'mei@example.com', name: 'Mei Lin' },
        }),
      'PUT /api/user/mei%40example.com': () => json({ token: 'a.b.c' }),
    });
    renderRegister();
    await register();
    expect(await screen.findByText('The profile page')).toBeInTheDocument();
    expect(
      await screen.findByText(identityMessages.registeredCheckMail('mei@example.com')),
    ).toBeInTheDocument();
    expect(identityMessages.registeredCheckMail('mei@example.com')).toMatch(
      /order and approval mail go only to a confirmed address/i,
    );
  });

  it.each([
    [401, 'Invalid email or password'],
    [403, 'Email not verified'],
  ])(
    'says to check the mail when sign-in is refused with %i (a taken address, or one to confirm)',
    async (status, message) => {
      stubApi({
        'POST /api/auth/sign-up/email': signedUp,
        'POST /api/auth/sign-in/email': () =>
          apiError(status, status === 401 ? 'unauthorized' : 'forbidden', message),
      });
      renderRegister();
      await register();
      // The Login page says it, above its form, until the buyer leaves.
      expect(await screen.findByRole('status')).toHaveTextContent(identityMessages.checkYourMail);
      expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      expect(localStorage.getItem('accessToken')).toBeNull();
    },
  );

  it('shows any other failure of the sign-in as it is', async () => {
    stubApi({
      'POST /api/auth/sign-up/email': signedUp,
      'POST /api/auth/sign-in/email': () =>
        apiError(
          429,
          'rate_limited',
          'Too many attempts. Please wait a few minutes and try again.',
        ),
    });
    renderRegister();
    await register();
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(identityMessages.checkYourMail)).not.toBeInTheDocument();
  });
});
