import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { signInMethodsQuery } from '../api/get-sign-in-methods';
import { AuthCard } from './auth-card';

afterEach(() => vi.unstubAllGlobals());

describe("ux 2026-11-28 #22: 'Continue With Google' only when the shop has Google's keys", () => {
  it('shows no button when the server says Google is not configured', async () => {
    stubApi({ 'GET /api/sign-in-methods': () => json({ google: false }) });
    const client = createQueryClient({ retry: false });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AuthCard title="Login">
            <p>The form</p>
          </AuthCard>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // Nothing appears once the answer is in.
    await vi.waitFor(() =>
      expect(client.getQueryState(signInMethodsQuery().queryKey)?.status).toBe('success'),
    );
    expect(screen.getByText('The form')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue With Google' })).toBeNull();
    expect(screen.queryByText('OR')).toBeNull();
  });

  it('shows the button when it is', async () => {
    stubApi({ 'GET /api/sign-in-methods': () => json({ google: true }) });
    renderWithProviders(
      <AuthCard title="Login">
        <p>The form</p>
      </AuthCard>,
    );
    expect(await screen.findByRole('button', { name: 'Continue With Google' })).toBeVisible();
  });
});
