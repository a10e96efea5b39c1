import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
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
    expect(await screen.findByText(messages.googleNotLinked)).toBeInTheDocument();
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
