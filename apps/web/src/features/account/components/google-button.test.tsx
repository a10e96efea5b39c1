import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from '../../../lib/leave-for';
import { renderWithProviders } from '../../../test/render';
import { GoogleButton } from './google-button';

vi.mock('../../../lib/leave-for', () => ({ leaveFor: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('GoogleButton', () => {
  it('says Google sign-in is not configured when the shop has no Google keys', async () => {
    vi.stubGlobal(
      'fetch',
      answer(404, { error: { code: 'not_found', message: 'Provider not found' } }),
    );
    renderWithProviders(
      <>
        <GoogleButton />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue With Google' }));
    expect(await screen.findByText(messages.googleNotConfigured)).toBeInTheDocument();
  });

  it('asks the shop to come back to /login with the page the user came from', async () => {
    const fetch = answer(200, {
      url: 'https://accounts.google.com/o/oauth2/auth?x=1',
      redirect: true,
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<GoogleButton />, { route: '/login?from=%2Fdashboard%2Fprofile' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue With Google' }));
    await vi.waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'),
    );
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toMatchObject({
      provider: 'google',
      callbackURL: '/login?google=1&from=%2Fdashboard%2Fprofile',
    });
  });
});
