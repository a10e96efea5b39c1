import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server draws a page and while the browser takes that markup over, true after:
 * what may differ between the two (the visitor's time zone and locale) is drawn as the server
 * did first, then in the visitor's own way, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
