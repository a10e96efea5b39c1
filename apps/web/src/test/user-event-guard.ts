import type { Options } from '@testing-library/user-event';

/**
 * A test that runs out of time is abandoned, not stopped: its `await userEvent.type(...)` goes on
 * in the background, and once the next test has rendered its form the keys land there (seen
 * under load: an add-product field holding 'WWaetitgahgte'). So every user-event call belongs to
 * the test that made it: user-event pauses between two keys or pointer actions (its `delay`, 0 by
 * default, goes through `advanceTimers`), and at the first pause after that test has ended, the
 * call waits forever instead of going on. setup.ts wires it in for every web test.
 */
let run = 0;
let halted = 0;

/** Called after each test: the user-event calls made so far stop at their next pause. */
export function endUserEvents(): void {
  run += 1;
}

/** How many user-event calls were stopped because their test had ended (for the guard's test). */
export function stoppedUserEvents(): number {
  return halted;
}

/** The options of a user-event call made now, with the pause that stops it after its test. */
export function guarded<T extends Options | undefined>(options: T): Options {
  const mine = run;
  const advance = options?.advanceTimers;
  return {
    ...options,
    advanceTimers: async (ms) => {
      if (mine !== run) {
        halted += 1;
        return new Promise<never>(() => undefined);
      }
      await advance?.(ms);
    },
  };
}
