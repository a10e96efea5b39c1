import { useEffect } from 'react';

/** The running sync's stop, so LogOut can stop it before it empties the list. */
let stopRunning: (() => void) | null = null;

/** Stops keeping the order list in step with the server (LogOut calls it first). */
export function stopOrderListSync(): void {
  stopRunning?.();
  stopRunning = null;
}

/**
 * While a customer is signed in, their order list is kept on the server (order-list-sync.ts,
 * loaded only then: the home page's bundle stays without it).
 */
export function useOrderListSync(userId: string | null): void {
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    void import('../order-list-sync').then(({ startOrderListSync }) => {
      if (cancelled) return;
      stopOrderListSync();
      stopRunning = startOrderListSync();
    });
    return () => {
      cancelled = true;
      stopOrderListSync();
    };
  }, [userId]);
}
