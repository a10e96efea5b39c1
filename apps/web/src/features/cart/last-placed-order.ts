/*
 * The order this tab's buyer placed last (issue 22, defect 10): Back from the payment page lands
 * on the checkout, whose list has just been emptied, and it points to that order instead of only
 * saying the list is empty, so nobody places it twice. Session storage: this tab, until it closes;
 * per user, so another account signed in here never sees it.
 */

const KEY = 'last-placed-order';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPlacedOrder(email: string, orderId: string): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ email, orderId }));
  } catch {
    // Refused: the checkout then only says the list is empty.
  }
}

/** The id of the order `email` placed last in this tab, if any. */
export function lastPlacedOrder(email: string): string | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(KEY) ?? 'null');
    if (value === null || typeof value !== 'object') return null;
    const entry = value as { email?: unknown; orderId?: unknown };
    return entry.email === email && typeof entry.orderId === 'string' ? entry.orderId : null;
  } catch {
    return null;
  }
}
