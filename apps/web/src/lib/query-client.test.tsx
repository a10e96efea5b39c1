import { messages } from '@shop/shared';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, NETWORK_FAILURE } from './api-client';
import { createQueryClient } from './query-client';

function Action({ error, ownErrorMessage }: { error: unknown; ownErrorMessage?: boolean }) {
  const action = useMutation({
    mutationFn: () => Promise.reject(error),
    ...(ownErrorMessage && { meta: { ownErrorMessage } }),
  });
  return (
    <>
      <button type="button" onClick={() => action.mutate()}>
        Act
      </button>
      {action.isError && <p>settled</p>}
    </>
  );
}

function renderAction(error: unknown, ownErrorMessage?: boolean) {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <Action error={error} ownErrorMessage={ownErrorMessage} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('a failed mutation', () => {
  it("is toasted with the server's reason", async () => {
    renderAction(new ApiRequestError(409, 'conflict', messages.orderAlreadyPaid));
    await userEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText(messages.orderAlreadyPaid)).toBeInTheDocument();
  });

  it("is toasted with the spec's permission message when refused", async () => {
    renderAction(new ApiRequestError(403, 'forbidden', 'Forbidden'));
    await userEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText(messages.noPermission)).toBeInTheDocument();
  });

  it('is toasted as a network failure when offline (fetch throws a TypeError)', async () => {
    renderAction(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText(NETWORK_FAILURE)).toBeInTheDocument();
  });

  it('is not toasted when its component shows the error itself', async () => {
    // react-hot-toast's store outlives a test: this message is one no other test raises.
    renderAction(new ApiRequestError(409, 'conflict', messages.orderNotPlaced), true);
    await userEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText('settled')).toBeInTheDocument();
    // The toast is raised after a dynamic import: give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(messages.orderNotPlaced)).not.toBeInTheDocument();
  });
});
