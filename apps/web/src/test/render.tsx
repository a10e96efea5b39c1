import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders with a router and a fresh query client as the app makes it, but that does not retry;
 * the client is returned too, for a test that waits on a query's state.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' } = {}) {
  const client = createQueryClient({ retry: false });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
