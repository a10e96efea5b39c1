import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type * as UserEventModule from '@testing-library/user-event';
import { endUserEvents } from './user-event-guard';

// A test's user-event calls end with the test, before its tree is unmounted, so a test abandoned
// after its time limit cannot type into the next test's form (user-event-guard.ts).
afterEach(() => {
  endUserEvents();
  cleanup();
});

vi.mock('@testing-library/user-event', async (importOriginal) => {
  type Module = typeof UserEventModule;
  const actual = await importOriginal<Module>();
  const { userEvent } = actual;
  const { guarded } = await import('./user-event-guard');
  type Api = Module['userEvent'];
  type Call = (...args: unknown[]) => unknown;
  /** Where each call of the direct API takes its options (as user-event's own directApi.js). */
  const optionsAt: Partial<Record<keyof Api, number>> = {
    click: 1,
    dblClick: 1,
    tripleClick: 1,
    hover: 1,
    unhover: 1,
    keyboard: 1,
    pointer: 1,
    paste: 1,
    copy: 0,
    cut: 0,
    type: 2,
    selectOptions: 2,
    deselectOptions: 2,
    upload: 2,
  };
  const wrapped: Record<string, unknown> = {
    setup: (options?: Parameters<Api['setup']>[0]) => userEvent.setup(guarded(options)),
    // These two take no options: the same call through an instance made for it.
    clear: (element: Element) => userEvent.setup(guarded(undefined)).clear(element),
    tab: (options?: Parameters<Api['tab']>[0]) => userEvent.setup(guarded(undefined)).tab(options),
  };
  for (const [name, at] of Object.entries(optionsAt)) {
    const call = userEvent[name as keyof Api] as Call;
    wrapped[name] = (...args: unknown[]) => {
      const all = [...args];
      all[at] = guarded(all[at] as Parameters<typeof guarded>[0]);
      return call(...all);
    };
  }
  const guardedUserEvent = wrapped as unknown as Api;
  return {
    ...actual,
    default: guardedUserEvent,
    userEvent: guardedUserEvent,
  };
});

// A busy machine (two cores, several suites) renders and answers slower than DOM Testing
// Library's 1 s default for findBy/waitFor; a state that does arrive may take a few seconds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; the toaster asks it whether the user prefers reduced motion. (A test
// of the server's drawing runs in Node: no window at all.)
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}
