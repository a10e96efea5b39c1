import { messages } from '@shop/shared';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NETWORK_FAILURE } from './api-client';
import * as errorMessage from './error-message';
import { createQueryClient } from './query-client';

// The real toast, watched: whether the app-wide handler asked for one is known the moment it ran.
vi.mock('./error-message', async (importOriginal) => {
  const actual = await importOriginal<typeof errorMessage>();
  return { ...actual, toastError: vi.fn(actual.toastError) };
});

afterEach(() => vi.mocked(errorMessage.toastError).mockClear());

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
    expect(errorMessage.toastError).toHaveBeenCalledExactlyOnceWith(messages.orderAlreadyPaid);
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
    // The mutation cache's handler has run before the mutation shows its error: it asked for no
    // toast (the toast itself comes later, after a dynamic import, so its absence proves nothing).
    expect(errorMessage.toastError).not.toHaveBeenCalled();
    expect(screen.queryByText(messages.orderNotPlaced)).not.toBeInTheDocument();
  });
});
