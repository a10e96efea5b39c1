/*
 * The order this tab's buyer placed last through Order Now, per product (ux 2026-11-28 #10):
 * Back from its payment page lands on the same Order Now page, which then shows it as placed,
 * and sending the same filled form again reuses its idempotency key, so the server answers that
 * order instead of placing a second identical one. Session storage: this tab, until it closes;
 * per user, so another account signed in here never sees it.
 */

const PREFIX = 'last-order-now:';

export interface OrderNowPlaced {
  orderId: string;
  /** The Idempotency-Key it was placed with, and the form's values it was placed from. */
  key: string;
  fingerprint: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberOrderNow(email: string, productId: string, placed: OrderNowPlaced): void {
  try {
    storage()?.setItem(`${PREFIX}${productId}`, JSON.stringify({ email, ...placed }));
  } catch {
    // Refused: the page then does not point to it.
  }
}

/** What `email` placed last through this product's Order Now in this tab, if anything. */
export function lastOrderNow(email: string, productId: string): OrderNowPlaced | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(`${PREFIX}${productId}`) ?? 'null');
    if (value === null || typeof value !== 'object') return null;
    const entry = value as Partial<Record<'email' | keyof OrderNowPlaced, unknown>>;
    return entry.email === email &&
      typeof entry.orderId === 'string' &&
      typeof entry.key === 'string' &&
      typeof entry.fingerprint === 'string'
      ? { orderId: entry.orderId, key: entry.key, fingerprint: entry.fingerprint }
      : null;
  } catch {
    return null;
  }
}
