import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endUserEvents, stoppedUserEvents } from './user-event-guard';

describe('user-event calls end with their test (setup.ts, user-event-guard.ts)', () => {
  it('stops typing at the next pause once the test that started it has ended', async () => {
    render(<input aria-label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    // Each pause of the typing (between two keys) waits here until the test lets it go on.
    const gates: (() => void)[] = [];
    void userEvent.type(input, 'abcdef', {
      advanceTimers: () => new Promise<void>((go) => gates.push(go)),
    });
    const nextPause = () => waitFor(() => expect(gates).toHaveLength(1));
    await nextPause();
    while ((input as HTMLInputElement).value !== 'ab') {
      gates.shift()!();
      await nextPause();
    }

    // As when a test runs out of time: it has ended, and its typing is let go on.
    const stopped = stoppedUserEvents();
    endUserEvents();
    gates.shift()!();
    await waitFor(() => expect(stoppedUserEvents()).toBe(stopped + 1));
    // The key in flight lands; none after it.
    expect(input).toHaveValue('abc');
    expect(gates).toHaveLength(0);
  });

  it('leaves a test free to use user-event after the one before it was stopped', async () => {
    render(<input aria-label="Name" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'whole');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('whole');
  });
});
