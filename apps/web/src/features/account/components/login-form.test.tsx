import { identityMessages } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

describe('LoginForm back from Google', () => {
  it('explains an existing account Google may not join yet', async () => {
    renderWithProviders(
      <>
        <LoginForm />
        <Toaster />
      </>,
      { route: '/login?error=google&error=account_not_linked' },
    );
    expect(await screen.findByText(identityMessages.googleNotLinked)).toBeInTheDocument();
  });

  it('says any other failure did not complete', async () => {
    renderWithProviders(
      <>
        <LoginForm />
        <Toaster />
      </>,
      { route: '/login?error=google&error=access_denied' },
    );
    expect(
      await screen.findByText('Google sign-in did not complete. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('LoginForm after Register', () => {
  it('keeps "check your mail" above the form when Register sent the buyer here', async () => {
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MemoryRouter
          initialEntries={[{ pathname: '/login', state: { notice: 'check-your-mail' } }]}
        >
          <LoginForm />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(identityMessages.checkYourMail);
  });

  it('says nothing of the kind on an ordinary visit', () => {
    renderWithProviders(<LoginForm />, { route: '/login' });
    expect(screen.queryByText(identityMessages.checkYourMail)).not.toBeInTheDocument();
  });
});
