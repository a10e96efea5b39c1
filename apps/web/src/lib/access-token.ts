/**
 * The API access token, kept where the spec keeps it (localStorage `accessToken`), as a small
 * store that React can subscribe to: signing in or out in one tab updates every tab.
 */
const KEY = 'accessToken';
const listeners = new Set<() => void>();
/** Another tab signed out (removed the token) since this tab last signed in. */
let endedElsewhere = false;

/** Whether this tab's session ended because another tab signed out (a reason to say so). */
export function sessionEndedElsewhere(): boolean {
  return endedElsewhere;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  endedElsewhere = false;
  localStorage.setItem(KEY, token);
  notify();
}

export function clearAccessToken(): void {
  try {
    if (localStorage.getItem(KEY) === null) return;
    localStorage.removeItem(KEY);
  } catch {
    return;
  }
  notify();
}

export function subscribeToAccessToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY && event.key !== null) return;
    if (event.oldValue !== null && event.newValue === null) endedElsewhere = true;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
