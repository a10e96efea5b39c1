import { messages } from '@shop/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NETWORK_FAILURE } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { QueryState } from './query-state';

function Items({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['items'], queryFn: load });
  return (
    <QueryState query={query} what="items" isEmpty={(list) => list.length === 0}>
      {(list) => (
        <ul>
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

const fails = (error: Error) => () => Promise.reject(error);

describe('QueryState', () => {
  it('shows a spinner while loading, then the data', async () => {
    renderWithProviders(<Items load={() => Promise.resolve(['a bolt'])} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading items');
    expect(await screen.findByText('a bolt')).toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    renderWithProviders(<Items load={() => Promise.resolve([])} />);
    expect(await screen.findByText('No items to show yet.')).toBeInTheDocument();
  });

  it('shows the not-found page for a 404, with no Retry', async () => {
    renderWithProviders(
      <Items load={fails(new ApiRequestError(404, 'not_found', 'Order not found'))} />,
    );
    expect(await screen.findByRole('heading', { name: messages.notFound })).toBeInTheDocument();
    expect(screen.queryByText(/check your connection/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows only the permission message for a 403', async () => {
    renderWithProviders(<Items load={fails(new ApiRequestError(403, 'forbidden', 'Forbidden'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noPermission);
    expect(screen.getByRole('alert')).toHaveTextContent(/^You dont have enough permission!$/);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("shows another refusal's own reason, with no Retry", async () => {
    renderWithProviders(
      <Items load={fails(new ApiRequestError(400, 'bad_request', 'That page is not a number'))} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('That page is not a number');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry after a network failure, and Retry loads the data', async () => {
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new ApiRequestError(0, 'network', NETWORK_FAILURE))
      .mockResolvedValueOnce(['a bolt']);
    renderWithProviders(<Items load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loadFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('a bolt')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers Retry after a server failure and says the server's reason", async () => {
    renderWithProviders(
      <Items load={fails(new ApiRequestError(503, 'unavailable', messages.databaseUnavailable))} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loadFailed);
    expect(alert).toHaveTextContent(messages.databaseUnavailable);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('keeps the data shown when a later refetch fails', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockResolvedValueOnce(['a bolt'])
      .mockRejectedValueOnce(new ApiRequestError(404, 'not_found', 'Product not found'));
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Items load={load} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('a bolt')).toBeInTheDocument();
    await client.refetchQueries({ queryKey: ['items'] });
    await waitFor(() => expect(client.getQueryState(['items'])?.status).toBe('error'));
    expect(screen.getByText('a bolt')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.notFound })).not.toBeInTheDocument();
  });
});
